-- Inns & Cathedrals: inns on roads, cathedrals in cities, the large follower.
--
-- Scoring (rows "Road with inn(s)" and "City with cathedral(s)" of the final
-- scoring table, applied in the per_tile stage so that everything after it --
-- Mage, Witch, little buildings -- sees the changed value):
--   completed road with an inn:       +1 point per tile (2 per tile)
--   completed city with a cathedral:  +1 per tile and +1 per coat of arms (3/3)
--   either still open at the end:     0 points (rates set to 0)
-- A feature holding several inns (or cathedrals) counts the bonus once: the
-- handler runs once per scoring whatever the number of such segments.
-- The tile layouts below are this project's own data, not a copy of the art.

local x = expansion {
  name = "inns_cathedrals",
  requires = {},
  options = { large_follower = true },
}

-- 17 types, 18 tiles (the cathedral twice). Ports clockwise:
-- Nl N Nr El E Er Sl S Sr Wl W Wr.
x:tiles("inns_cathedrals", [[
IC_CATHEDRAL     2 city:N,E,S,W+cathedral
IC_INN_STRAIGHT  1 road:N,S+inn field:Nr,E,Sl field:Sr,W,Nl
IC_INN_CURVE     1 road:S,W+inn field:N,E,Sl,Wr field:Sr,Wl
IC_INN_JUNCTION  1 road:E road:S road:W+inn field:N,El,Wr field:Er,Sl field:Sr,Wl
IC_INN_CITY      1 city:N road:E,W+inn field:El,Wr field:Er,S,Wl
IC_INN_CORNER    1 city:N,W+arms road:E,S+inn field:El,Sr field:Er,Sl
IC_INN_CROSS     1 road:N road:E road:S road:W+inn field:Nr,El field:Er,Sl field:Sr,Wl field:Wr,Nl
IC_INN_BEND      1 city:N,W road:E,S+inn field:El,Sr field:Er,Sl
IC_MONASTERY_RD  1 monastery road:E,W field:N,El,Wr field:Er,S,Wl
IC_MONASTERY_CT  1 monastery city:N field:E,S,W
IC_TWO_CAPS_RD   1 city:N city:S road:E,W field:El,Wr field:Er,Wl
IC_CITY_BRIDGE   1 city:N,S road:E road:W field:El field:Er field:Wl field:Wr
IC_CITY3_ROAD    1 city:N,E,S road:W field:Wl field:Wr
IC_CORNER_CURVE  1 city:N,E road:S,W field:Sl,Wr field:Sr,Wl
IC_SIDE_ROAD     1 city:W road:N,S field:Nr,E,Sl field:Sr,Nl
IC_GATEWAY       1 city:E,W+arms road:N road:S field:Nl field:Nr field:Sl field:Sr
IC_TWO_CURVES    1 road:N,E road:S,W field:Nr,El field:Sr,Wl field:Er,Sl,Wr,Nl
]])

if x.options.large_follower then
  -- Counts as two followers when majorities are decided; one per player.
  x:figure {
    name = "large_follower",
    strength = 2,
    per_player = 1,
    placement = "follower",
    kinds = { "road", "city", "field", "monastery" },
  }
end

-- Inn: completed road 2 points per tile; open road at the end 0 points.
x:handler {
  name = "inn",
  priority = 320,
  kinds = { "road" },
  attr = "inn",
  reasons = { "completed", "final" },
  describe = {
    ["road completed"] = "Road with inn(s): +1 point / tile (inns do not stack)",
    ["road final"] = "Road with inn(s): x0 points / tile (an uncompleted road with an inn scores nothing so far)",
  },
  -- in C, no Lua call: completed +1 per tile; at the end 0
  completed = { add = { unit_rate = 1 } },
  final = { set = { unit_rate = 0, symbol_rate = 0 } },
}

-- Cathedral: completed city 3 per tile and 3 per coat of arms; open city at
-- the end 0 points.
x:handler {
  name = "cathedral",
  priority = 320,
  kinds = { "city" },
  attr = "cathedral",
  reasons = { "completed", "final" },
  describe = {
    ["city completed"] = "City with cathedral(s): +1 point / tile, +1 point / coat of arms (cathedrals do not stack)",
    ["city final"] = "City with cathedral(s): x0 points / tile and / coat of arms "
      .. "(an uncompleted city with a cathedral scores nothing so far)",
  },
  -- in C, no Lua call: completed +1 per tile and per coat of arms; at the end 0
  completed = { add = { unit_rate = 1, symbol_rate = 1 } },
  final = { set = { unit_rate = 0, symbol_rate = 0 } },
}

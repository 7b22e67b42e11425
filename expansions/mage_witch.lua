-- Mage & Witch: two neutral figures that stand on roads and cities.
--
-- Eight tiles carry a magic gate (tile attribute "gate"). When a player
-- places one, he must put the Mage or the Witch on an unfinished road or
-- city (the engine offers and checks the move: placement = "neutral",
-- moved_by_tile_attr, incomplete_only). The two never share a feature
-- (exclusive_with); both return to the table's supply once the feature they
-- stand on has been scored.
--
-- Scoring, in the order of the final scoring table (after inns/cathedrals,
-- before little buildings):
--   mage  (410): +1 point per tile of the feature's original count, also on
--                an open inn road or cathedral city at the end, whose base
--                value has already dropped to 0;
--   witch (420): the feature's value is halved, rounded up.
-- The tile layouts below are this project's own data, not a copy of the art.

local x = expansion {
  name = "mage_witch",
  requires = {},
  options = {},
}

x:tiles("mage_witch", [[
MW_CITY_ROAD   1 city:N road:E,W field:El,Wr field:Er,S,Wl @gate
MW_CITY_CORNER 1 city:N,E+arms field:S,W @gate
MW_STRAIGHT    1 road:N,S field:Nr,E,Sl field:Sr,W,Nl @gate
MW_CURVE       1 road:S,W field:N,E,Sl,Wr field:Sr,Wl @gate
MW_CITY3_ROAD  1 city:N,E,W road:S field:Sl field:Sr @gate
MW_CITY_BAND   1 city:E,W field:N field:S @gate
MW_MONASTERY   1 monastery road:S field:N,E,Sl,Sr,W @gate
MW_CITY_CROSS  1 city:N road:E road:S road:W field:El,Wr field:Er,Sl field:Sr,Wl @gate
]])

-- Neutral figures: nobody owns them, so they add no strength; they do not
-- occupy, so followers may still join the feature they stand on.
x:figure {
  name = "mage",
  strength = 0,
  per_player = 1,
  occupies = false,
  placement = "neutral",
  kinds = { "road", "city" },
  moved_by_tile_attr = "gate",
  incomplete_only = true,
}
x:figure {
  name = "witch",
  strength = 0,
  per_player = 1,
  occupies = false,
  placement = "neutral",
  kinds = { "road", "city" },
  moved_by_tile_attr = "gate",
  exclusive_with = "mage",
  incomplete_only = true,
}

-- Mage: +1 point per tile (the count before any change).
x:handler {
  name = "mage",
  priority = 410,
  kinds = { "road", "city" },
  figure = "mage",
  reasons = { "completed", "final" },
  describe = {
    road = "Road with Mage: +1 point / tile (also on an uncompleted road with an inn)",
    city = "City with Mage: +1 point / tile (also on an uncompleted city with a cathedral)",
  },
  add = { total = "count_original" }, -- ctx.total = ctx.total + ctx.count_original, in C
}

-- Witch: half the points gathered so far, rounded up. For integers,
-- ceil(t / 2) == (t + 1) // 2, negative values included.
x:handler {
  name = "witch",
  priority = 420,
  kinds = { "road", "city" },
  figure = "witch",
  reasons = { "completed", "final" },
  describe = {
    road = "Road with Witch: 1/2 points (rounded up) of all the rows above",
    city = "City with Witch: 1/2 points (rounded up) of all the rows above",
  },
  halve = "total", -- ctx.total = (ctx.total + 1) // 2, in C
}

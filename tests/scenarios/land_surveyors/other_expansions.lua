-- The Land Surveyors with Inns & Cathedrals, Mage & Witch and the ghosts
-- plugin: the numbered examples of the rules' "Other expansions" section
-- (2-12; 1 needs the Abbey & Mayor, which this project does not have),
-- rebuilt with the same numbers.
-- Start tile D at (0,0): city cap N, road W-E. A (monastery, road S) r1 =
-- road W, r3 = road E; E (city cap N) r1 = cap E, r2 = cap S, r3 = cap W;
-- G (city N-S) r1 = city W-E; F = city W-E with arms; U r1 = road W-E.
-- Community priorities: jury 150, highway/bad neighbourhood 210, per-tile
-- tiles 310, inn/cathedral 320, base.total 400, Mage 410, Witch 420,
-- Wealth/Poverty 530.
-- luacheck: read globals case scenario

local CATHEDRAL = "city:N,E,S,W+cathedral"
local INN = "road:E,W+inn field:Wr,N,El field:Er,S,Wl"
local FARMHOUSE = "road:E,W field:Wr,N,El field:Er,S,Wl @farmhouse"
local MONASTERY_CITY = "monastery city:N field:E,S,W"

local function ls(opts)
  local o = { shuffle = false, farmhouse_tiles = "" }
  for k, v in pairs(opts) do o[k] = v end
  return scenario { players = 2, rules = {
    expansions = { "inns_cathedrals", "mage_witch", "land_surveyors" },
    options = { land_surveyors = o } } }
end

local function place_all(s, list)
  for _, t in ipairs(list) do s:place(t[1], t[2], t[3], t[4]) end
end

case("Ex. 2: Bad Neighborhood with a cathedral, (6 - 4) * 3 = 6", function()
  -- Cathedral (0,-1) with caps D(0,0), E(-1,-1), E(0,-2), E(2,-1) and the
  -- band G(1,-1): 6 tiles, 4 hold only a semicircular segment. Red stands on
  -- the start tile's cap and still has the majority.
  local s = ls { active_city = "bad_neighborhood" }
  s:follower(1, 0, 0, "city")
  place_all(s, { { CATHEDRAL, 0, -1, 0 }, { "E", -1, -1, 1 }, { "E", 0, -2, 2 }, { "G", 1, -1, 1 },
                 { "E", 2, -1, 3 } })
  s:end_turn()
  s:expect_scores { 6, 0 }
end)

case("Ex. 3: Bad Neighborhood and 2 ghosts, (2 - 2) * 2 - 2 * 2 = -4", function()
  -- E at (0,-1) r2 closes the start tile's cap: a city of 2 tiles, both
  -- semicircular, so it is worth 0; red's follower and 2 ghosts stand on it.
  -- Red first scores a Highway road (5), so his score can pay for the -4;
  -- that scoring turns the stacks, Citizens' Jury to Bad Neighborhood.
  local s = scenario { players = 2, rules = { expansions = { "land_surveyors", "ghosts" },
    options = { land_surveyors = { shuffle = false, farmhouse_tiles = "", active_road = "highway",
                                   active_city = "citizens_jury" } } } }
  s:follower(1, 0, 0, "road")
  place_all(s, { { "A", -1, 0, 3 }, { "A", 1, 0, 1 } })
  s:end_turn()
  s:expect_scores { 5, 0 }
  s:follower(1, 0, 0, "city")
  s:figure("ghost", 1, 0, 0, "city")
  s:figure("ghost", 1, 0, 0, "city")
  s:place("E", 0, -1, 2)
  s:end_turn()
  s:expect_change("land_surveyors.bad_neighborhood", "count", 0)
  s:expect_change("ghosts.penalty", "award", -4)
  s:expect_scores { 1, 0 }
end)

case("Citizens' Jury: a ghost is no follower, its owner does not score", function()
  -- "Any player who has at least 1 meeple in the city scores": blue has only
  -- a ghost in the city of 2 tiles, red a follower.
  local s = scenario { players = 2, rules = { expansions = { "land_surveyors", "ghosts" },
    options = { land_surveyors = { shuffle = false, farmhouse_tiles = "", active_city = "citizens_jury" } } } }
  s:follower(1, 0, 0, "city")
  s:place("E", 0, -1, 2)
  s:figure("ghost", 2, 0, -1, "city")
  s:end_turn()
  s:expect_scores { 4, 0 }
end)

case("Ex. 4: Bad Neighborhood and the Mage, (5 - 3 + 1) * 2 + 5 = 11", function()
  -- Q(0,-1) r2 (arms) joins D's cap; G(1,-1), caps E(-1,-1) and E(2,-1).
  -- 5 tiles, 3 semicircular ones. The Mage stands on a semicircular segment
  -- and still adds 1 per tile of the whole city (count_original 5).
  local s = ls { active_city = "bad_neighborhood" }
  place_all(s, { { "Q", 0, -1, 2 }, { "G", 1, -1, 1 } })
  s:follower(1, 1, -1, "city")
  s:place("E", -1, -1, 1)
  s:figure("mage", nil, -1, -1, "city")
  s:place("E", 2, -1, 3)
  s:end_turn()
  s:expect_scores { 11, 0 }
  s:expect_change("mage_witch.mage", "total", 11)
end)

case("Ex. 5: Siege with a cathedral, 6 * 3 + 1 * 4 = 22", function()
  -- As Ex. 2 but F (arms) at (1,-1): Siege makes arms 3, the cathedral 4.
  local s = ls { active_city = "siege" }
  s:follower(1, 0, 0, "city")
  place_all(s, { { CATHEDRAL, 0, -1, 0 }, { "E", -1, -1, 1 }, { "E", 0, -2, 2 }, { "F", 1, -1, 0 },
                 { "E", 2, -1, 3 } })
  s:end_turn()
  s:expect_scores { 22, 0 }
end)

-- Red's 3-tile road A(-1,0) D(0,0) A(1,0); blue's 7-tile road on row 1 from
-- A(-3,1) to A(3,1), with the inn tile at (0,1) if `inn`. `before` runs
-- before the last tile of each road is placed (to put the Mage or Witch).
local function two_roads(s, inn, red_extra, blue_extra)
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  if red_extra then s:figure(red_extra, nil, 0, 0, "road") end
  s:place("A", 1, 0, 1)
  s:place("U", -1, 1, 1)
  if inn then s:place(INN, 0, 1, 0) else s:place("U", 0, 1, 1) end
  s:follower(2, 0, 1, "road")
  if blue_extra then s:figure(blue_extra, nil, 0, 1, "road") end
  place_all(s, { { "U", 1, 1, 1 }, { "U", -2, 1, 1 }, { "U", 2, 1, 1 }, { "A", -3, 1, 3 },
                 { "A", 3, 1, 1 } })
  s:end_turn()
end

case("Ex. 6: Street Fair with an inn, 3 * 2 = 6 and 7 * (2 + 1) = 21", function()
  local s = ls { active_road = "street_fair" }
  two_roads(s, true)
  s:expect_scores { 6, 21 }
end)

case("Ex. 7: Highway with an inn, 5 * 1 = 5 and 5 * 2 = 10", function()
  local s = ls { active_road = "highway" }
  two_roads(s, true)
  s:expect_scores { 5, 10 }
end)

case("Ex. 8: Highway with the Witch 3 (5 / 2 rounded up) and the Mage 12 (5 + 7)", function()
  local s = ls { active_road = "highway" }
  two_roads(s, false, "witch", "mage")
  s:expect_scores { 3, 12 }
end)

-- A(-2,0) FH(-1,0) D(0,0) FH(1,0) x(2,0) A(3,0): 6 tiles, 2 with a farmhouse.
local function farm_road(s, at2, figure, figure_x)
  s:follower(1, 0, 0, "road")
  place_all(s, { { FARMHOUSE, -1, 0, 0 }, { FARMHOUSE, 1, 0, 0 }, { at2, 2, 0, at2 == "U" and 1 or 0 },
                 { "A", -2, 0, 3 } })
  if figure then s:figure(figure, nil, figure_x, 0, "road") end
  s:place("A", 3, 0, 1)
  s:end_turn()
end

case("Ex. 9: Peasant Uprising with an inn, 6 * 2 - 2 = 10", function()
  local s = ls { active_road = "peasant_uprising" }
  farm_road(s, INN)
  s:expect_scores { 10, 0 }
end)

case("Ex. 10: Peasant Uprising and the Mage on a farmhouse tile, (6 - 2) + 6 = 10", function()
  local s = ls { active_road = "peasant_uprising" }
  farm_road(s, "U", "mage", 1)
  s:expect_scores { 10, 0 }
end)

case("Ex. 11: Peasant Uprising, an inn and the Witch, (6 * 2 - 2) / 2 = 5", function()
  local s = ls { active_road = "peasant_uprising" }
  farm_road(s, INN, "witch", 2)
  s:expect_scores { 5, 0 }
  s:expect_change("mage_witch.witch", "total", 5)
end)

case("Ex. 12: Hermit Monastery, the monastery tile shows a city, 9 - 5 = 4", function()
  -- Monastery with a city cap at (0,-1) r2 (cap S, joined to D's cap: a
  -- 2-tile city nobody holds). Area x -1..1, y -2..0; city on the monastery
  -- tile, D(0,0), E(-1,-1), E(1,-1), E(0,-2): 5 of 9.
  local s = ls { active_monastery = "hermit_monastery" }
  s:place(MONASTERY_CITY, 0, -1, 2)
  s:follower(1, 0, -1, "monastery")
  place_all(s, { { "U", -1, 0, 1 }, { "U", 1, 0, 1 }, { "E", -1, -1, 3 }, { "E", 1, -1, 1 },
                 { "E", 0, -2, 0 }, { "V", -1, -2, 1 }, { "V", 1, -2, 2 } })
  s:end_turn()
  s:expect_scores { 4, 0 }
end)

case("Large followers change nothing under the Citizens' Jury: 6 and 6", function()
  -- City D(0,0) cap, N(0,-1) r3 (city S and W), cap E(-1,-1) r1: 3 tiles * 2.
  -- Red's large follower (strength 2) on D, blue's follower on the west cap,
  -- placed before N joins the two: both have strength 1 under the jury.
  local s = ls { active_city = "citizens_jury" }
  s:figure("large_follower", 1, 0, 0, "city")
  s:place("U", -1, 0, 1)
  s:place("E", -1, -1, 1)
  s:follower(2, -1, -1, "city")
  s:place("N", 0, -1, 3)
  s:end_turn()
  s:expect_scores { 6, 6 }
end)

-- The section's words on Hills & Sheep's vineyards: a vineyard gives its
-- bonus as usual under the Hermit Monastery and the Pilgrimage Route, whose
-- per-tile change does not touch it. Monastery B at (0,1); A at (-1,0) and
-- (1,0) close D's road; the other five squares around B as each case says.
local function vineyard_game(active)
  return scenario { players = 2, rules = { expansions = { "land_surveyors", "vineyards" },
    options = { land_surveyors = { shuffle = false, farmhouse_tiles = "", active_monastery = active } } } }
end

local function around_monastery(s, below)
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  place_all(s, { { "A", -1, 0, 3 }, { "A", 1, 0, 1 }, { "B", -1, 1, 0 }, { "B", 1, 1, 0 } })
  place_all(s, below)
  s:end_turn()
end

case("vineyards: Pilgrimage Route and a vineyard on a road tile, 9 + 6 road tiles + 3 = 18", function()
  local s = vineyard_game("pilgrimage_route")
  around_monastery(s, { { "A", -1, 2, 3 }, { "VY_VINEYARD_ROAD", 0, 2, 0 }, { "A", 1, 2, 1 } })
  s:expect_scores { 18, 0 }
end)

case("vineyards: Hermit Monastery and a vineyard on a city tile, 9 - 2 city tiles + 3 = 10", function()
  local s = vineyard_game("hermit_monastery")
  around_monastery(s, { { "B", -1, 2, 0 }, { "city:S field:N,E,W @vineyard", 0, 2, 0 }, { "B", 1, 2, 0 } })
  s:expect_scores { 10, 0 }
end)

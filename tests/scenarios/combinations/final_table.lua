-- The final-scoring table's rows met together, with all five expansions:
-- each block of the table, read top to bottom, is the pipeline's order
-- (inn/cathedral 320, Mage 410, Witch 420, little buildings 510,
-- signposts 520, Wealth/Poverty 530), and the Land Surveyors' community
-- rules put their tiles against the same rows. Each case joins rows that
-- no single expansion's scenarios meet together.
-- Start tile D at (0,0): city cap N, road W-E. A (monastery, road S) r1 =
-- road W, r3 = road E; U r1 = road W-E; E (city cap N) r2 = cap S;
-- N (city W,N) r3 = city N,E; SP01 = a signposts land tile, road W-E,
-- its signposts right for a road that continues both ways.
-- luacheck: read globals case scenario

local CATHEDRAL = "city:N,E,S,W+cathedral"
local INN = "road:E,W+inn field:Wr,N,El field:Er,S,Wl"
local FARMHOUSE = "road:E,W field:Wr,N,El field:Er,S,Wl @farmhouse"
local ALL = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts" }

-- All five; the Land Surveyors' stacks unshuffled (their default active
-- tiles unless named) and no farmhouses printed on the base tiles.
local function game(surveyors, buildings)
  local o = { shuffle = false, farmhouse_tiles = "" }
  for k, v in pairs(surveyors or {}) do o[k] = v end
  local options = { land_surveyors = o, little_buildings = buildings }
  return scenario { rules = { expansions = ALL, options = options }, players = 2 }
end

-- City block at the end: cathedral x0, then the Mage's +1 a tile (he
-- counts tiles, not the cathedral's rate), then the building.
case("at the end, an open cathedral city with the Mage and a tower: 0 + 2 + 1", function()
  local s = game()
  s:follower(1, 0, 0, "city")
  s:place(CATHEDRAL, 0, -1, 0)
  s:figure("mage", nil, 0, -1, "city")
  s:token(1, "tower", 0, -1)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 3, 0 }
  s:expect_change("inns_cathedrals.cathedral", "unit_rate", 0)
  s:expect_change("mage_witch.mage", "total", 2)
end)

case("the same with the buildings' values variant: the tower is worth 3", function()
  local s = game(nil, { variant = "values" })
  s:follower(1, 0, 0, "city")
  s:place(CATHEDRAL, 0, -1, 0)
  s:figure("mage", nil, 0, -1, "city")
  s:token(1, "tower", 0, -1)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 5, 0 }
end)

-- Road block at the end: inn x0, Mage +1 a tile (A, D, SP01, the inn),
-- the house +1, the signpost 1 at the end.
case("at the end, an open inn road with the Mage, a house and a signpost: 0 + 4 + 1 + 1", function()
  local s = game()
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place(INN, 2, 0, 0)
  s:figure("mage", nil, 2, 0, "road")
  s:token(1, "house", 0, 0)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 6, 0 }
  s:expect_change("mage_witch.mage", "total", 4)
end)

-- The Witch halves (rounding up) before the building and the signpost add.
case("at the end, an open road of 5 tiles with the Witch, a house and a signpost: 3 + 1 + 1", function()
  local s = game()
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place("U", 2, 0, 1)
  s:place("U", 3, 0, 1)
  s:figure("witch", nil, 3, 0, "road")
  s:token(1, "house", 0, 0)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 5, 0 }
  s:expect_change("mage_witch.witch", "total", 3)
end)

-- Completed: inn 2 a tile on 6 tiles = 12, Mage +6, house +1, signpost
-- +1 (one type of signpost on the board), Wealth +3 last.
case("a completed inn road with the Mage, a house, a signpost and Wealth: 12 + 6 + 1 + 1 + 3", function()
  local s = game { active_road = "wealth" }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place(INN, 2, 0, 0)
  s:figure("mage", nil, 2, 0, "road")
  s:token(1, "house", 0, 0)
  s:place("U", 3, 0, 1)
  s:place("A", 4, 0, 1)
  s:end_turn()
  s:expect_scores { 23, 0 }
  s:expect_change("mage_witch.mage", "total", 18)
end)

-- Poverty counts with the other feature bonuses, after the Witch: 5 tiles
-- halved to 3, the house +1, Poverty -3.
case("a completed road under Poverty with the Witch and a house: 3 + 1 - 3", function()
  local s = game { wealth_stack = "monastery", active_road = "poverty" }
  s:follower(1, 0, 0, "road")
  s:place("U", -1, 0, 1)
  s:place("U", 1, 0, 1)
  s:figure("witch", nil, 1, 0, "road")
  s:token(1, "house", 0, 0)
  s:place("A", -2, 0, 3)
  s:place("A", 2, 0, 1)
  s:end_turn()
  s:expect_scores { 1, 0 }
end)

case("Poverty can take a road's score below 0: a 2-tile road scores 2 - 3", function()
  local s = game { wealth_stack = "monastery", active_road = "poverty" }
  s:place("A", 0, 1, 0)
  s:follower(1, 0, 1, "road")
  s:place("A", 0, 2, 2)
  s:end_turn()
  s:expect_scores { -1, 0 }
end)

-- The rules: a little building on a semicircular city's tile, or on a
-- farmhouse's, is scored as usual.
-- D's cap and E's cap (turned 2, cap S): both tiles semicircular, 0 left.
case("Bad Neighborhood leaves out the semicircular tiles, not the house on one: 0 + 1", function()
  local s = game { active_city = "bad_neighborhood" }
  s:follower(1, 0, 0, "city")
  s:token(1, "house", 0, 0)
  s:place("E", 0, -1, 2)
  s:end_turn()
  s:expect_scores { 1, 0 }
  s:expect_change("land_surveyors.bad_neighborhood", "count", 0)
end)

case("Peasant Uprising takes 1 a farmhouse, not the house on one: 5 - 2 + 1", function()
  local s = game { active_road = "peasant_uprising" }
  s:follower(1, 0, 0, "road")
  s:place(FARMHOUSE, -1, 0, 0)
  s:place(FARMHOUSE, 1, 0, 0)
  s:token(1, "house", 1, 0)
  s:place("A", -2, 0, 3)
  s:place("A", 2, 0, 1)
  s:end_turn()
  s:expect_scores { 4, 0 }
end)

case("Highway scores 5 whatever the length, the house adds its point after: 5 + 1", function()
  local s = game { active_road = "highway" }
  s:follower(1, 0, 0, "road")
  s:token(1, "house", 0, 0)
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores { 6, 0 }
end)

case("Street Fair doubles a completed road, the Witch halves the double: 3 x 2 / 2", function()
  local s = game { active_road = "street_fair" }
  s:follower(1, 0, 0, "road")
  s:figure("witch", nil, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores { 3, 0 }
  s:expect_change("mage_witch.witch", "total", 3)
end)

-- The jury lets both players score; the Mage's +1 a tile goes to each.
-- N turned 3 (city S,W) at (0,-1) joins D's cap and E's cap (turned 1,
-- cap E) at (-1,-1): a city of 3 tiles, 3 x 2 + 3.
case("Citizens' Jury and the Mage: both players score 3 x 2 + 3", function()
  local s = game { active_city = "citizens_jury" }
  s:figure("large_follower", 1, 0, 0, "city")
  s:figure("mage", nil, 0, 0, "city")
  s:place("U", -1, 0, 1)
  s:place("E", -1, -1, 1)
  s:follower(2, -1, -1, "city")
  s:place("N", 0, -1, 3)
  s:end_turn()
  s:expect_scores { 9, 9 }
end)

-- The Land Surveyors' tiles do not act at the end: with the jury on top,
-- an open city still goes to the majority. Red's large follower (strength
-- 2) on D against blue's follower on E; "city:N,S,W" at (0,-1) joins them
-- and leaves its north edge open: 3 tiles, 1 each, to red alone.
case("at the end, Citizens' Jury on top: the open city goes to the majority only", function()
  local s = game { active_city = "citizens_jury" }
  s:figure("large_follower", 1, 0, 0, "city")
  s:place("U", -1, 0, 1)
  s:place("E", -1, -1, 1)
  s:follower(2, -1, -1, "city")
  s:place("city:N,S,W field:E", 0, -1, 0)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 3, 0 }
end)

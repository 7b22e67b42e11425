-- The Land Surveyors on a map (the demo map, maps/demo.map; its picture and
-- tile letters are in tests/scenarios/maps/maps.lua): the readings this
-- project takes where the two texts meet, each with the other reading's
-- points under the option that selects it (docs/expansions/land_surveyors.md,
-- "On a map").
-- luacheck: read globals case scenario

local F = "field:N,E,S,W"

local function game(surveyors)
  local o = { shuffle = false, farmhouse_tiles = "" }
  for k, v in pairs(surveyors) do o[k] = v end
  return scenario { players = 2, rules = { expansions = { "maps", "land_surveyors" },
                                           options = { land_surveyors = o } } }
end

local function path(s, squares)
  for _, sq in ipairs(squares) do s:place(F, sq[1], sq[2], 0) end
end

-- The board of the maps' Example 3: a city of 2 tiles ending in Kronland,
-- the city abroad with 2 coats of arms: 3 tiles + 2 x 2 = 10 without a
-- scoring tile.
local function city_abroad(s)
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 }, { 7, 3 }, { 7, 2 } })
  s:place("E", 7, 1, 0)
  s:place("G", 7, 0, 0)
  s:follower(1, 7, 0, "city")
  s:end_turn()
end

-- The board of the maps' Example 2: a road of 3 tiles ending in Nordmark,
-- the road abroad with 2 coats of arms: 4 segments + 2 x 2 = 8.
local function road_abroad(s)
  path(s, { { 5, 4 }, { 4, 4 }, { 3, 4 }, { 3, 5 } })
  s:place("A", 2, 5, 1)
  s:place("U", 1, 5, 1)
  s:place("U", 0, 5, 1)
  s:follower(1, 0, 5, "road")
  s:end_turn()
end

case("Bad Neighborhood: the printed city abroad is a semicircular piece, (3 - 2) x 2 + 2 x 2 = 6", function()
  -- Printed pieces "are scored as normal tiles" (Maps), so the Bad
  -- Neighborhood drops Kronland's piece, which touches one edge, as it drops
  -- E at (7,1). (Not dropping it would give (3 - 1) x 2 + 4 = 8.)
  local s = game { active_city = "bad_neighborhood" }
  city_abroad(s)
  s:expect_change("land_surveyors.bad_neighborhood", "count", 1)
  s:expect_scores { 6, 0 }
end)

case("bad_neighborhood_printed = false: Kronland's piece stays, (3 - 1) x 2 + 2 x 2 = 8", function()
  local s = game { active_city = "bad_neighborhood", bad_neighborhood_printed = false }
  city_abroad(s)
  s:expect_change("land_surveyors.bad_neighborhood", "count", 2)
  s:expect_scores { 8, 0 }
end)

case("bad_neighborhood_arms = false: Kronland's coats of arms drop with its piece, (3 - 2) x 2 + 0 = 2", function()
  local s = game { active_city = "bad_neighborhood", bad_neighborhood_arms = false }
  city_abroad(s)
  s:expect_change("land_surveyors.bad_neighborhood", "count", 1)
  s:expect_change("land_surveyors.bad_neighborhood", "symbols", 0)
  s:expect_scores { 2, 0 }
end)

case("bad_neighborhood_arms = false with the piece kept (printed = false): its arms stay, 8", function()
  local s = game { active_city = "bad_neighborhood", bad_neighborhood_printed = false, bad_neighborhood_arms = false }
  city_abroad(s)
  s:expect_change("land_surveyors.bad_neighborhood", "count", 2)
  s:expect_scores { 8, 0 }
end)

case("Street Fair doubles the road's tiles, not its coats of arms: 4 x 2 + 2 x 2 = 12", function()
  -- The community's note on the Street Fair: it doubles the basic value per
  -- road tile. (Doubling the coats of arms too would give 16.)
  local s = game { active_road = "street_fair" }
  road_abroad(s)
  s:expect_scores { 12, 0 }
end)

case("street_fair_arms: the coats of arms double too, 4 x 2 + 2 x 2 x 2 = 16", function()
  local s = game { active_road = "street_fair", street_fair_arms = true }
  road_abroad(s)
  s:expect_change("land_surveyors.street_fair", "symbol_rate", 4)
  s:expect_scores { 16, 0 }
end)

case("Highway counts 5 tiles and keeps the coats of arms: 5 + 2 x 2 = 9", function()
  -- The community's note on the Highway: it changes the tile count. (Five
  -- points in all would give 5.)
  local s = game { active_road = "highway" }
  road_abroad(s)
  s:expect_change("land_surveyors.highway", "count", 5)
  s:expect_scores { 9, 0 }
end)

case("highway_arms = false: 5 points in all, the coats of arms add nothing", function()
  local s = game { active_road = "highway", highway_arms = false }
  road_abroad(s)
  s:expect_change("land_surveyors.highway_arms", "symbol_rate", 0)
  s:expect_scores { 5, 0 }
end)

case("off a map both options change nothing: a 3-tile road, Street Fair 6, Highway 5", function()
  for _, o in ipairs { { "street_fair", 6 }, { "highway", 5 } } do
    local s = scenario { players = 2, rules = { expansions = { "land_surveyors" }, options = { land_surveyors = {
      shuffle = false, farmhouse_tiles = "", active_road = o[1], street_fair_arms = true, highway_arms = false } } } }
    s:follower(1, 0, 0, "road")
    s:place("A", -1, 0, 3)
    s:place("A", 1, 0, 1)
    s:end_turn()
    s:expect_scores { o[2], 0 }
  end
end)

-- A monastery at (2,0), Altburg's squares (2,1) and (3,1) below it, fields
-- at (3,0), (1,1) and (1,0): its area holds 6 squares with a tile or
-- Altburg (the map's edge cuts the rest away), and it is complete.
local function monastery_by_altburg(s)
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)
  s:place("B", 2, 0, 0)
  s:follower(1, 2, 0, "monastery")
  path(s, { { 3, 0 }, { 1, 1 }, { 1, 0 } })
  s:end_turn()
end

case("Hermit Monastery beside Altburg: its printed squares are city tiles, 6 - 2 = 4", function()
  -- A monastery at (2,0), Altburg's squares (2,1) and (3,1) below it: the
  -- publisher's clarification counts large-city squares for a monastery, so
  -- they count for the Hermit Monastery's penalty too. Its area holds 6
  -- squares with a tile or Altburg (the map's edge cuts the rest away).
  local s = game { active_monastery = "hermit_monastery" }
  monastery_by_altburg(s)
  s:expect_scores { 4, 0 }
end)

case("monastery_printed = false: Altburg's squares score for the monastery, not for the Hermit: 6", function()
  local s = game { active_monastery = "hermit_monastery", monastery_printed = false }
  monastery_by_altburg(s)
  s:expect_scores { 6, 0 } -- the handler runs and takes 0 (it records no change)
end)

case("Pilgrimage Route beside Altburg: its road edge at (3,1) counts, 6 + 1 = 7; placed tiles only: 6", function()
  -- Altburg's square (3,1) has a printed road edge (east); the fields
  -- placed around show no road.
  for _, o in ipairs { { true, 7 }, { false, 6 } } do
    local s = game { active_monastery = "pilgrimage_route", monastery_printed = o[1] }
    monastery_by_altburg(s)
    s:expect_scores { o[2], 0 }
  end
end)

-- A large city's coats of arms belong to the whole city: the Bad
-- Neighborhood does not drop them with the square they are kept on (the
-- west square of maps/duo.map, which shows the city on one edge). E's cap
-- closes the city from the north; the cap and the west square drop:
-- (3 - 2) x 2 + 2 x 2 = 6 whatever bad_neighborhood_arms says (it gave 2
-- with the option off, and 6 on the mirror-image map whose arms lay on the
-- square kept).
for _, keep_arms in ipairs { true, false } do
  case("a large city's arms stay with bad_neighborhood_arms = " .. tostring(keep_arms), function()
    local s = scenario { players = 2, rules = { expansions = { "maps", "land_surveyors" }, options = {
      maps = { map = "maps/duo.map" },
      land_surveyors = { shuffle = false, farmhouse_tiles = "", active_city = "bad_neighborhood",
                         bad_neighborhood_arms = keep_arms } } } }
    s:place("E", 2, 0, 2)
    s:follower(1, 2, 0, "city")
    s:end_turn()
    s:expect_change("land_surveyors.bad_neighborhood", "count", 1)
    s:expect_scores { 6, 0 }
  end)
end

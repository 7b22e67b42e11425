-- Statements of the Maps rules text that no worked example shows, each with
-- its points derived by hand on the demo map (picture and tile letters in
-- tests/scenarios/maps/maps.lua): monasteries on the border and beside the
-- sea, highlights, printed pieces at final scoring, large cities' roads and
-- farms, and town variant 3 at the end.

local F = "field:N,E,S,W"

local function map_game(options, players)
  return scenario{ rules = { expansions = { "maps" }, options = { maps = options or {} } }, players = players or 2 }
end

local function path(s, squares)
  for _, sq in ipairs(squares) do s:place(F, sq[1], sq[2], 0) end
end

-- A monastery counts the squares that take a tile: a highlight is none.
case("monastery beside a Nordic highlight: complete with its 7 land squares = 8", function()
  local s = map_game()
  path(s, { {5,4}, {6,4}, {7,4}, {7,3} })
  s:place("B", 7, 2, 0)
  s:follower(1, 7, 2, "monastery")
  path(s, { {8,3}, {8,2}, {8,1}, {7,1}, {6,1} })
  s:end_turn()
  s:expect_scores{ 0, 0 }
  s:place("A", 6, 3, 1)
  s:end_turn()
  s:expect_scores{ 8, 0 }
end)

-- Nor are the waves; the ferry route is no square of its area.
case("monastery at a ferry end beside the waves: 1 + 3 tiles = 4", function()
  local s = map_game()
  path(s, { {5,4} })
  s:place("A", 5, 5, 0)
  s:place("A", 5, 7, 2)
  s:follower(1, 5, 7, "monastery")
  path(s, { {4,5}, {4,6}, {4,7} })
  s:end_turn()
  s:expect_scores{ 0, 0 }
  path(s, { {6,7} })
  s:end_turn()
  s:expect_scores{ 4, 0 }
end)

-- A monastery on the border: a segment abroad is no square of its area.
case("monastery beside a road abroad: abroad segment not counted: 1 + 4 = 5; road 2 + 2x2 = 6", function()
  local s = map_game()
  path(s, { {5,4}, {4,4}, {3,4}, {2,4}, {1,4}, {0,4}, {1,5} })
  s:place("A", 0, 5, 1)
  s:follower(1, 0, 5, "monastery")
  s:follower(2, 0, 5, "road")
  s:end_turn()
  s:expect_scores{ 0, 6 }
  path(s, { {1,6} })
  s:end_turn()
  s:expect_scores{ 5, 6 }
end)

-- At the end a large city's squares count as tiles around a monastery.
case("open monastery beside Altburg at the end: 1 + 1 tile + 2 large-city squares = 4", function()
  local s = map_game()
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)
  s:place("B", 2, 0, 0)
  s:follower(1, 2, 0, "monastery")
  path(s, { {3,0} })
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 4, 0 }
end)

-- An open city scores 1 a tile and 1 a coat of arms at the end, a large city too.
case("open Altburg at the end: 5 tiles + 4 arms = 9", function()
  local s = map_game()
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)
  s:follower(1, 4, 2, "city")
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 9, 0 }
end)

-- A large city's printed road edge leads a road out of it.
case("a road from Altburg's road edge: large-city square + 1 tile = 2, no city arms", function()
  local s = map_game()
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)
  s:place("A", 4, 1, 1)
  s:follower(1, 4, 1, "road")
  s:end_turn()
  s:expect_scores{ 2, 0 }
end)

-- A highlight closes every feature on its side.
case("a road into a highlight is closed there: 3", function()
  local s = map_game()
  s:place("A", 4, 3, 3)
  s:place("V", 6, 3, 1)
  s:follower(1, 5, 3, "road")
  s:end_turn()
  s:expect_scores{ 3, 0 }
end)

-- So does the neutral border.
case("a road against the neutral border (south edge of the map) is closed: 1", function()
  local s = map_game()
  path(s, { {5,4}, {4,4}, {4,5}, {4,6} })
  s:place("A", 4, 7, 0)
  s:follower(1, 4, 7, "road")
  s:end_turn()
  s:expect_scores{ 1, 0 }
end)

-- Printed pieces at final scoring: a ferry route with its coats of arms.
case("an open ferry road at the end: 1 tile + route + 2 arms x 1 = 4", function()
  local s = map_game()
  path(s, { {5,4} })
  s:place("A", 5, 5, 0)
  s:follower(1, 5, 5, "road")
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 4, 0 }
end)

-- ... and a city abroad.
case("an open city abroad at the end: 1 tile + abroad + 2 arms = 4", function()
  local s = map_game()
  path(s, { {5,4}, {6,4}, {7,4}, {7,3}, {7,2}, {8,2}, {8,1}, {8,0} })
  s:place("G", 7, 0, 0)
  s:follower(1, 7, 0, "city")
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 4, 0 }
end)

-- A farm counts a completed large city as it counts any completed city.
case("a farm beside completed Altburg: 3 at the end", function()
  local s = map_game()
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)
  s:place("U", 3, 3, 1)
  s:place("D", 2, 3, 0)
  s:follower(1, 2, 3, 2)
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 3, 0 }
end)

-- A large city's corner square shows a field on its two outer edges
-- (docs/expansions/maps.md, "Readings"): by default one field round the
-- corner, so the squares north of Altburg's corner (2,1) and west of it are
-- one farm through it; with city_fields = "apart" two farms.
local function farmers_round_the_corner(city_fields)
  local s = map_game{ city_fields = city_fields }
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)                 -- connects Altburg: the squares around it open
  s:place(F, 2, 0, 0)
  s:follower(1, 2, 0, 0)
  s:place(F, 1, 1, 0)
  return s
end

case("a farm runs round a large city's corner square: one farm north and west of it", function()
  local s = farmers_round_the_corner(nil)
  s:expect_error(function() s:follower(2, 1, 1, 0) end, "already occupied")
end)

case("city_fields = apart: the fields north and west of the corner are two farms", function()
  local s = farmers_round_the_corner("apart")
  s:follower(2, 1, 1, 0)
  s:end_turn()
  local west = s:game():tile_at(1, 1):segments()[1]:feature():figures()
  local north = s:game():tile_at(2, 0):segments()[1]:feature():figures()
  assert(#west == 1 and west[1].owner == 2, "blue's farmer alone on the west farm")
  assert(#north == 1 and north[1].owner == 1, "red's farmer alone on the north farm")
  s:final_scoring()
  s:expect_scores{ 0, 0 }               -- Altburg is open: no farm scores
end)

case("city_fields takes around or apart", function()
  local ok, err = pcall(map_game, { city_fields = "both" })
  assert(not ok and err:find('maps: option city_fields is "around" or "apart", not "both"', 1, true), err)
end)

-- Town variant 3 applies at final scoring as well.
case("town variant 3 at the end: open road beside Lindau", function()
  local s = map_game{ town_bonus = true }
  path(s, { {5,4} })
  s:place("A", 5, 5, 0)
  s:follower(1, 5, 5, "road")
  s:end_turn()
  s:final_scoring()
  -- 1 tile + route + 2 arms + 2 towns x 2 = 8
  s:expect_scores{ 8, 0 }
end)

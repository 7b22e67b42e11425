-- The Signposts on a map: a signpost pointing at a ferry route. The demo map
-- (maps/demo.map; its picture and tile letters are in
-- tests/scenarios/maps/maps.lua) has a straight ferry, (5,5)S - (5,7)N over
-- the waves with 2 coats of arms; the shore map (tests/scenarios/maps/shore.map,
-- its picture in shore.lua) a bent one, (1,2)E - (3,1)S, no arms. Option
-- ferry_next_tile (docs/expansions/signposts.md, "Readings chosen"): by
-- default the route is the road's next tile and leaves where its far end
-- meets a square; off, a ferry route is no tile and its signpost is not
-- correct.
-- luacheck: read globals case scenario

local F = "field:N,E,S,W"

local function demo_game(ferry_next_tile)
  return scenario { players = 2, rules = { expansions = { "maps", "signposts" },
                                           options = { signposts = { ferry_next_tile = ferry_next_tile } } } }
end

local function shore_game(ferry_next_tile)
  return scenario { players = 2, rules = { expansions = { "maps", "signposts" },
                                           options = { maps = { map = "shore" },
                                                       signposts = { ferry_next_tile = ferry_next_tile } } } }
end

-- SP05 turned 3 at (5,5): its road runs east into A at (6,5), where the road
-- ends (its left signpost: not correct whatever the reading), and south onto
-- the ferry (its straight signpost). The road: SP05, the ferry (1), A at
-- (6,5) and A at (5,7): 3 tiles + 1 + 2 arms x 2 = 8.
local function demo_road(s)
  s:place(F, 5, 4, 0)
  s:place("SP05", 5, 5, 3)
  s:follower(1, 5, 5, "road")
  s:place("A", 6, 5, 1)
  s:place("A", 5, 7, 2)
  s:end_turn()
end

case("a straight signpost over a straight ferry route is correct: 8 + 1", function()
  local s = demo_game(nil) -- the default
  demo_road(s)
  -- one correct signpost of one type: 1 x 1
  s:expect_scores { 9, 0 }
  s:expect_change("signposts.bonus", "total", 9)
end)

case("ferry_next_tile = false: a ferry route is no tile, the signpost not correct: 8 + 0", function()
  local s = demo_game(false)
  demo_road(s)
  s:expect_scores { 8, 0 }
end)

-- On the shore map the start tile D lies on (0,1): city north, road east-west.
-- A (a monastery, its road south) turned 3 at (0,2) sends its road east to
-- (1,2); the tile there sends it east onto the ferry, which comes out of (3,1)
-- through its south edge, heading north; A at (3,1) (road south) ends it.
-- The road: A, the signpost tile, the ferry, A = 3 tiles + 1 = 4.
local function shore_road(s, tile)
  s:place("A", 0, 2, 3)
  s:place(tile, 1, 2, 0)
  s:follower(1, 1, 2, "road")
  s:place("A", 3, 1, 0)
  s:end_turn()
end

case("a left signpost over a ferry route that turns left is correct: 4 + 1", function()
  -- SP01: road east-west, its left signpost at the east end (heading east,
  -- the route leaves heading north: a left turn); its straight one at the
  -- west end points into A, where the road ends
  local s = shore_game(nil)
  shore_road(s, "SP01")
  s:expect_scores { 5, 0 }
end)

case("ferry_next_tile = false: the same left signpost is not correct: 4 + 0", function()
  local s = shore_game(false)
  shore_road(s, "SP01")
  s:expect_scores { 4, 0 }
end)

case("a right signpost over a ferry route that turns left is not correct: 4 + 0", function()
  -- SP02: its right signpost at the east end (a right turn would leave
  -- heading south), its left one at the west end, into A
  local s = shore_game(nil)
  shore_road(s, "SP02")
  s:expect_scores { 4, 0 }
end)

case("at the end, the route's far square need not hold a tile: 1 point for the signpost", function()
  -- the road open at the ferry's far end: A, SP01 and the ferry, 3 points,
  -- and at the end 1 per correct signpost, whatever the types
  for _, reading in ipairs { { nil, 4 }, { false, 3 } } do
    local s = shore_game(reading[1])
    s:place("A", 0, 2, 3)
    s:place("SP01", 1, 2, 0)
    s:follower(1, 1, 2, "road")
    s:end_turn()
    s:expect_scores { 0, 0 }
    s:final_scoring()
    s:expect_scores { reading[2], 0 }
  end
end)

case("a signpost pointing at a road abroad is not correct in either reading: 4 + 0", function()
  -- SP05 at (3,7): its road runs south onto Sudland's printed road abroad
  -- (1 coat of arms; its left signpost) and west into the sea (its straight
  -- one), which closes it: SP05 + the segment abroad = 2 tiles, + 1 arms x 2
  for _, reading in ipairs { true, false } do
    local s = demo_game(reading)
    for _, sq in ipairs { { 5, 4 }, { 4, 4 }, { 4, 5 }, { 4, 6 }, { 3, 6 } } do s:place(F, sq[1], sq[2], 0) end
    s:place("SP05", 3, 7, 0)
    s:follower(1, 3, 7, "road")
    s:end_turn()
    s:expect_scores { 4, 0 }
  end
end)

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

-- Shore map, the bent route seen from its island end: SP06 at (3,1) turned 0
-- has its road south onto the route (its right signpost: heading south, the
-- route comes out of (1,2) heading west, a right turn) and west into A at
-- (2,1) (its left one: the road ends there). The road: A (0,2), SP01 (1,2),
-- the route, SP06, A (2,1) = 4 tiles + 1 = 5. SP01's left signpost holds as
-- in the cases above: 2 correct signposts of 2 types, 2 x 2.
case("both ends of a bent route: a left and a right signpost, 5 + 4; off, 5 + 0", function()
  for _, reading in ipairs { { nil, 9 }, { false, 5 } } do
    local s = shore_game(reading[1])
    s:place("A", 0, 2, 3)
    s:place("SP01", 1, 2, 0)
    s:follower(1, 1, 2, "road")
    s:place("SP06", 3, 1, 0)
    s:place("A", 2, 1, 3)
    s:end_turn()
    s:expect_scores { reading[2], 0 }
  end
end)

case("a straight signpost over a route that turns is not correct: 4 + 0 in both readings", function()
  -- SP03 turned 0 at (1,2): its straight signpost at the east end points
  -- onto the route, which comes out heading north, not east; its right one,
  -- at the west end, into A, where the road ends
  for _, reading in ipairs { true, false } do
    local s = shore_game(reading)
    s:place("A", 0, 2, 3)
    s:place("SP03", 1, 2, 0)
    s:follower(1, 1, 2, "road")
    s:place("A", 3, 1, 0)
    s:end_turn()
    s:expect_scores { 4, 0 }
  end
end)

-- Demo map: A (4,3) turned 3, the start tile D (5,3), U (6,3) and SP03 (7,3)
-- make a road east to U (8,3), whose road runs into the sea at (9,3): A, D,
-- U, SP03, U = 5 tiles, completed. SP03's straight signpost points east into
-- U (8,3), whose road goes straight on, onto the sea; its right one, west
-- into U (6,3), which does not turn.
local function road_to_the_sea(s)
  s:place("A", 4, 3, 3)
  s:place("U", 6, 3, 1)
  s:place("SP03", 7, 3, 0)
  s:follower(1, 7, 3, "road")
  s:place("U", 8, 3, 1)
  s:end_turn()
end

case("the next tile's road runs into the sea: correct by default, 5 + 1", function()
  local s = demo_game(nil)
  road_to_the_sea(s)
  s:expect_scores { 6, 0 }
end)

case("border_ends_road = true: the road ends at the sea, the signpost is not correct: 5 + 0", function()
  local s = scenario { players = 2, rules = { expansions = { "maps", "signposts" },
                                              options = { signposts = { border_ends_road = true } } } }
  road_to_the_sea(s)
  s:expect_scores { 5, 0 }
end)

case("a signpost pointing straight at the neutral border has no next tile: 2 + 0 in both readings", function()
  -- SP01 turned 3 at (5,0), the demo map's top row: its left signpost faces
  -- north, where the map ends. E r2 (5,2) and A r2 (5,1) close its road.
  for _, ends in ipairs { false, true } do
    local s = scenario { players = 2, rules = { expansions = { "maps", "signposts" },
                                                options = { signposts = { border_ends_road = ends } } } }
    s:place("E", 5, 2, 2)
    s:place("A", 5, 1, 2)
    s:place("SP01", 5, 0, 3)
    s:follower(1, 5, 0, "road")
    s:end_turn()
    s:expect_scores { 2, 0 }
  end
end)

case("a signpost pointing into a large city's printed road is not correct: 3 + 0", function()
  -- Altburg's printed road leaves its square (3,1) east and ends in the
  -- city. SP05 turned 1 at (4,1): its road runs west into it (its left
  -- signpost, pointing at the city) and north to A at (4,0) (its straight
  -- one: the road ends at the monastery). A tile of city south at (5,2)
  -- and a field at (5,1) lead there from the start tile. The road: SP05, A
  -- and Altburg's square = 3.
  local s = demo_game(nil)
  s:place("city:S field:N,E,W", 5, 2, 0)
  s:place(F, 5, 1, 0)
  s:place("SP05", 4, 1, 1)
  s:follower(1, 4, 1, "road")
  s:place("A", 4, 0, 0)
  s:end_turn()
  s:expect_scores { 3, 0 }
end)

-- The half-ferry map (tests/scenarios/maps/half_ferry.map): a straight route
-- from (1,1) E to the half square (3,1), which a map played alone never
-- fills. D lies on (0,0), V at (1,0) turns its road south, SP05 turned 2 at
-- (1,1) takes it north-east onto the route: its left signpost points north
-- into V, which turns west (correct in every reading); its straight one
-- points east at the route, whose far end meets the border. The road: D,
-- V, SP05 and the route = 4, completed.
local function half_ferry_road(options)
  local s = scenario { players = 2, rules = { expansions = { "maps", "signposts" },
                                              options = { maps = { map = "half_ferry" }, signposts = options } } }
  s:follower(1, 0, 0, "road")
  s:place("V", 1, 0, 0)
  s:place("SP05", 1, 1, 2)
  s:end_turn()
  return s
end

case("a route to a lone half square: its straight signpost holds by default, 4 + 2 x 2", function()
  half_ferry_road({}):expect_scores { 8, 0 }
end)

case("... not with border_ends_road (the road ends at the border), nor with ferry_next_tile off: 4 + 1", function()
  half_ferry_road({ border_ends_road = true }):expect_scores { 5, 0 }
  half_ferry_road({ ferry_next_tile = false }):expect_scores { 5, 0 }
end)

case("the next tile's road runs onto a route to a lone half square: 3 + 1, or 3 + 0 with border_ends_road",
     function()
  -- SP12 at (0,1): road W-E, its west end at the border, its straight
  -- signpost at the east end pointing into U (1,1), whose road goes on east
  -- onto the route, which ends at the half square (3,1). The road: SP12, U
  -- and the route = 3. ferry_next_tile plays no part: the next tile is U.
  for _, reading in ipairs { { false, 4 }, { true, 3 } } do
    local s = scenario { players = 2, rules = { expansions = { "maps", "signposts" },
      options = { maps = { map = "half_ferry" }, signposts = { border_ends_road = reading[1] } } } }
    s:place("SP12", 0, 1, 0)
    s:follower(1, 0, 1, "road")
    s:place("U", 1, 1, 1)
    s:end_turn()
    s:expect_scores { reading[2], 0 }
  end
end)

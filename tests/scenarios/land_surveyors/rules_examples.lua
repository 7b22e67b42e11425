-- The Land Surveyors: the worked examples 1-6 of the rules, rebuilt on boards
-- with the same numbers, plus Siege, Street Fair, Wealth and Poverty.
-- Start tile D at (0,0): city cap N, road W-E, field S. Rotations turn
-- clockwise: A (monastery, road S) r1 = road W, r3 = road E; E (city cap N)
-- r1 = cap E, r2 = cap S, r3 = cap W; U (road N-S) r1 = road W-E.
-- Stacks are not shuffled and base tiles carry no farmhouse here, so only the
-- active tiles named in each case and the @farmhouse tiles matter.
-- luacheck: read globals case scenario

local FARMHOUSE = "road:E,W field:Wr,N,El field:Er,S,Wl @farmhouse"
local SHED = "road:E,W field:Wr,N,El field:Er,S,Wl @shed"

local function ls(opts)
  local o = { shuffle = false, farmhouse_tiles = "" }
  for k, v in pairs(opts) do o[k] = v end
  return scenario { players = 2, rules = { expansions = { "land_surveyors" },
                                             options = { land_surveyors = o } } }
end

-- A 6-tile city with one coat of arms north of the start tile, in three
-- parts joined by the last tile (so several followers can stand in it):
--   (-1,-2) E r2   .          (1,-2) E r2
--   (-1,-1) N r1   (0,-1) mid (1,-1) N r0
--   (-1,0)  U r1   (0,0) D    (1,0)  U r1
-- `mid` is Q r2 (city S, E, W with arms) or R r2 (the same without arms).
local function city6(s, mid, followers)
  if followers.start then s:follower(followers.start, 0, 0, "city") end
  s:place("U", 1, 0, 1)
  s:place("U", -1, 0, 1)
  s:place("N", 1, -1, 0)
  if followers.east then s:follower(followers.east, 1, -1, "city") end
  s:place("N", -1, -1, 1)
  if followers.west then s:follower(followers.west, -1, -1, "city") end
  s:place("E", 1, -2, 2)
  s:place("E", -1, -2, 2)
  s:place(mid, 0, -1, 2)
  s:end_turn()
end

case("Example 1, Citizens' Jury: red (2 followers) and blue (1) both score 14", function()
  -- 6 tiles * 2 + 1 arms * 2 = 14. Without the jury only red (strength 2
  -- against 1) would score; with it both have strength 1.
  local s = ls { active_city = "citizens_jury" }
  city6(s, "Q", { start = 1, west = 1, east = 2 })
  s:expect_scores { 14, 14 }
  s:expect_change("land_surveyors.citizens_jury", "strength", 1)
end)

case("Wealth instead of the jury: only the majority scores, 14 + 3 = 17", function()
  local s = ls { active_city = "wealth" }
  city6(s, "Q", { start = 1, west = 1, east = 2 })
  s:expect_scores { 17, 0 }
end)

case("Example 2, Bad Neighborhood: the city scores 6", function()
  -- R r2 has no arms. Tiles: D(0,0), E(1,-2), E(-1,-2) hold only a
  -- semicircular segment of the city: 6 - 3 = 3 tiles * 2 = 6. Red's follower
  -- stands on the start tile's cap, which is not counted, and still scores.
  local s = ls { active_city = "bad_neighborhood" }
  city6(s, "R", { start = 1 })
  s:expect_scores { 6, 0 }
  s:expect_change("land_surveyors.bad_neighborhood", "count", 3)
end)

case("Siege: one more point per coat of arms, 12 + 1 * 3 = 15", function()
  local s = ls { active_city = "siege" }
  city6(s, "Q", { start = 1, west = 1, east = 2 })
  s:expect_scores { 15, 0 }
end)

case("Poverty on the city stack: 14 - 3 = 11", function()
  local s = ls { active_city = "poverty" }
  city6(s, "Q", { start = 1 })
  s:expect_scores { 11, 0 }
end)

-- Two completed roads: red's A(-1,0) D(0,0) A(1,0) (3 tiles) and blue's
-- A(-3,1) U U U U U A(3,1) (7 tiles) south of it. `middle` replaces the U at
-- (0,1) when given.
local function two_roads(s, middle)
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:place("U", -1, 1, 1)
  s:place(middle or "U", 0, 1, middle and 0 or 1)
  s:follower(2, 0, 1, "road")
  s:place("U", 1, 1, 1)
  s:place("U", -2, 1, 1)
  s:place("U", 2, 1, 1)
  s:place("A", -3, 1, 3)
  s:place("A", 3, 1, 1)
  s:end_turn()
end

case("Example 3, Highway: a 3-tile and a 7-tile road both score 5", function()
  local s = ls { active_road = "highway" }
  two_roads(s)
  s:expect_scores { 5, 5 }
end)

case("Street Fair: twice the points, 3 * 2 = 6 and 7 * 2 = 14", function()
  local s = ls { active_road = "street_fair" }
  two_roads(s)
  s:expect_scores { 6, 14 }
end)

case("Wealth on the road stack: 3 + 3 = 6 and 7 + 3 = 10", function()
  local s = ls { active_road = "wealth" }
  two_roads(s)
  s:expect_scores { 6, 10 }
end)

case("Example 4, Peasant Uprising: a 6-tile road with 2 farmhouses scores 4", function()
  -- A(-2,0) FH(-1,0) D(0,0) FH(1,0) shed(2,0) A(3,0): 6 - 2 = 4; the shed
  -- changes nothing.
  local s = ls { active_road = "peasant_uprising" }
  s:follower(1, 0, 0, "road")
  s:place(FARMHOUSE, -1, 0, 0)
  s:place(FARMHOUSE, 1, 0, 0)
  s:place(SHED, 2, 0, 0)
  s:place("A", -2, 0, 3)
  s:place("A", 3, 0, 1)
  s:end_turn()
  s:expect_scores { 4, 0 }
  s:expect_change("land_surveyors.peasant_uprising", "adjust", -2)
end)

-- A complete monastery B at (0,1); its 3x3 area is x -1..1, y 0..2.
-- Example 5's area: city on D(-1,0), D(0,0), D(1,0), E(-1,1) -> 4 of 9.
local function monastery_hermit(s)
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  for _, t in ipairs { { "D", -1, 0, 0 }, { "D", 1, 0, 0 }, { "E", -1, 1, 3 }, { "V", 1, 1, 3 },
                       { "V", 1, 2, 1 }, { "U", 0, 2, 1 }, { "V", -1, 2, 3 } } do
    s:place(t[1], t[2], t[3], t[4])
  end
  s:end_turn()
end

-- Example 6's area: road on D(-1,0), D(0,0), D(1,0), V(-1,1), U(-1,2),
-- V(1,2) -> 6 of 9.
local function monastery_pilgrims(s)
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  for _, t in ipairs { { "D", -1, 0, 0 }, { "D", 1, 0, 0 }, { "V", -1, 1, 0 }, { "E", 1, 1, 1 },
                       { "E", 0, 2, 2 }, { "U", -1, 2, 0 }, { "V", 1, 2, 3 } } do
    s:place(t[1], t[2], t[3], t[4])
  end
  s:end_turn()
end

case("Example 5, Hermit Monastery: 9 - 4 = 5", function()
  local s = ls { active_monastery = "hermit_monastery" }
  monastery_hermit(s)
  s:expect_scores { 5, 0 }
end)

case("Example 6, Pilgrimage Route: 9 + 6 = 15", function()
  local s = ls { active_monastery = "pilgrimage_route" }
  monastery_pilgrims(s)
  s:expect_scores { 15, 0 }
end)

case("Poverty on the monastery stack: 9 - 3 = 6", function()
  local s = ls { active_monastery = "poverty" }
  monastery_pilgrims(s)
  s:expect_scores { 6, 0 }
end)

case("Wealth on the monastery stack (wealth_stack = monastery): 9 + 3 = 12", function()
  local s = ls { wealth_stack = "monastery", active_monastery = "wealth" }
  monastery_hermit(s)
  s:expect_scores { 12, 0 }
end)

-- Little Buildings scoring: basic rules (1 point each) and the variant
-- (tower 3, house 2, shed 1); monasteries count their 8 neighbours; farms
-- count their buildings at the end.

local BASIC = "../rules/lb_basic.lua"
local VALUES = "../rules/lb_values.lua"

-- Road A(-1,0), D(0,0), A(1,0) r1: 3 tiles, a tower, a house and a shed.
local function road_with_three(rules)
  local s = scenario { rules = rules, players = 2 }
  s:place("A", -1, 0, 3)
  s:follower(1, 0, 0, "road")
  s:token(1, "tower", -1, 0)
  s:token(2, "house", 0, 0)
  s:place("A", 1, 0, 1)
  s:token(1, "shed", 1, 0)
  s:end_turn()
  return s
end

case("basic: a 3-tile road with 3 buildings = 3 + 3 = 6", function()
  road_with_three(BASIC):expect_scores { 6, 0 }
end)

case("variant: tower + house + shed on a 3-tile road = 3 + 3 + 2 + 1 = 9", function()
  road_with_three(VALUES):expect_scores { 9, 0 }
end)

-- Monastery B at (0,1), surrounded: A(-1,0) r3 and A(1,0) r1 close the
-- start tile's road; B at (-1,1), (1,1), (-1,2), (0,2), (1,2); an extra B at
-- (0,3) lies outside the 3x3 area. Buildings: (0,1) itself, (0,0), (-1,1),
-- (1,2) inside the area, (0,3) outside.
local function surrounded_monastery(rules, kinds)
  local s = scenario { rules = rules, players = 2 }
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:place("B", -1, 1, 0)
  s:place("B", 1, 1, 0)
  s:place("B", -1, 2, 0)
  s:place("B", 0, 2, 0)
  s:place("B", 0, 3, 0)
  s:token(1, kinds[1], 0, 1)
  s:token(2, kinds[2], 0, 0)
  s:token(1, kinds[3], -1, 1)
  s:token(2, kinds[4], 0, 3)
  s:end_turn()
  s:expect_scores { 0, 0 }
  s:place("B", 1, 2, 0)            -- the 8th neighbour completes it
  s:token(1, kinds[5], 1, 2)
  s:end_turn()
  return s
end

case("basic: completed monastery with 4 buildings in its area = 9 + 4 = 13", function()
  -- 9 tiles; buildings on (0,1), (0,0), (-1,1), (1,2) = 4; (0,3) is not a
  -- neighbour.
  local s = surrounded_monastery(BASIC, { "shed", "house", "tower", "tower", "house" })
  s:expect_scores { 13, 0 }
end)

case("variant: completed monastery: 9 + shed 1 + tower 3 + house 2 + shed 1 = 16", function()
  -- (0,1) shed 1, (0,0) tower 3, (-1,1) house 2, (1,2) shed 1 -> 7;
  -- the tower on (0,3) is outside the area. 9 + 7 = 16.
  local s = surrounded_monastery(VALUES, { "shed", "tower", "house", "tower", "shed" })
  s:expect_scores { 16, 0 }
end)

-- Farms at the end: E(0,-1) r2 closes the start tile's city (2 tiles).
-- Red farms D's north field (only on (0,0)); Blue farms E's field (only on
-- (0,-1)); both touch the one completed city: 3 points each.
local function two_farms(rules, red_token, blue_token)
  local s = scenario { rules = rules, players = 2 }
  s:place("E", 0, -1, 2)
  s:follower(1, 0, 0, 2)            -- D's segment 2: the field north of the road
  s:follower(2, 0, -1, "field")
  s:token(1, red_token, 0, 0)
  s:token(2, blue_token, 0, -1)
  s:end_turn()
  s:final_scoring()
  return s
end

case("basic: farm buildings at the end: 3 + 1 each", function()
  two_farms(BASIC, "tower", "shed"):expect_scores { 4, 4 }
end)

case("variant: farm buildings at the end: 3 + tower 3 = 6, 3 + house 2 = 5", function()
  two_farms(VALUES, "tower", "house"):expect_scores { 6, 5 }
end)

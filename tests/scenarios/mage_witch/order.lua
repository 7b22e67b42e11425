-- Moving a handler with a ruleset changes the points (docs/lua-api.md, 6).

local DEFAULT = "../rules/ic_mw.lua"
local WITCH_EARLY = "../rules/witch_before_inn.lua"
local ALL = "../rules/all_three.lua"
local WITCH_LATE = "../rules/witch_after_buildings.lua"

-- Road A(-1,0), D(0,0), IC_INN_JUNCTION(1,0) r0 (inn on the W end), Witch on it.
local function inn_road_with_witch(rules)
  local s = scenario { rules = rules, players = 2 }
  s:place("A", -1, 0, 3)
  s:follower(1, 0, 0, "road")
  s:figure("witch", nil, 0, 0, "road")
  s:place("IC_INN_JUNCTION", 1, 0, 0)
  s:end_turn()
  return s
end

case("community order: inn 320, witch 420 -> ceil(3*2/2) = 3", function()
  local s = inn_road_with_witch(DEFAULT)
  s:expect_scores { 3, 0 }
end)

case("witch moved to 310 (before the inn and base.total) -> 6", function()
  -- At 310 the total is still 0: ceil(0/2) = 0 changes nothing; then the inn
  -- (320) sets 2 per tile and base.total (400) 3 * 2 = 6: nothing halves it.
  local s = inn_road_with_witch(WITCH_EARLY)
  s:expect_scores { 6, 0 }
end)

-- City D(0,0), F(0,-1) r1 (arms), E(0,-2) r2; Witch on it; a building on
-- (0,-1) and one on (0,-2).
local function city_with_witch_and_buildings(rules)
  local s = scenario { rules = rules, players = 2 }
  s:place("F", 0, -1, 1)
  s:follower(1, 0, -1, "city")
  s:figure("witch", nil, 0, -1, "city")
  s:token(2, "house", 0, -1)
  s:place("E", 0, -2, 2)
  s:token(1, "shed", 0, -2)
  s:end_turn()
  return s
end

case("community order: witch 420 then buildings 510 -> ceil(8/2) + 2 = 6", function()
  -- 3 tiles * 2 + 1 arms * 2 = 8; Witch -> 4; 2 buildings (basic) -> 6.
  local s = city_with_witch_and_buildings(ALL)
  s:expect_scores { 6, 0 }
end)

case("witch moved to 520 (after the buildings) -> ceil((8 + 2)/2) = 5", function()
  local s = city_with_witch_and_buildings(WITCH_LATE)
  s:expect_scores { 5, 0 }
end)

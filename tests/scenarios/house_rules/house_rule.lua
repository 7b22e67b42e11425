-- House rule: Wealth/Poverty before the Witch (expansions/house_rules/
-- wealth_before_witch.lua moves land_surveyors.wealth and .poverty to 415).
-- Road A(-2,0) U(-1,0) D(0,0) U(1,0) A(2,0): 5 tiles, red's follower on D,
-- the Witch on U(1,0), Wealth active on the road stack.
--   community order (530): 5, Witch -> 3, Wealth -> 6
--   house rule      (415): 5, Wealth -> 8, Witch -> 4
-- luacheck: read globals case scenario

local AFTER = "../land_surveyors/rules/wealth_after_witch.lua"
local BEFORE = "../land_surveyors/rules/wealth_before_witch.lua"
local HOUSE_RULE = "../../../expansions/house_rules/wealth_before_witch.lua"

local function witch_road(s)
  s:follower(1, 0, 0, "road")
  s:place("U", -1, 0, 1)
  s:place("U", 1, 0, 1)
  s:figure("witch", nil, 1, 0, "road")
  s:place("A", -2, 0, 3)
  s:place("A", 2, 0, 1)
  s:end_turn()
end

case("community order: the Witch halves 5 to 3, then Wealth: 6", function()
  local s = scenario { rules = AFTER, players = 2 }
  witch_road(s)
  s:expect_scores { 6, 0 }
  s:expect_change("land_surveyors.wealth", "total", 6)
end)

case("house rule: Wealth makes 8, then the Witch: 4", function()
  local s = scenario { rules = BEFORE, players = 2 }
  witch_road(s)
  s:expect_scores { 4, 0 }
  s:expect_change("land_surveyors.wealth", "total", 8)
end)

case("the shipped house-rule file, Wealth turned up with set_var/set_flag: 4", function()
  -- Its stacks are shuffled and U carries a farmhouse; the road stack's
  -- active tile is set to Wealth (index 4) by hand and the other road
  -- effects switched off.
  local s = scenario { rules = HOUSE_RULE, players = 2 }
  s:set_var("land_surveyors.road", 4)
  for _, f in ipairs { "street_fair", "highway", "peasant_uprising" } do
    s:set_flag("land_surveyors." .. f, false)
  end
  s:set_flag("land_surveyors.wealth", true)
  witch_road(s)
  s:expect_scores { 4, 0 }
end)

case("wealth_in_monasteries.lua: Poverty on the road after the Witch, 3 - 3 = 0", function()
  -- The same road under expansions/house_rules/wealth_in_monasteries.lua;
  -- the road stack's index 4 is Poverty there. Community order: 5, Witch ->
  -- 3, Poverty -> 0.
  local s = scenario { rules = "../../../expansions/house_rules/wealth_in_monasteries.lua",
                       players = 2 }
  if s:game():option("land_surveyors", "wealth_stack") ~= "monastery" then error("option") end
  s:set_var("land_surveyors.road", 4)
  for _, f in ipairs { "street_fair", "highway", "peasant_uprising", "wealth" } do
    s:set_flag("land_surveyors." .. f, false)
  end
  s:set_flag("land_surveyors.poverty", true)
  witch_road(s)
  s:expect_scores { 0, 0 }
end)

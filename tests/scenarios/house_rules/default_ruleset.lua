-- expansions/default.lua loads all five Lua expansions in the community
-- order, and they work together on one board.
-- luacheck: read globals case scenario

local DEFAULT = "../../../expansions/default.lua"

case("the default ruleset: Land Surveyors options and signpost tiles are there", function()
  local s = scenario { rules = DEFAULT, players = 2 }
  local g = s:game()
  if g:option("land_surveyors", "wealth_stack") ~= "road" then error("wealth_stack") end
  if g:var("land_surveyors.city") < 1 then error("no active city tile") end
  s:place("SP01", 1, 0, 0)
  s:place("IC_INN_STRAIGHT", 2, 0, 1)
end)

case("the default ruleset: inn, Street Fair and signposts on one road", function()
  -- A(-1,0) D SP01(1,0) inn(2,0) U(3,0) A(4,0); U carries a farmhouse by
  -- default but Peasant Uprising is not active. Road stack shows Street
  -- Fair (set by hand): 6 tiles * (1 * 2 + 1) = 18. SP01: straight at W ->
  -- D goes on: correct; left at E -> the inn road goes straight: wrong.
  -- 1 correct signpost of 1 type: +1 -> 19.
  local s = scenario { rules = DEFAULT, players = 2 }
  s:set_var("land_surveyors.road", 1)
  for _, f in ipairs { "highway", "peasant_uprising", "street_fair" } do
    s:set_flag("land_surveyors." .. f, f == "street_fair")
  end
  s:set_flag("land_surveyors.wealth", false)
  s:set_flag("land_surveyors.poverty", false)
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place("road:E,W+inn field:Wr,N,El field:Er,S,Wl", 2, 0, 0)
  s:place("U", 3, 0, 1)
  s:place("A", 4, 0, 1)
  s:end_turn()
  s:expect_scores { 19, 0 }
end)

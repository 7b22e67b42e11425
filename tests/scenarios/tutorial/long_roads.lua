-- The house-rule tutorial's ruleset, checked: docs/house-rule-tutorial.md.
-- luacheck: read globals case scenario
local RULES = "../../../examples/house_rule/ruleset.lua"

-- A straight road of 6 tiles, closed by monastery tiles (A) at both ends:
-- A(-3,0) U(-2,0) U(-1,0) D(0,0) U(1,0) A(2,0).
local function six_tile_road(s)
  s:follower(1, 0, 0, "road")
  s:place("U", -1, 0, 1)
  s:place("U", -2, 0, 1)
  s:place("U", 1, 0, 1)
  s:place("A", -3, 0, 3)
  s:place("A", 2, 0, 1)
end

case("a completed 6-tile road gets the house-rule bonus", function()
  local s = scenario{ rules = RULES, players = 2 }
  six_tile_road(s)
  s:end_turn()
  -- 6 tiles x 1 = 6, + bonus 3 (ruleset option) = 9
  s:expect_scores{ 9, 0 }
  s:expect_change("long_roads.bonus", "total", 9)
end)

case("the Witch, moved after the bonus, halves it too", function()
  local s = scenario{ rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("U", -1, 0, 1)
  s:place("U", -2, 0, 1)
  s:place("U", 1, 0, 1)
  s:figure("witch", nil, 1, 0, "road")
  s:place("A", -3, 0, 3)
  s:place("A", 2, 0, 1)
  s:end_turn()
  -- 6 + 3 = 9, then the Witch at 440: ceil(9 / 2) = 5
  -- (in the default order the Witch would act first: ceil(6 / 2) + 3 = 6)
  s:expect_scores{ 5, 0 }
end)

case("a 5-tile road gets no bonus: the handler runs but changes nothing", function()
  local s = scenario{ rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("U", -1, 0, 1)
  s:place("U", 1, 0, 1)
  s:place("A", -2, 0, 3)
  s:place("A", 2, 0, 1)
  s:end_turn()
  -- A U D U A = 5 tiles x 1 = 5, under min_tiles 6: no bonus
  s:expect_scores{ 5, 0 }
  local sc = s:scorings()[1]
  local ran = table.concat(sc.ran, " ")
  assert(ran == "base.majority base.rates base.total long_roads.bonus base.award", ran)
  for _, c in ipairs(sc.changes) do assert(c.handler ~= "long_roads.bonus", "the bonus changed something") end
  s:expect_ran("long_roads.bonus", 1)
  s:expect_not_run("mage_witch.witch")
end)

-- The Land Surveyors deal their scoring tiles from the game's generator: a
-- test fixes them in its ruleset (docs/house-rule-tutorial.md, section 4).
local SURVEYORS = "../../../examples/house_rule/surveyors.lua"

case("with the Land Surveyors' tiles fixed, the 6-tile road scores as without them", function()
  local s = scenario{ rules = SURVEYORS, players = 2 }
  assert(s:game():flag("land_surveyors.peasant_uprising"), "the road stack shows the Peasant Uprising")
  six_tile_road(s)
  s:end_turn()
  -- 6 + 3 = 9: the Peasant Uprising takes a point per farmhouse, and no tile has one
  s:expect_scores{ 9, 0 }
  s:expect_not_run("land_surveyors.peasant_uprising")
  -- the turn scored a road: the stacks turned, and (no shuffle) to known tiles
  -- (the next of each stack in catalogue order: docs/expansions/land_surveyors.md)
  local g = s:game()
  assert(g:flag("land_surveyors.street_fair") and g:flag("land_surveyors.citizens_jury")
    and g:flag("land_surveyors.pilgrimage_route"), "the next tiles in catalogue order")
end)

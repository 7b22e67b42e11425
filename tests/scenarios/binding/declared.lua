-- Handlers declared with set / add / halve run in C, in the order the API
-- page gives, and record their changes like a Lua handler.
-- luacheck: read globals case scenario

case("set, add and halve apply in that order; completed steps by reason", function()
  local s = scenario { rules = "rules/declared_rules.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  -- 3 tiles: total 3; adjust 7; total 3 + 7 = 10; halved 5; then +100
  s:expect_change("declared.mix", "adjust", 7)
  s:expect_change("declared.mix", "total", 10)
  s:expect_change("declared.mix", "total", 5)
  s:expect_change("declared.by_reason", "total", 105)
  s:expect_scores { 105, 0 }
end)

case("final steps: a set, then half rounded up of a negative value", function()
  local s = scenario { rules = "rules/declared_rules.lua", players = 2 }
  s:follower(2, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:final_scoring()
  s:expect_change("declared.by_reason", "total", -5)
  s:expect_change("declared.by_reason", "total", -2) -- (-5 + 1) // 2
  s:expect_scores { 0, -2 }
end)

case("sub, and sources counting the scored tiles of a kind or with a tile attribute", function()
  local s = scenario { rules = "rules/declared_sources.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  -- 3 road tiles: adjust 3, total 3 + 3 = 6; D shows a city and carries the mark: adjust 2, total 5
  s:expect_change("declared.roads", "adjust", 3)
  s:expect_change("declared.less", "adjust", 2)
  s:expect_change("declared.less", "total", 5)
  s:expect_scores { 5, 0 }
end)

case("when: the steps apply while the kind's variable has its value, never to other kinds", function()
  for card, want in pairs { [1] = 3, [2] = 13 } do
    local s = scenario { rules = "rules/declared_when.lua", players = 2 }
    s:set_var("declared.road_card", card)
    s:follower(1, 0, 0, "road")
    s:follower(2, 0, 0, "city")
    s:place("A", -1, 0, 3)
    s:place("A", 1, 0, 1)
    s:place("E", 0, -1, 2) -- closes the start tile's city: 4 points, no bonus (city not in when)
    s:end_turn()
    s:expect_scores { want, 4 }
  end
end)

case("semicircular_tiles counts the tiles showing the city only in one-edge segments", function()
  local s = scenario { rules = "rules/declared_present.lua", players = 2 }
  s:follower(1, 0, 0, "city")
  s:place("E", 0, -1, 2) -- D's city N and E's city S: each touches one edge
  s:end_turn()
  s:expect_change("declared.semi", "adjust", 2)
  s:expect_scores { 6, 0 } -- 2 tiles x 2, and the adjust 2
  local t = scenario { rules = "rules/declared_present.lua", players = 2 }
  t:follower(1, 0, 0, "city")
  t:place("F", 0, -1, 1) -- city N and S: two edges
  t:place("E", 0, -2, 2)
  t:end_turn()
  t:expect_change("declared.semi", "adjust", 2) -- D and E, not F
  t:expect_scores { 10, 0 } -- 3 tiles x 2, 1 coat of arms x 2, and the adjust 2
end)

case("strength = { present = n }: every player with a figure there gets that strength", function()
  local s = scenario { rules = "rules/declared_present.lua", players = 3 }
  s:place("U", -1, 0, 1) -- roads west and east of the start tile, and on them
  s:place("U", 1, 0, 1)
  s:place("E", -1, -1, 1) -- two city ends, apart for now: a follower on each
  s:follower(1, -1, -1, "city")
  s:place("E", 1, -1, 3)
  s:follower(2, 1, -1, "city")
  s:follower(1, 0, 0, "city")
  s:place("R", 0, -1, 2) -- city S, E and W: joins the three, and closes the city
  s:end_turn()
  -- player 1 has two followers, player 2 one: both strength 1, both score; player 3 none.
  -- 4 tiles x 2, and 3 tiles (D and the two E) showing it only in one-edge segments
  s:expect_change("declared.jury", "strength", 1) -- player 1's, from 2 (player 2's stays 1)
  s:expect_change("declared.semi", "adjust", 3)
  s:expect_scores { 11, 11, 0 }
end)

local function ruleset_error(path, ...)
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { rules = path } end, ...)
end

case("declarative handlers refuse fn beside them, read-only fields, and mixed forms", function()
  ruleset_error("rules/declared_both.lua", "declared.both", "either 'fn' or set/add/halve")
  ruleset_error("rules/declared_field.lua", "declared.field", "count_original")
  ruleset_error("rules/declared_mixed.lua", "declared.mixed", "not both")
  ruleset_error("rules/declared_source.lua", "declared.source", "rules/declared.lua:", "{ tiles_with_attr = name }")
  ruleset_error("rules/declared_strength.lua", "declared.strength", "rules/declared.lua:",
                "'strength' must be { present = n }")
  ruleset_error("rules/declared_kind.lua", "declared.kind", "rules/declared.lua:", "unknown kind 'lake'")
  ruleset_error("rules/declared_when_fn.lua", "declared.when_fn", "rules/declared.lua:", "'when' goes with")
  ruleset_error("rules/declared_when_kind.lua", "declared.when_kind", "rules/declared.lua:", "when.lake: unknown kind")
  ruleset_error("rules/declared_pointers_turn.lua", "declared.pointers_turn", "rules/declared.lua:",
                "attribute = turn (0..3)")
  ruleset_error("rules/declared_pointers_worth.lua", "declared.pointers_worth", "rules/declared.lua:",
                "worth is 1 or \"types\"")
  ruleset_error("rules/declared_pointers_ferries.lua", "declared.pointers_ferries", "rules/declared.lua:",
                "ferries is true or false")
  ruleset_error("rules/declared_pointers_key.lua", "declared.pointers_key", "rules/declared.lua:",
                "the keys pointers, worth, ferries and border_ends")
  ruleset_error("rules/declared_pointers_empty.lua", "declared.pointers_empty", "rules/declared.lua:",
                "pointers must name at least one attribute")
  ruleset_error("rules/declared_pointers_border.lua", "declared.pointers_border", "rules/declared.lua:",
                "border_ends is true or false")
end)

case("lists with gaps or keys, and unknown variables and flags, are refused where they are declared", function()
  ruleset_error("rules/declared_kinds_set.lua", "rules/declared.lua:58:",
                "'kinds' must be a list { \"a\", \"b\", ... } with no gaps: it has the key city")
  ruleset_error("rules/declared_reasons_gap.lua", "rules/declared.lua:60:", "'reasons' must be a list", "key 2")
  ruleset_error("rules/declared_when_unknown.lua", "rules/declared.lua:63:",
                "handler 'declared.when_unknown': when.road: unknown variable 'declared.mdoe'")
  ruleset_error("rules/declared_flag_unknown.lua", "rules/declared.lua:67:", "unknown flag 'declared.onn'")
  ruleset_error("rules/declared_halve_gap.lua", "rules/declared.lua:69:", "'halve' must be a list", "key 3")
  ruleset_error("rules/declared_halve_twice.lua", "rules/declared.lua:71:", "halve names 'total' twice")
  ruleset_error("rules/final_order_gap.lua", "rules/final_order_gap.lua:2:", "final_order is a list of names")
  ruleset_error("rules/declared_name_empty.lua", "rules/declared.lua:73:", "a handler or hook needs a name")
  ruleset_error("rules/declared_when_key.lua", "rules/declared.lua:76:", "unknown when entry key 'equls'",
                "did you mean 'equals'")
end)

case("declarations that could never apply are refused where they are declared", function()
  ruleset_error("rules/declared_when_range.lua", "rules/declared.lua:80:",
                "when.road.equals = 7 is outside variable 'declared.card''s range 0..3")
  ruleset_error("rules/declared_when_range_late.lua", "rules/declared.lua:86:",
                "x:var: the range 0..3 of variable 'declared.card' leaves out handler 'declared.when_range_late''s "
                  .. "when.road.equals = 7 (declared at ", "rules/declared.lua:84)")
  ruleset_error("rules/declared_when_outside.lua", "rules/declared.lua:89:",
                "when.road: the handler's kinds leave road out")
  ruleset_error("rules/declared_reason_dead.lua", "rules/declared.lua:92:",
                "its 'completed' steps would never run: its reasons leave completed out")
  ruleset_error("rules/expansions_twice.lua", "rules/expansions_twice.lua:3:",
                "expansions names 'declared' twice (at 1 and 2): list it once")
end)

case("a declared handler's value out of range names its declaration; a score out of range, the total's handler",
  function()
    local s = scenario { rules = "rules/declared_huge.lua", players = 2 }
    s:follower(1, 0, 0, "road")
    s:place("A", -1, 0, 3)
    s:place("A", 1, 0, 1)
    s:expect_error(function() s:end_turn() end, "handler 'declared.huge'",
                   "total 1000000002 is outside the allowed -1000000000..1000000000",
                   "declared at ", "rules/declared.lua:95)")
    s = scenario { rules = "rules/declared_large.lua", players = 2 }
    s:game():add_score(1, 100)
    s:follower(1, 0, 0, "road")
    s:place("A", -1, 0, 3)
    s:place("A", 1, 0, 1)
    -- 3 tiles + 999,999,990 = 999,999,993 points, on top of 100
    s:expect_error(function() s:end_turn() end, "player 1's score would be 1000000093",
                   "awards 999999993, set by handler 'base.award' (priority 600) from a total set by handler "
                     .. "'declared.large' (priority 450)") -- not declared.late, which set it after the award
    s:expect_scores { 100, 0 }
    -- a hook's points count the award its scoring stages: the hook is named, not the scoring
    s = scenario { rules = "rules/declared_hook_push.lua", players = 2 }
    s:follower(1, 0, 0, "road")
    s:place("A", -1, 0, 3)
    s:place("A", 1, 0, 1)
    s:expect_error(function() s:end_turn() end, "hook 'declared.push' (feature_scored) failed",
                   "rules/declared.lua:100:", "player 1's score would be 1000000002 with the 3 points this "
                     .. "call's scorings award, outside the allowed -1000000000..1000000000")
    s:expect_scores { 0, 0 }
  end)

case("a when that names no kind, and completed steps for fields, are refused; whole floats count as numbers",
  function()
    ruleset_error("rules/declared_when_empty.lua", "rules/declared.lua:103:",
                  "'when' names no kind, so its steps would never apply")
    ruleset_error("rules/declared_field_completed.lua", "rules/declared.lua:105:",
                  "its 'completed' steps would never run: fields and water never complete")
    ruleset_error("rules/declared_field_fn_completed.lua", "rules/declared.lua:107:",
                  "handler 'declared.field_fn_completed' would never run", "fields and water never complete")
    ruleset_error("rules/declared_fraction.lua", "rules/declared.lua:116:", "declared.fraction")
    local s = scenario { rules = "rules/declared_whole_floats.lua", players = 2 }
    s:set_var("declared.card", 1)
    s:follower(1, 0, 0, "road")
    s:follower(2, 0, 0, "field")
    s:place("A", -1, 0, 3)
    s:place("A", 1, 0, 1)
    s:end_turn()
    s:expect_scores { 8, 0 } -- 3 road tiles + 5.0
    s:final_scoring()
    s:expect_scores { 8, 10 } -- a farm with no completed city: 0, + 10 under when.farm
  end)

case("a hook's points keep the score in range now and once the call's awards are added", function()
  local s = scenario { rules = "rules/declared_hook_dip.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 0, 1, 0)
  s:follower(1, 0, 1, "road")
  s:expect_error(function() s:final_scoring() end, "hook 'declared.dip' (final_scoring) failed",
                 "rules/declared.lua:121:", "player 1's score would be -2000000000, outside the allowed")
  s:expect_scores { 0, 0 }
  ruleset_error("rules/declared_when_farm_field.lua", "rules/declared.lua:125:",
                "when names the field twice (farm is the field)")
  ruleset_error("rules/declared_priority_true.lua", "rules/declared.lua:128:",
                "'priority' must be a whole number in 0..999, not true")
end)

-- A scenario's ruleset error names the scenario file's line once, however
-- the scenario is called.
-- luacheck: read globals case scenario

case("a ruleset path's error names the call's line once", function()
  local ok, err = pcall(function()
    scenario { rules = "rules/expansions_twice.lua" }
  end)
  assert(not ok)
  local _, n = err:gsub("scenario_errors%.lua:7:", "")
  assert(n == 1, "the line is named " .. n .. " times: " .. err)
  assert(err:find("scenario_errors.lua:7: scenario rules: ", 1, true), err)
end)

case("an inline ruleset's error, through pcall, names the calling line (not line 0)", function()
  local ok, err = pcall(scenario, { rules = { expansions = { "no_such_expansion" } } })
  assert(not ok and err:find("scenario_errors.lua:16: unknown expansion 'no_such_expansion'", 1, true), err)
end)

case("options for an expansion the list misspells point at the list", function()
  local ok, err = pcall(scenario, { rules = "rules/options_typo.lua" })
  assert(not ok and err:find("rules/options_typo.lua:4: options for 'declared', which is not in expansions "
    .. "(expansions lists 'declard': is one of the two misspelt?)", 1, true), err)
end)

case("expect_score with a table says which call takes one", function()
  local s = scenario { players = 2 }
  s:expect_error(function() s:expect_score { 0, 0 } end, "expect_score(player, points) checks one player",
                 "expect_scores{ 4, 0 }")
end)

case("strict and bag take booleans; a rules path holds no NUL byte", function()
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { strict = 1 } end, "scenario{ strict = ... } is true or false, not number")
  base:expect_error(function() scenario { strict = true, bag = "yes" } end,
                    "scenario{ bag = ... } is true or false, not string")
  base:expect_error(function() scenario { rules = "rules/options_typo.lua\0.lua" } end,
                    "scenario rules: a path holds no NUL byte")
end)

case("scenario numbers are numbers: players = \"3\" is refused", function()
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { players = "3" } end,
                    "scenario{players=...} must be a whole number, not string")
  base:expect_error(function() scenario { seed = "7" } end, "scenario{seed=...} must be a whole number")
end)

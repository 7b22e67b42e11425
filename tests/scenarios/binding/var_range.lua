-- A game variable's declared range (x:var(name, { min =, max = })): a set
-- outside it fails naming the variable, and the game is as it was; a
-- declaration that cannot hold is an error at its line.

local function ruleset_error(path, ...)
  local ok, err = pcall(scenario, { rules = path, players = 2 })
  err = tostring(err)
  assert(not ok, "the ruleset loaded")
  for _, want in ipairs({ ... }) do assert(err:find(want, 1, true), "'" .. err .. "' lacks '" .. want .. "'") end
end

case("a hook's set within the range holds; the one past it fails, naming the variable", function()
  local s = scenario { rules = "rules/var_range_count.lua", players = 2 }
  for _ = 1, 3 do s:end_turn() end
  assert(s:var("var_range.n") == 3, s:var("var_range.n"))
  s:expect_error(function() s:end_turn() end, "hook 'var_range.count'", "var_range.lua:7:",
    "set_var: the value of 'var_range.n' 4 is outside the allowed 0..3")
  assert(s:var("var_range.n") == 3, "the failed turn changed the variable: " .. s:var("var_range.n"))
end)

case("a range without 0, a key it does not take, a bound not whole: errors at the declaration", function()
  ruleset_error("rules/var_range_no_zero.lua", "var_range.lua:9:", "must lie in", "hold 0")
  ruleset_error("rules/var_range_bad_key.lua", "var_range.lua:11:", "unknown range key 'mn' (did you mean 'min'?)")
  ruleset_error("rules/var_range_not_whole.lua", "var_range.lua:13:", "x:var range: max")
end)

case("one variable given two ranges; a stack's variable of another range", function()
  ruleset_error("rules/var_range_twice.lua", "var_range.lua:16:", "variable 'var_range.d' already has the range 0..3")
  ruleset_error("rules/var_range_full_then_narrow.lua", "var_range.lua:19:",
    "variable 'var_range.z' already has the range -2147483648..2147483647")
  ruleset_error("rules/var_range_stack.lua", "var_range.lua:24:", "hook 'var_range.deal'", "deal[1]:",
    "variable 'var_range.active' has the range 0..9, which a card stack's 0..2 is not")
end)

case("a call that sets several, one of them past its range, sets none", function()
  local s = scenario { rules = "rules/var_range_count.lua", players = 2 }
  local g = s:game()
  local ok, err = pcall(g.set_var, g, "var_range.n", 2, "var_range.n", 9)
  assert(not ok and tostring(err):find("set_var: the value of 'var_range.n' 9 is outside the allowed 0..3", 1, true),
    tostring(err))
  assert(s:var("var_range.n") == 0, s:var("var_range.n"))
  g:set_var("var_range.n", 2)
  assert(s:var("var_range.n") == 2, s:var("var_range.n"))
end)

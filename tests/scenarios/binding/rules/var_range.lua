-- Game variables with a declared range: x:var(name, { min =, max = }).
local x = expansion { name = "var_range", options = { case = "count" } }
local case = x.options.case
if case == "count" then
  -- counts the turns, and may count at most 3
  local n = x:var("var_range.n", { min = 0, max = 3 })
  x:hook { point = "turn_end", name = "count", fn = function(game) game:set_var(n, game:var(n) + 1) end }
elseif case == "no_zero" then
  x:var("var_range.a", { min = 1, max = 3 })
elseif case == "bad_key" then
  x:var("var_range.b", { mn = 0 })
elseif case == "not_whole" then
  x:var("var_range.c", { min = 0, max = 2.5 })
elseif case == "twice" then
  x:var("var_range.d", { min = 0, max = 3 })
  x:var("var_range.d", { min = 0, max = 4 })
elseif case == "full_then_narrow" then
  x:var("var_range.z", { min = -(1 << 31), max = (1 << 31) - 1 }) -- every 32-bit value, given
  x:var("var_range.z", { min = 0, max = 3 })
elseif case == "stack" then
  -- a stack of two cards needs 0..2 and 0..2: a variable of 0..9 cannot be one
  x:var("var_range.active", { min = 0, max = 9 })
  local stack = { cards = { "var_range.c1", "var_range.c2" }, active = "var_range.active", rest = "var_range.rest" }
  x:hook { point = "setup", name = "deal", deal = { stack } }
end

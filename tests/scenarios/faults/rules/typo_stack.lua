-- luacheck: read globals expansion
local x = expansion { name = "typo_stack" }
x:hook {
  point = "setup", name = "deal",
  deal = { { cards = { "typo_stack.a", "typo_stack.b" }, active = "typo_stack.on", rest = "typo_stack.rest",
             shufle = false } },
}

-- luacheck: read globals expansion
local x = expansion { name = "typo_step" }
x:handler {
  name = "inn", priority = 320, kinds = { "road" },
  completed = { ad = { unit_rate = 1 } },
  final = { set = { unit_rate = 0 } },
}

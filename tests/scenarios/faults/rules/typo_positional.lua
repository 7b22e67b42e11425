-- luacheck: read globals expansion
local x = expansion { name = "typo_positional" }
x:handler { "road", name = "roads", priority = 430, set = { total = 0 } }

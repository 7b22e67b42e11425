-- luacheck: read globals expansion
local x = expansion { name = "typo_expansion_option", option = { bonus = 3 } }
x:kind("bridge")

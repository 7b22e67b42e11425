-- luacheck: read globals expansion
local x = expansion {
  name = "typo_expansion",
  requirs = { "inns_cathedrals" },
}
x:kind("bridge")

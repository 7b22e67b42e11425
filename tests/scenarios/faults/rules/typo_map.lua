-- luacheck: read globals expansion
local x = expansion { name = "typo_map" }
x:map("no_map_needed", { folowers = 5 })

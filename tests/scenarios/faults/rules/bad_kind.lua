-- luacheck: read globals expansion
local x = expansion { name = "bad_kind" }
x:kind("")

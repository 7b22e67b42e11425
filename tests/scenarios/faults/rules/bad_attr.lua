-- luacheck: read globals expansion
local x = expansion { name = "bad_attr" }
x:tile_attr("A", "bad\2name", 1)

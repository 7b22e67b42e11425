-- For tests/scenarios/binding/requires.lua: a tile, and a handler giving a
-- road 1 point more.
-- luacheck: read globals expansion
local x = expansion { name = "req_base", requires = {}, options = {} }
x:tiles("req_base", "RB 1 road:E,W field:Wr,N,El field:Er,S,Wl\n")
x:handler { name = "bonus", priority = 450, kinds = { "road" }, add = { total = 1 } }

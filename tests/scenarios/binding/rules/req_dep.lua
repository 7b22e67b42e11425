-- For tests/scenarios/binding/requires.lua: a tile, and req_base required.
-- luacheck: read globals expansion
local x = expansion { name = "req_dep", requires = { "req_base" }, options = {} }
x:tiles("req_dep", "RD 1 road:E,W field:Wr,N,El field:Er,S,Wl\n")

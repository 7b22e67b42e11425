-- For tests/scenarios/binding/requires.lua: requires req_cy1, which requires it.
-- luacheck: read globals expansion
local x = expansion { name = "req_cy2", requires = { "req_cy1" }, options = {} }
x:tiles("req_cy2", "RC2 1 road:E,W field:Wr,N,El field:Er,S,Wl\n")

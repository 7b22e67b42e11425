-- For tests/scenarios/binding/requires.lua: requires req_cy2, which requires it.
-- luacheck: read globals expansion
local x = expansion { name = "req_cy1", requires = { "req_cy2" }, options = {} }
x:tiles("req_cy1", "RC1 1 road:E,W field:Wr,N,El field:Er,S,Wl\n")

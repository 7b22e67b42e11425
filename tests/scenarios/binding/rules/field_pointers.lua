-- An expansion for tests/scenarios/binding/field_pointers.lua: a tile whose
-- field carries a pointer south, along its road, and a final-scoring handler
-- on fields that counts the pointers that hold, with or without ferries.
-- luacheck: read globals expansion
local x = expansion { name = "field_pointers", requires = {}, options = { ferries = true } }
x:tiles("field_pointers", "FP1 1 road:S field:N,E,W,Sl,Sr+points=S\n")
x:handler {
  name = "count", priority = 450, kinds = { "field" }, reasons = { "final" },
  add = { total = { pointers = { points = 0 }, ferries = x.options.ferries } },
}

-- A handler whose attr filter cannot be interned must be refused, never
-- applied to every feature. test_filter_names.c.
local x = expansion { name = "filter_names_attr", options = {} }
x:handler {
  name = "bonus", priority = 320, attr = "filter_names." .. string.rep("z", 60),
  add = { unit_rate = 100 },
}

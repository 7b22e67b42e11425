-- A map whose signal flag cannot be interned: refused, not a map whose
-- signal is silently off. test_filter_names.c.
local x = expansion { name = "filter_names_map", options = {} }
x:map("demo", { signal = "filter_names_map." .. string.rep("z", 60) })

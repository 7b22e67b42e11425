-- Handlers without filters (docs/lua-api.md, "Filters"): no kinds, no reasons.
local x = expansion { name = "unfiltered" }
x:handler { name = "left_out", priority = 350, add = { adjust = 1 } }
x:handler { name = "empty", priority = 350, kinds = {}, reasons = {}, add = { adjust = 10 } }

-- For tests/scenarios/binding/requires.lua: a road's total set to 100 at
-- the priority of req_base's bonus, so the two run in load order.
-- luacheck: read globals expansion
local x = expansion { name = "req_set", requires = {}, options = {} }
x:handler { name = "hundred", priority = 450, kinds = { "road" }, set = { total = 100 } }

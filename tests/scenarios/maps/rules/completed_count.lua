-- For tests/scenarios/maps/half_ferry.lua: counts feature_completed calls.
-- luacheck: read globals expansion
local x = expansion { name = "completed_count", requires = {}, options = {} }
x:var("completed_count.n")
x:hook { point = "feature_completed", name = "count", fn = function(game)
  game:set_var("completed_count.n", game:var("completed_count.n") + 1)
end }

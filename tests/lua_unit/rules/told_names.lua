-- For tests/lua_unit/test_told_names.c: a placement hook (one call a square,
-- or batched) that refuses every square while told.refuse is 1, saying the
-- tile name it was told.
-- luacheck: read globals expansion
local x = expansion { name = "told_names", requires = {}, options = { batch = false } }
x:var("told.refuse")
if x.options.batch then
  x:hook { point = "placement", name = "see", batch = true, fn = function(game, args)
    if game:var("told.refuse") ~= 1 then return end
    for i = 1, args.count do args.refuse[i] = "told " .. tostring(args.tile) end
  end }
else
  x:hook { point = "placement", name = "see", fn = function(game, args)
    if game:var("told.refuse") == 1 then return false, "told " .. tostring(args.tile) end
    return true
  end }
end

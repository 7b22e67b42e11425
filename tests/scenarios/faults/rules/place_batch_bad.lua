-- A batched placement hook that leaves args.refuse a number.
-- luacheck: read globals expansion
local x = expansion { name = "place_batch_bad" }
x:hook { point = "placement", name = "judge", batch = true, fn = function(_, args)
  args.refuse = 5
end }

-- A batched placement hook that leaves marks in its args (a key, a
-- metatable, a key in a list) and refuses every candidate when it finds one
-- from an earlier call.
-- luacheck: read globals expansion
local x = expansion { name = "lent_batch" }
x:hook { point = "placement", name = "judge", batch = true, fn = function(_, args)
  local found = rawget(args, "left") ~= nil or getmetatable(args) ~= nil or rawget(args.xs, "left") ~= nil
    or getmetatable(args.refuse) ~= nil
  for i = 1, args.count do
    if found then args.refuse[i] = "found what an earlier call left" end
  end
  args.left = true
  args.xs.left = true
  setmetatable(args, {})
  setmetatable(args.refuse, {})
end }

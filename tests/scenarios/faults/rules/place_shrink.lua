-- A placement hook that answers its second listing pass otherwise than its
-- first: it refuses every placement from then on. A listing that counts,
-- then fills, must keep what the second pass wrote, not the first count.
-- luacheck: read globals expansion
local x = expansion { name = "place_shrink" }
local first, pass = nil, 0
x:hook { point = "placement", name = "shrink", fn = function(_, args)
  local key = args.x .. "," .. args.y .. "," .. args.rotation
  if first == nil then first = key end
  if key == first then pass = pass + 1 end
  if pass >= 2 then return false, "refused from the second pass on" end
end }

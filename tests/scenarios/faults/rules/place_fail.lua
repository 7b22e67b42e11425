-- Placement hooks that fail (an error, not a refusal): listing the drawn
-- tile's placements must report the failure, not offer no placement.
-- luacheck: read globals expansion
local x = expansion { name = "place_fail" }
x:hook { point = "placement", name = "raise", fn = function()
  error("a placement hook with a bug")
end }

-- For tests/scenarios/binding/hook_tile_attr.lua: a setup hook filtered on a
-- tile attribute, which no setup hook could ever match.
-- luacheck: read globals expansion
local x = expansion { name = "hook_tile_attr_setup", requires = {}, options = {} }
x:hook { point = "setup", name = "deal", tile_attr = "farmhouse", fn = function() end }

-- An expansion for tests/scenarios/binding/hook_tile_attr.lua: tiles with
-- a farmhouse, and feature hooks filtered on it that count their calls.
-- luacheck: read globals expansion
local x = expansion { name = "hook_tile_attr", requires = {}, options = {} }
x:tiles("hook_tile_attr", [[
FH 1 road:E,W field:Wr,N,El field:Er,S,Wl @farmhouse
FF 1 field:N,E,S,W @farmhouse
]])
for _, point in ipairs { "feature_completed", "feature_scored" } do
  local var = "hook_tile_attr." .. point
  x:var(var)
  x:hook { point = point, name = point, tile_attr = "farmhouse", fn = function(game)
    game:set_var(var, game:var(var) + 1)
  end }
end
-- a setup hook is told of no tile (args.tile nil); it notes one if told
x:var("hook_tile_attr.setup_tile")
x:hook { point = "setup", name = "setup", fn = function(game, args)
  if args.tile ~= nil then game:set_var("hook_tile_attr.setup_tile", 1) end
end }

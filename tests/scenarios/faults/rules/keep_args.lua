-- Keeps a hook's lent tile past the call: a scoring handler then uses it
-- (outside any hook call), and the next tile_placed call compares it with
-- the tile it is lent.
-- luacheck: read globals expansion
local x = expansion { name = "keep_args" }
local kept
x:hook { point = "tile_placed", name = "keep", fn = function(game, args)
  if kept then -- the same object, lent again: it reads this call's tile
    game:set_var("keep_args.same", rawequal(kept, args.tile) and kept.y == args.tile.y and kept.y or -1)
  end
  kept = args.tile
end }
x:var("keep_args.same")
x:handler { name = "use", priority = 350, kinds = { "road" }, fn = function()
  if kept then return kept.x end
end }

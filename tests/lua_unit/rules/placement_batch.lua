-- A placement rule written as a batched hook: one call judges the turn's
-- whole candidate list. Rule: no tile turned half round (rotation 2) on a
-- column with an even x. tests/lua_unit/test_placement_batch.c plays it
-- against placement_single.lua, the same rule one candidate at a time.
local x = expansion { name = "placement_batch", options = {} }
x:hook {
  point = "placement", name = "no_half_turn", batch = true,
  fn = function(_, args)
    local xs, rotations, refuse = args.xs, args.rotations, args.refuse
    for i = 1, args.count do
      if rotations[i] == 2 and xs[i] % 2 == 0 then refuse[i] = "no half turn on an even column" end
    end
  end,
}

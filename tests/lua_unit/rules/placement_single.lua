-- The rule of placement_batch.lua as a hook called once per candidate.
local x = expansion { name = "placement_single", options = {} }
x:hook {
  point = "placement", name = "no_half_turn",
  fn = function(_, args)
    if args.rotation == 2 and args.x % 2 == 0 then return false, "no half turn on an even column" end
    return true
  end,
}

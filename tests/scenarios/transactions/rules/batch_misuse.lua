-- A batched placement hook that tampers with its argument table in the way a
-- game flag chooses; the binding must stay in charge of the table.
local x = expansion { name = "batch_misuse" }
x:flag("batch_misuse.xs")
x:flag("batch_misuse.meta")
x:flag("batch_misuse.refuse")
local kept
x:hook {
  point = "placement", name = "judge", batch = true,
  fn = function(game, args)
    kept = args
    if game:flag("batch_misuse.xs") then args.xs = 1 end
    if game:flag("batch_misuse.meta") then
      setmetatable(args, { __index = function() while true do end end,
                           __newindex = function() while true do end end })
    end
    if game:flag("batch_misuse.refuse") then args.refuse = 7 end
  end,
}
-- a second, plain hook that reaches the kept table between calls
x:hook {
  point = "placement", name = "meddle", priority = 5,
  fn = function()
    if kept then kept.refuse = "not a table" end
    return true
  end,
}

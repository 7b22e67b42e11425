-- A handler whose error handler never returns: Lua calls a message handler
-- with hooks off when the budget's own error reaches it.
local x = expansion { name = "xpcall_loop" }
x:handler {
  name = "spin", priority = 320, kinds = { "road" },
  fn = function()
    xpcall(error, function() while true do end end)
  end,
}

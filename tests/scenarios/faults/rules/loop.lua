-- A handler that never returns, even when it catches its own errors.
local x = expansion { name = "loop" }
x:handler {
  name = "spin", priority = 320, kinds = { "road" },
  fn = function()
    while true do
      pcall(function() while true do end end)
    end
  end,
}

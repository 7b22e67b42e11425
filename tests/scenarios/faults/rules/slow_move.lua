-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_move" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    table.move({}, 1, 1e15, 1, {})
  end,
}

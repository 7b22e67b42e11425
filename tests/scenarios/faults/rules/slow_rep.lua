-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_rep" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    error("empty rep: " .. #string.rep("", 1e15) + #string.rep("", 1e15, ""))
  end,
}

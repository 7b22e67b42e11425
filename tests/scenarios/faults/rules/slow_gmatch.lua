-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_gmatch" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    for _ in string.rep("ab", 20000):gmatch("%ba-b-%1") do end
  end,
}

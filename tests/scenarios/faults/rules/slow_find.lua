-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_find" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local _ = string.rep("a", 100000):find(".-.-.-.-.-b")
  end,
}

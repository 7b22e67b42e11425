-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_method" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local s = string.rep("a", 30000)
    local _ = s:match("^(a*)*b") or s:gsub("a-a-a-b", "")
  end,
}

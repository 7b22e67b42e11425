-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_len" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local t = setmetatable({}, { __len = function() return 1e15 end })
    table.insert(t, 1, true)
  end,
}

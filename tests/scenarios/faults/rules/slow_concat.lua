-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_concat" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local _ = table.concat(setmetatable({}, { __index = tostring }), "", 1, 1e12)
  end,
}

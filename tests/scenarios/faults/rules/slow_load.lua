-- A handler whose one library call would run for hours without a bound.
local x = expansion { name = "slow_load" }
local piece = "--" .. string.rep("-", 1 << 19) .. "\n"
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local f, err = load(function() return piece end)
    if not f then error(err) end
  end,
}

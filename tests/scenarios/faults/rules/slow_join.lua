-- A handler joining 16 MiB strings again and again, each join inside a pcall
-- that would swallow an ordinary error.
local x = expansion { name = "slow_join" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local a = ("x"):rep(1 << 23)
    local n = 0
    while true do
      pcall(function() local c = a .. a; n = n + #c end)
    end
  end,
}

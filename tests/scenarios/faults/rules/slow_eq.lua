-- A handler whose instructions are each slow: comparing two equal 16 MiB
-- strings is one instruction but a 16 MiB memcmp, so its instruction budget
-- alone would allow most of an hour (the wall-clock limit ends it).
local x = expansion { name = "slow_eq" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function(ctx)
    local a = ("x"):rep(1 << 24)
    local b = ("x"):rep(1 << 24) -- the same text, another object
    local n = 0
    while a == b and a <= b do n = n + 1 end
    ctx.adjust = n
  end,
}

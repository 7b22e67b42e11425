-- A handler that loops over calls linear in a long argument that allocate
-- nothing (string.packsize of a 24 MiB format, a tenth of a second each):
-- the count hook alone would read the clock every 1024 instructions, about
-- 250 calls.
-- luacheck: read globals expansion
local x = expansion { name = "slow_pack" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local format, size = ("b"):rep(24 << 20), string.packsize
    while true do size(format) end
  end,
}

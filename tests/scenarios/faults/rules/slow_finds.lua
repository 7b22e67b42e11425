-- A handler that loops over pattern searches each just under the "pattern
-- too costly" estimate: a tenth of a second each, in a loop of a few
-- instructions, so the count hook alone reads the clock too seldom.
-- luacheck: read globals expansion
local x = expansion { name = "slow_finds" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    local s = ("a"):rep(7000)
    for _ = 1, 100000 do
      string.find(s, ".-b")
    end
  end,
}

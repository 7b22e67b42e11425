-- A handler whose awards are in range for each feature but take the score
-- out of range: the error names the feature and this handler.
local x = expansion { name = "big_award" }
x:handler {
  name = "jackpot", priority = 610, kinds = { "road", "city" },
  fn = function(ctx) ctx:set_award(1, 1000000000) end,
}

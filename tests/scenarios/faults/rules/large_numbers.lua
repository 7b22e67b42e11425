-- Numbers at the edge of what a score holds (10^9), each behind its flag:
-- a sum of them is refused with the range it left, never wrapped.
local x = expansion { name = "large_numbers" }
for _, f in ipairs { "tokens", "so_far", "random" } do x:flag("large_numbers." .. f) end
-- four tokens worth 10^9 each, added to the total as Little Buildings adds its own
x:token { name = "gem", per_player = 4, value = 1000000000 }
x:handler {
  name = "gems", priority = 510, kinds = { "road" }, tokens = true, flag = "large_numbers.tokens",
  reasons = { "completed", "final" }, add = { total = "token_points" },
}
-- each scoring gives player 1 900,000,000 and reads the score so far, as the
-- ghosts' floor does: it must never see a sum that wrapped below zero
x:handler {
  name = "so_far", priority = 650, kinds = { "road", "city", "field" }, flag = "large_numbers.so_far",
  reasons = { "completed", "final" },
  fn = function(ctx)
    if ctx:score_so_far(1) < 0 then error("the score so far wrapped: " .. ctx:score_so_far(1)) end
    ctx:set_award(1, 900000000)
  end,
}
-- an interval wider than the generator draws from
x:hook {
  point = "turn_end", name = "random", priority = 100, flag = "large_numbers.random",
  fn = function() return math.random(math.mininteger, math.maxinteger) end,
}

-- Sums near a score's limit (10^9): the engine sums in 64 bits and refuses
-- what leaves the range, naming it; no value wraps.

case("four tokens worth 10^9 on a road: the total is refused, not wrapped below zero", function()
  local s = scenario{ rules = "rules/r_large_numbers.lua", players = 2 }
  s:set_flag("large_numbers.tokens", true)
  s:follower(1, 0, 0, "road")
  s:place("U", 1, 0, 1)
  s:place("A", 2, 0, 1)
  s:place("A", -1, 0, 3)
  for _, x in ipairs { -1, 0, 1, 2 } do s:token(1, "gem", x, 0) end
  s:expect_error(function() s:end_turn() end, "handler 'large_numbers.gems'",
    "outside the allowed -1000000000..1000000000")
  s:expect_score(1, 0)
end)

case("the score so far past 2^31 reads as more than any score, not as a negative one", function()
  local s = scenario{ rules = "rules/r_large_numbers.lua", players = 2 }
  s:set_flag("large_numbers.so_far", true)
  s:game():add_score(1, 900000000)
  s:follower(1, 0, 0, "road")
  s:follower(1, 0, 0, "city")
  s:follower(1, 0, 0, "field")
  s:expect_error(function() s:final_scoring() end, "player 1's score would be 3600000000",
    "outside the allowed -1000000000..1000000000")
  s:expect_score(1, 900000000)
end)

case("math.random over the whole integer range is refused with the caller's line", function()
  local s = scenario{ rules = "rules/r_large_numbers.lua", players = 2 }
  s:set_flag("large_numbers.random", true)
  s:place("A", 1, 0, 1)
  s:expect_error(function() s:end_turn() end, "large_numbers.lua:24:", "interval is empty or too large")
end)

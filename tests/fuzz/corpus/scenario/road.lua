-- A seed for the scenario fuzz target: the calls a scenario makes most.
case("a road closed by two monasteries", function()
  local s = scenario{ players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores{ 3, 0 }
end)

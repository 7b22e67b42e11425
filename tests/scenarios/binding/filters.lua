-- A filter left out sets no condition (docs/lua-api.md, "Filters"): without
-- kinds a handler runs for every kind, without reasons for both reasons,
-- and an empty list is the same as none.

case("without kinds and reasons a handler scores a completed road", function()
  local s = scenario { rules = "rules/unfiltered_rules.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_ran("unfiltered.left_out", 1)
  s:expect_ran("unfiltered.empty", 1)
  s:expect_scores { 3 + 1 + 10, 0 }
end)

case("without kinds and reasons a handler scores a city and a field after the game", function()
  local s = scenario { rules = "rules/unfiltered_rules.lua", players = 2 }
  s:follower(1, 0, 0, "city")
  s:follower(2, 0, 0, "field")
  s:final_scoring()
  s:expect_ran("unfiltered.left_out", 2)
  s:expect_ran("unfiltered.empty", 2)
  s:expect_scores { 1 + 1 + 10, 0 + 1 + 10 }
end)

-- The large follower counts as two followers for majorities.

local RULES = "../rules/ic.lua"

case("a large follower wins a road 2 against 1", function()
  -- Blue's follower on the road A(-1,0)-D(0,0); Red's large follower on the
  -- road U(1,1)-A(1,2). V(1,0) (curve W-S) joins them:
  -- road A(-1,0), D(0,0), V(1,0), U(1,1), A(1,2) = 5 tiles, complete.
  -- Strength: Red 2, Blue 1 -> only Red scores 5.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:place("E", 0, 1, 2)
  s:place("U", 1, 1, 0)
  s:place("A", 1, 2, 2)
  s:follower(2, 0, 0, "road")
  s:figure("large_follower", 1, 1, 1, "road")
  s:place("V", 1, 0, 0)
  s:end_turn()
  s:expect_scores { 5, 0 }
end)

case("a large follower ties with two followers: 2 against 2, both score", function()
  -- Blue: a follower on A(-1,0)-D(0,0) and one on A(2,0) (road end W).
  -- Red: the large follower on U(1,1)-A(1,2).
  -- The joining tile at (1,0) is an inline tile whose one road links W, E
  -- and S: road A(-1,0), D(0,0), (1,0), A(2,0), U(1,1), A(1,2) = 6 tiles,
  -- complete. Strength Red 2, Blue 1 + 1 = 2: a tie, both score 6.
  -- E(0,1) r2 and E(2,1) r2 (caps facing S) only carry the board around.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:place("E", 0, 1, 2)
  s:place("U", 1, 1, 0)
  s:place("A", 1, 2, 2)
  s:place("E", 2, 1, 2)
  s:place("A", 2, 0, 1)
  s:follower(2, 0, 0, "road")
  s:follower(2, 2, 0, "road")
  s:figure("large_follower", 1, 1, 1, "road")
  s:place("road:E,S,W field:N,El,Wr field:Er,Sl field:Sr,Wl", 1, 0, 0)
  s:end_turn()
  s:expect_scores { 6, 6 }
end)

case("without the option there is no large follower", function()
  local s = scenario {
    rules = { expansions = { "inns_cathedrals" },
              options = { inns_cathedrals = { large_follower = false } } },
    players = 2,
  }
  s:place("U", 1, 0, 1)
  s:expect_error(function() s:figure("large_follower", 1, 1, 0, "road") end, "large_follower")
end)

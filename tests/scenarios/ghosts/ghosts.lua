-- Ghosts (docs/expansions/ghosts.md). The start tile D is at (0,0): a city
-- cap N, a road W-E. A (monastery, road S) at rotation 1 has its road on W,
-- at rotation 3 on E, so A at (1,0) r1 and A at (-1,0) r3 close D's road:
-- 3 tiles x 1 point = 3. E at (0,-1) r2 closes D's city cap: 2 tiles x 2 = 4.

local function road(s)
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
end

case("a ghost costs its owner 1 point; the feature's value stays 3", function()
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" } } }
  s:follower(1, 0, 0, "road")
  s:figure("ghost", 1, 0, 0, "road")
  road(s)
  s:end_turn()
  -- value 3 (base.total), red scores it: 3 - 1 ghost = 2
  s:expect_scores{ 2, 0 }
  s:expect_change("base.total", "total", 3)
  s:expect_change("ghosts.penalty", "award", 2)
end)

case("the penalty hits only players with the majority", function()
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" } } }
  s:follower(1, 0, 0, "road")
  s:figure("ghost", 2, 0, 0, "road")   -- blue: a ghost but no follower
  road(s)
  s:end_turn()
  -- red: majority, no ghost: 3. blue: no majority, so no penalty: 0 (not -1)
  s:expect_scores{ 3, 0 }
end)

local function city_after_road(floor)
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" },
                                             options = { ghosts = { floor = floor, per_player = 5 } } } }
  s:follower(1, 0, 0, "road")
  road(s)
  s:end_turn()                          -- red 3 for the road
  s:follower(1, 0, 0, "city")
  for _ = 1, 5 do s:figure("ghost", 1, 0, 0, "city") end
  s:place("E", 0, -1, 2)
  s:end_turn()
  return s
end

case("floor = score (default): the feature may give -1, the score stays above 0", function()
  local s = city_after_road("score")
  -- city value 4; red's award 4 - 5 ghosts = -1; red's score 3 - 1 = 2
  s:expect_scores{ 2, 0 }
end)

case("floor = feature: a player's points for the feature never below 0", function()
  local s = city_after_road("feature")
  -- award 4 - 5 = -1, raised to 0: red keeps the road's 3
  s:expect_scores{ 3, 0 }
end)

case("floor = score: a score of 0 does not go below 0", function()
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" },
                                             options = { ghosts = { per_player = 5 } } } }
  s:follower(1, 0, 0, "city")
  for _ = 1, 5 do s:figure("ghost", 1, 0, 0, "city") end
  s:place("E", 0, -1, 2)
  s:end_turn()
  -- award 4 - 5 = -1, but red's score is 0: the award is raised to 0
  s:expect_scores{ 0, 0 }
  s:expect_change("ghosts.penalty", "award", 0)
end)

case("final scoring: an open road with a ghost", function()
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" } } }
  s:follower(2, 0, 0, "road")
  s:figure("ghost", 2, 0, 0, "road")
  s:place("A", 1, 0, 1)                 -- road D + A, open to the west
  s:final_scoring()
  -- 2 tiles x 1 = 2, blue's ghost: 2 - 1 = 1
  s:expect_scores{ 0, 1 }
end)

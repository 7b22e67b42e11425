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

-- Red scores the road (3), then a city worth 4 with `ghosts` of his own on
-- it. (city_penalty = 1, the floor tests' rate: each ghost costs 1 in the
-- city too, the final-scoring table's rate; the default, 2, is tested below.)
local function city_after_road(floor, city_penalty, ghosts)
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" },
                                             options = { ghosts = { floor = floor, per_player = 5,
                                                                    city_penalty = city_penalty } } } }
  s:follower(1, 0, 0, "road")
  road(s)
  s:end_turn()                          -- red 3 for the road
  s:follower(1, 0, 0, "city")
  for _ = 1, ghosts do s:figure("ghost", 1, 0, 0, "city") end
  s:place("E", 0, -1, 2)
  s:end_turn()
  return s
end

case("floor = score (default): the feature may give -1, the score stays above 0", function()
  local s = city_after_road("score", 1, 5)
  -- city value 4; red's award 4 - 5 ghosts = -1; red's score 3 - 1 = 2
  s:expect_scores{ 2, 0 }
end)

case("floor = feature: a player's points for the feature never below 0", function()
  local s = city_after_road("feature", 1, 5)
  -- award 4 - 5 = -1, raised to 0: red keeps the road's 3
  s:expect_scores{ 3, 0 }
end)

case("city_penalty = 2 (default): a ghost costs 2 in a completed city", function()
  local s = city_after_road("score", nil, 3)  -- city_penalty not given: its default
  -- city value 4; red's award 4 - 3 ghosts x 2 = -2; red's score 3 - 2 = 1
  s:expect_scores{ 1, 0 }
  s:expect_change("ghosts.penalty", "award", -2)
  s:expect_change("base.total", "total", 4)
end)

case("city_penalty = 2 holds for completed cities only: an open city at the end costs 1 a ghost", function()
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" } } }
  s:follower(1, 0, 0, "road")
  road(s)
  s:end_turn()                          -- red 3 for the road
  s:follower(2, 0, 0, "city")
  s:figure("ghost", 2, 0, 0, "city")
  s:place("G", 0, -1, 0)                -- G: a city N-S, open to the north
  s:final_scoring()
  -- 2 tiles x 1 = 2, blue's ghost at the final scoring: 2 - 1 = 1
  s:expect_scores{ 3, 1 }
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

case("strength = 1: a ghost adds to its owner's majority", function()
  for _, v in ipairs({ { 0, { 3, 0 } }, { 1, { 3, 2 } } }) do
    local s = scenario{ players = 2, rules = { expansions = { "ghosts" },
                                               options = { ghosts = { strength = v[1] } } } }
    s:follower(1, 0, 0, "road")
    s:figure("ghost", 2, 0, 0, "road")  -- ghosts may join an occupied road
    s:place("A", 1, 0, 1)
    s:place("A", -1, 0, 3)
    s:end_turn()
    -- a 3-tile road: 3. strength 0 (default): red's follower has the
    -- majority, blue's ghost gives blue none: red 3, blue 0. strength 1: a
    -- tie (1 and 1), both score 3, and blue's ghost costs him 1: red 3, blue 2
    s:expect_scores(v[2])
  end
end)

-- Two open features at the end, red's: a 2-tile city and a 2-tile road
-- with 5 ghosts. The order in which the final scoring takes them decides
-- where red's floor stands when the road is scored.
local function final_pair(final_order)
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" }, final_order = final_order,
                                             options = { ghosts = { per_player = 5 } } } }
  s:follower(1, 0, 0, "city")
  s:follower(1, 0, 0, "road")
  for _ = 1, 5 do s:figure("ghost", 1, 0, 0, "road") end
  s:place("G", 0, -1, 0)                -- city N-S on D's cap: open, 2 tiles
  s:place("A", 1, 0, 1)                 -- road D + A, open to the west
  s:final_scoring()
  return s
end

case("floor = score: the final scoring takes roads before cities (the table's blocks)", function()
  local s = final_pair(nil)
  -- road: 2 tiles = 2, 2 - 5 ghosts = -3, floor 0 (red stands at 0): 0;
  -- city: 2 tiles x 1 = 2; red ends at 2
  s:expect_scores{ 2, 0 }
  local sc = s:scorings()
  assert(#sc == 2 and sc[1].kind == "road" and sc[1].award[1] == 0 and sc[2].kind == "city",
    "the road first, at 0, then the city")
end)

case("floor = score: final_order = { city, road } lets the city pay for the ghost road", function()
  local s = final_pair{ "city", "road" }
  -- city: 2 (red 0 -> 2); road: 2 - 5 = -3, floor -2 (red stands at 2): -2;
  -- red ends at 0
  s:expect_scores{ 0, 0 }
  local sc = s:scorings()
  assert(#sc == 2 and sc[1].kind == "city" and sc[2].award[1] == -2, "city first, then the road at -2")
end)

-- One tile completes a road with 5 ghosts (A-D-L, 3 tiles) and a city
-- (E over L, 2 tiles), both red's: the turn scores them in the same order.
local function completed_pair(final_order)
  local s = scenario{ players = 2, rules = { expansions = { "ghosts" }, final_order = final_order,
                                             options = { ghosts = { per_player = 5 } } } }
  s:follower(1, 0, 0, "road")
  for _ = 1, 5 do s:figure("ghost", 1, 0, 0, "road") end
  s:place("A", -1, 0, 3)                -- monastery road end: D's road closed to the west
  s:place("E", 0, -1, 2)                -- closes D's cap (nobody on it)
  s:place("E", 1, -1, 2)                -- city cap facing south
  s:follower(1, 1, -1, "city")
  s:place("L", 1, 0, 0)                 -- junction: the road ends; its cap closes E's city
  s:end_turn()
  return s
end

case("floor = score: a turn that completes a road and a city scores the road first", function()
  local s = completed_pair(nil)
  -- road: 3 - 5 ghosts = -2, floor 0: 0; city: 2 tiles x 2 = 4; red 4
  s:expect_scores{ 4, 0 }
end)

case("floor = score: with final_order = { city, road } the turn scores the city first", function()
  local s = completed_pair{ "city", "road" }
  -- city: 4 (red 0 -> 4); road: 3 - 5 = -2, floor -4: -2; red 2
  s:expect_scores{ 2, 0 }
end)

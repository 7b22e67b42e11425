-- Ghosts and the fairy on one road: the order matters. Both change what the
-- player receives (player stage); by default ghosts (610) come before the
-- fairy (620), as the rules' table lists the fairy among the scoring figures
-- after the features. With floor = "feature", the ghost penalty can only
-- lower a player's points for the feature to 0, so moving the fairy first
-- changes the result. D at (0,0); A at (1,0) r1 and (-1,0) r3 close a
-- 3-tile road: value 3.

local function play(order)
  local s = scenario{ players = 2, rules = {
    expansions = { "ghosts", "fairy" },
    options = { ghosts = { floor = "feature", per_player = 5 } },
    order = order } }
  s:follower(1, 0, 0, "road")
  for _ = 1, 5 do s:figure("ghost", 1, 0, 0, "road") end
  s:figure("fairy", nil, 0, 0, "road")
  s:set_var("fairy.owner", 1)
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()
  return s
end

case("default order: ghosts, then the fairy: red 3", function()
  local s = play(nil)
  -- award 3; ghosts: 3 - 5 = -2, raised to 0; fairy: 0 + 3 = 3
  s:expect_scores{ 3, 0 }
  local ran = table.concat(s:scorings()[1].ran, " ")
  assert(ran:find("ghosts.penalty fairy.bonus", 1, true), ran)
end)

case("fairy moved before the ghosts (605): red 1", function()
  local s = play({ ["fairy.bonus"] = 605 })
  -- award 3; fairy: 3 + 3 = 6; ghosts: 6 - 5 = 1
  s:expect_scores{ 1, 0 }
end)

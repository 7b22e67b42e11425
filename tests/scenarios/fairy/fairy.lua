-- The fairy (docs/expansions/fairy.md). The start tile D is at (0,0): a city
-- cap N, a road W-E; A (monastery, road S) at (1,0) r1 and at (-1,0) r3
-- close D's road: 3 tiles x 1 = 3.

case("a feature scored with the fairy: +3 to the fairy's owner", function()
  local s = scenario{ players = 2, rules = { expansions = { "fairy" } } }
  s:follower(1, 0, 0, "road")
  s:figure("fairy", nil, 0, 0, "road")
  s:set_var("fairy.owner", 1)
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()
  -- road 3 + fairy 3 = 6 for red; the fairy goes back to the supply
  s:expect_scores{ 6, 0 }
  assert(s:var("fairy.owner") == 0, "the fairy left the board")
end)

case("1 point at the start of the fairy's owner's turn", function()
  local s = scenario{ players = 2, rules = { expansions = { "fairy" } } }
  s:place("U", 1, 0, 1)                 -- a road W-E beside D: nothing closes
  s:follower(2, 1, 0, "road")
  s:figure("fairy", nil, 1, 0, "road")
  s:set_var("fairy.owner", 2)
  s:end_turn()                          -- red's turn ends, blue's starts: blue +1
  s:expect_scores{ 0, 1 }
  s:end_turn()                          -- blue's turn ends, red's starts: nothing
  s:expect_scores{ 0, 1 }
  s:end_turn()                          -- blue's turn again: +1
  s:expect_scores{ 0, 2 }
end)

-- A 5-tile road: red's large follower (strength 2) on D's road, blue's
-- follower on a second road that the V at (1,0) joins to it.
local function split_road(needs_majority)
  local s = scenario{ players = 2, rules = {
    expansions = { "inns_cathedrals", "fairy" },
    options = { fairy = { needs_majority = needs_majority } } } }
  s:figure("large_follower", 1, 0, 0, "road")
  s:place("B", 0, 1, 0)                 -- monastery, fields only
  s:place("V", 1, 1, 2)                 -- curve N-E, not yet joined
  s:follower(2, 1, 1, "road")
  s:figure("fairy", nil, 1, 1, "road")
  s:set_var("fairy.owner", 2)
  s:place("V", 1, 0, 0)                 -- curve S-W: joins D's road and the other
  s:place("A", -1, 0, 3)                -- closes the west end
  s:place("A", 2, 1, 1)                 -- closes the east end
  s:end_turn()
  return s
end

case("needs_majority = false (default): the fairy pays its owner without the majority", function()
  local s = split_road(false)
  -- road: A, D, V, V, A = 5 tiles x 1 = 5; red (strength 2) beats blue (1)
  -- red 5; blue has a follower by the fairy: +3
  s:expect_scores{ 5, 3 }
end)

case("needs_majority = true: only if the owner scores the feature", function()
  local s = split_road(true)
  -- red 5; blue does not score the road, so no fairy bonus
  s:expect_scores{ 5, 0 }
  s:expect_ran("fairy.bonus", 1)
end)

case("bonus = 5, turn_point = 2", function()
  local s = scenario{ players = 2, rules = { expansions = { "fairy" },
                                             options = { fairy = { bonus = 5, turn_point = 2 } } } }
  s:follower(1, 0, 0, "road")
  s:figure("fairy", nil, 0, 0, "road")
  s:set_var("fairy.owner", 1)
  s:place("A", 1, 0, 1)                 -- the road stays open to the west
  s:end_turn()                          -- red's turn ends: blue's starts, nothing
  s:end_turn()                          -- blue's ends, red's starts: red + 2
  s:expect_scores{ 2, 0 }
  s:place("A", -1, 0, 3)                -- closes the road in red's turn
  s:end_turn()
  -- road 3 + fairy 5 = 8, and the fairy leaves: red 2 + 8 = 10
  s:expect_scores{ 10, 0 }
end)

case("the turn point is a record naming the fairy's hook; records sum to the scores", function()
  local s = scenario{ players = 2, rules = { expansions = { "fairy" } } }
  s:follower(1, 0, 0, "road")
  s:figure("fairy", nil, 0, 0, "road")
  s:set_var("fairy.owner", 1)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:end_turn()                          -- red's turn starts: red + 1
  s:expect_scores{ 1, 0 }
  local sc = s:scorings()
  local last = sc[#sc]
  if last.reason ~= "hook" or last.hook ~= "fairy.turn_point" or last.award[1] ~= 1 or last.award[2] ~= 0 then
    error(("expected a record of 1 point to red from fairy.turn_point, got %s %s %s"):format(
      tostring(last.reason), tostring(last.hook), tostring(last.award[1])))
  end
  if last.changes[1].handler ~= "fairy.turn_point" or last.changes[1].field ~= "award" then
    error("the record's change does not name the hook")
  end
  if not s:breakdown():find("points from fairy.turn_point: red +1", 1, true) then
    error("breakdown: " .. s:breakdown())
  end
  s:place("A", -1, 0, 3)                -- road 3 + fairy 3
  s:end_turn()
  s:expect_scores{ 7, 0 }
  local sum = { 0, 0 }
  for _, r in ipairs(s:scorings()) do
    for p = 1, 2 do sum[p] = sum[p] + r.award[p] end
  end
  if sum[1] ~= 7 or sum[2] ~= 0 then error(("records sum to %d, %d"):format(sum[1], sum[2])) end
end)

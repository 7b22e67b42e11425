-- Strict scenarios: every move goes through a real turn (the tile named or
-- drawn from the bag, a legal placement, one legal action on the tile just
-- placed by the player whose turn it is). The start tile D lies at (0,0):
-- a city cap N and a road W-E. A (monastery, road S) at rotation 1 has its
-- road on W, at rotation 3 on E.

case("strict: two real turns close a road; red scores 3", function()
  local s = scenario{ players = 2, strict = true }
  s:place("A", 1, 0, 1)            -- red's turn: road end W meets D's road
  s:follower(1, 1, 0, "road")      -- on the tile just placed; ends red's turn
  s:end_turn()                     -- the action already ended it: nothing more
  s:place("A", -1, 0, 3)           -- blue's turn: closes the road
  s:end_turn()                     -- blue passes
  -- road: D + two A = 3 tiles x 1 point = 3, for red
  s:expect_scores{ 3, 0 }
  s:expect_ran("base.majority", 1)
end)

case("strict: a follower only on the tile just placed", function()
  local s = scenario{ players = 2, strict = true }
  s:place("A", 1, 0, 1)
  s:expect_error(function() s:follower(1, 0, 0, "road") end, "only the tile just placed")
end)

case("strict: only the player whose turn it is acts", function()
  local s = scenario{ players = 2, strict = true }
  s:place("A", 1, 0, 1)
  s:expect_error(function() s:follower(2, 1, 0, "road") end, "it is player 1's turn")
  s:expect_error(function() s:set_player(2) end, "set_player is not allowed")
end)

case("strict: an illegal placement is refused", function()
  local s = scenario{ players = 2, strict = true }
  -- A at rotation 0 shows field on W, against D's road on E
  s:expect_error(function() s:place("A", 1, 0, 0) end, "does not match")
  s:expect_error(function() s:place("A", 5, 5, 0) end, "not next to a placed tile")
end)

case("strict: no follower on a feature already occupied", function()
  local s = scenario{ players = 2, strict = true }
  s:place("A", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:place("U", -1, 0, 1)           -- blue: a straight road W-E, joins red's road
  s:expect_error(function() s:follower(2, -1, 0, "road") end, "follower")
  s:end_turn()
  s:expect_scores{ 0, 0 }          -- the road (U, D, A) is still open at W
end)

case("strict: one action a turn", function()
  local s = scenario{ players = 2, strict = true }
  s:place("A", 1, 0, 1)
  s:follower(1, 1, 0, "monastery")
  s:expect_error(function() s:follower(1, 1, 0, "road") end, "no action expected")
  s:expect_error(function() s:end_turn() s:end_turn() end, "no tile was placed")
end)

case("strict with a bag: the tile comes from the bag", function()
  local s = scenario{ players = 2, strict = true, bag = true, seed = 3 }
  local tile = s:draw()
  assert(type(tile) == "string", "a tile is drawn")
  local where = s:placements()
  assert(#where > 0, "the drawn tile fits somewhere")
  local other = tile == "B" and "E" or "B"
  s:expect_error(function() s:place(other, where[1].x, where[1].y, where[1].rotation) end,
    "drawn from the bag")
  s:place(tile, where[1].x, where[1].y, where[1].rotation)
  s:end_turn()
  assert(s:draw() ~= nil, "the next tile is drawn for blue")
  s:expect_scores{ 0, 0 }          -- two tiles on the board, nothing to score
end)

case("strict with a bag: a whole game of real turns, then no more tiles", function()
  local s = scenario{ players = 2, strict = true, bag = true, seed = 7 }
  local turns = 0
  while s:draw() do
    local where = s:placements()[1]
    s:place(s:draw(), where.x, where.y, where.rotation)
    s:end_turn()                        -- every player passes: nobody scores
    turns = turns + 1
  end
  -- 71 tiles in the bag (72 minus the start tile), less any that fit nowhere
  assert(turns > 60 and turns <= 71, "turns: " .. turns)
  s:expect_error(function() s:place("E", 0, -1, 2) end, "the bag is empty")
  s:final_scoring()
  s:expect_scores{ 0, 0 }
end)

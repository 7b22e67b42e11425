-- Mage & Witch through real turns (strict scenario): a tile with a magic gate
-- makes the player move the Mage or the Witch after his own action. D at
-- (0,0) has a road W-E; MW_STRAIGHT at (1,0) r1 is a gate tile with a road
-- W-E; A at (2,0) r1 and (-1,0) r3 end the road.

case("strict: a gate tile: follower, then the Mage must move; road 4 + Mage 4", function()
  local s = scenario{ players = 2, strict = true, rules = { expansions = { "mage_witch" } } }
  s:place("MW_STRAIGHT", 1, 0, 1)       -- red
  s:follower(1, 1, 0, "road")
  s:expect_error(function() s:end_turn() end, "the turn is not over")
  s:figure("mage", nil, 1, 0, "road")   -- the move ends red's turn
  s:place("A", 2, 0, 1)                 -- blue passes
  s:end_turn()
  s:place("A", -1, 0, 3)                -- red closes the road
  s:end_turn()
  -- road A, D, MW, A = 4 tiles x 1 = 4, Mage + 1 per tile = 4: red 8
  s:expect_scores{ 8, 0 }
  s:expect_ran("mage_witch.mage", 1)
end)

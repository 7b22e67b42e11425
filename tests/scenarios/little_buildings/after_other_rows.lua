-- Little buildings are added after every other row of the feature: inns,
-- cathedrals, Mage and Witch (seed rules, footnote 2; priority 510).

local ALL = "../rules/all_three.lua"

case("completed inn road + 1 building: 4 * 2 + 1 = 9", function()
  -- Road A(-1,0), D(0,0), IC_INN_STRAIGHT(1,0) r1, W(2,0): inn -> 8; shed +1.
  local s = scenario { rules = ALL, players = 2 }
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:token(1, "shed", 1, 0)
  s:place("A", -1, 0, 3)
  s:place("W", 2, 0, 0)
  s:end_turn()
  s:expect_scores { 9, 0 }
end)

case("open inn road at the end + 1 building: 0 + 1 = 1", function()
  -- Road A(-1,0), D(0,0), IC_INN_STRAIGHT(1,0) r1, open: inn -> 0; tower +1.
  local s = scenario { rules = ALL, players = 2 }
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(2, 1, 0, "road")
  s:token(2, "tower", 0, 0)
  s:place("A", -1, 0, 3)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 0, 1 }
end)

case("completed cathedral city + 1 building: 18 + 1 = 19", function()
  -- City D(0,0), IC_CATHEDRAL(0,-1), arms cap (0,-2), E(1,-1) r3,
  -- E(-1,-1) r1: 5*3 + 1*3 = 18; a house on the cathedral +1 -> 19.
  local s = scenario { rules = ALL, players = 2 }
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(1, 0, -1, "city")
  s:token(1, "house", 0, -1)
  s:place("city:S+arms field:N,E,W", 0, -2, 0)
  s:place("E", 1, -1, 3)
  s:place("E", -1, -1, 1)
  s:end_turn()
  s:expect_scores { 19, 0 }
end)

case("Mage on a completed road + 1 building: 3 + 3 + 1 = 7", function()
  -- Road A(-1,0), D(0,0), A(1,0) r1: 3; Mage +3; shed +1.
  local s = scenario { rules = ALL, players = 2 }
  s:place("A", -1, 0, 3)
  s:follower(1, 0, 0, "road")
  s:figure("mage", nil, 0, 0, "road")
  s:token(1, "shed", -1, 0)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores { 7, 0 }
end)

case("Witch halves first, then the buildings: ceil(8/2) + 2 = 6", function()
  -- City D(0,0), F(0,-1) r1 (arms), E(0,-2) r2: 3*2 + 1*2 = 8; Witch -> 4;
  -- a house and a shed (basic: 1 each) -> 6.
  local s = scenario { rules = ALL, players = 2 }
  s:place("F", 0, -1, 1)
  s:follower(2, 0, -1, "city")
  s:figure("witch", nil, 0, -1, "city")
  s:token(1, "house", 0, -1)
  s:place("E", 0, -2, 2)
  s:token(2, "shed", 0, -2)
  s:end_turn()
  s:expect_scores { 0, 6 }
end)

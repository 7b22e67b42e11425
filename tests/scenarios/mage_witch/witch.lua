-- The Witch (Mage & Witch): seed rows "Road with Witch" and "City with
-- Witch": the points of every earlier row are halved, rounded up.
-- Start tile D at (0,0): city cap N, road E-W.

local RULES = "../rules/ic_mw.lua"

case("Witch on a completed 3-tile city with 1 coat of arms: ceil(8/2) = 4", function()
  -- City D(0,0), F(0,-1) r1 (city N-S, arms), E(0,-2) r2 (cap S):
  -- 3 tiles * 2 + 1 * 2 = 8; Witch -> 4.
  local s = scenario { rules = RULES, players = 2 }
  s:place("F", 0, -1, 1)
  s:follower(1, 0, -1, "city")
  s:figure("witch", nil, 0, -1, "city")
  s:place("E", 0, -2, 2)
  s:end_turn()
  s:expect_scores { 4, 0 }
  s:expect_change("mage_witch.witch", "total", 4)
end)

case("Witch on a completed road rounds up: ceil(3/2) = 2", function()
  -- Road A(-1,0), D(0,0), A(1,0) r1: 3; Witch -> 2.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:follower(2, 0, 0, "road")
  s:figure("witch", nil, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores { 0, 2 }
end)

case("Witch on a completed inn road: ceil(3*2/2) = 3", function()
  -- Road A(-1,0), D(0,0), IC_INN_JUNCTION(1,0) r0 (inn on its W end):
  -- 3 tiles * 2 = 6; Witch -> 3.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:follower(1, 0, 0, "road")
  s:figure("witch", nil, 0, 0, "road")
  s:place("IC_INN_JUNCTION", 1, 0, 0)
  s:end_turn()
  s:expect_scores { 3, 0 }
end)

case("Witch on an open inn road at the end: ceil(0/2) = 0", function()
  -- Road A(-1,0), D(0,0), IC_INN_STRAIGHT(1,0) r1, open: inn -> 0; Witch 0.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:figure("witch", nil, 1, 0, "road")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 0, 0 }
end)

case("Witch on a completed cathedral city: ceil(18/2) = 9", function()
  -- City D(0,0), IC_CATHEDRAL(0,-1), arms cap (0,-2), E(1,-1) r3,
  -- E(-1,-1) r1: 5*3 + 1*3 = 18; Witch -> 9.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(2, 0, -1, "city")
  s:figure("witch", nil, 0, -1, "city")
  s:place("city:S+arms field:N,E,W", 0, -2, 0)
  s:place("E", 1, -1, 3)
  s:place("E", -1, -1, 1)
  s:end_turn()
  s:expect_scores { 0, 9 }
end)

case("Witch on an open cathedral city at the end: 0", function()
  local s = scenario { rules = RULES, players = 2 }
  -- City D(0,0), IC_CATHEDRAL(0,-1), E(1,-1) r3, E(-1,-1) r1, open: 0 -> 0.
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(1, 0, -1, "city")
  s:figure("witch", nil, 0, -1, "city")
  s:place("E", 1, -1, 3)
  s:place("E", -1, -1, 1)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 0, 0 }
end)

case("Witch on an open city at the end: ceil((2 + 1)/2) = 2", function()
  -- City D(0,0), F(0,-1) r1 (arms), open: final 2 * 1 + 1 * 1 = 3 -> 2.
  local s = scenario { rules = RULES, players = 2 }
  s:place("F", 0, -1, 1)
  s:follower(1, 0, -1, "city")
  s:figure("witch", nil, 0, -1, "city")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 2, 0 }
end)

case("Mage and Witch never share a feature; each scores its own", function()
  -- Mage on road A(-1,0), D(0,0), A(1,0): 3 + 3 = 6 for Red.
  -- Witch on city D(0,0), F(0,-1) r1, E(0,-2) r2: ceil(8/2) = 4 for Blue.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:place("F", 0, -1, 1)
  s:follower(1, 0, 0, "road")
  s:follower(2, 0, -1, "city")
  s:figure("mage", nil, 0, 0, "road")
  s:expect_error(function() s:figure("witch", nil, 0, 0, "road") end, "cannot share")
  s:figure("witch", nil, 0, -1, "city")
  s:place("A", 1, 0, 1)
  s:place("E", 0, -2, 2)
  s:end_turn()
  s:expect_scores { 6, 4 }
end)

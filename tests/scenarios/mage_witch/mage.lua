-- The Mage (Mage & Witch): seed rows "Road with Mage" and "City with Mage":
-- +1 point per tile, also on an open inn road or cathedral city at the end,
-- whose value is 0 before the Mage adds his points.
-- Start tile D at (0,0): city cap N, road E-W. A: monastery with road S
-- (rotation 3: road E, rotation 1: road W). E: city cap N (r1 E, r2 S, r3 W).

local RULES = "../rules/ic_mw.lua"

case("Mage on a completed 3-tile road: 3 + 3 = 6", function()
  -- Road A(-1,0), D(0,0), A(1,0): 3 tiles * 1 = 3; Mage +1 per tile -> 6.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:follower(1, 0, 0, "road")
  s:figure("mage", nil, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores { 6, 0 }
  s:expect_change("mage_witch.mage", "total", 6)
end)

case("Mage on an open road at the end: 3 + 3 = 6", function()
  -- Road A(-1,0), D(0,0), U(1,0) r1, open east: final 3 * 1 = 3; Mage +3.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:place("U", 1, 0, 1)
  s:follower(2, 1, 0, "road")
  s:figure("mage", nil, 1, 0, "road")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 0, 6 }
end)

case("Mage on an open inn road at the end: 0 + 3 = 3", function()
  -- Road A(-1,0), D(0,0), IC_INN_STRAIGHT(1,0) r1, open east: the inn makes
  -- it 3 * 0 = 0; the Mage still adds 1 per tile: 3.
  local s = scenario { rules = RULES, players = 2 }
  s:place("A", -1, 0, 3)
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:figure("mage", nil, 1, 0, "road")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 3, 0 }
  s:expect_change("inns_cathedrals.inn", "unit_rate", 0)
  s:expect_change("mage_witch.mage", "total", 3)
end)

case("Mage on a completed inn road: 4 * 2 + 4 = 12", function()
  -- Road A(-1,0), D(0,0), IC_INN_STRAIGHT(1,0), W(2,0): 4 tiles, inn 2 per
  -- tile = 8; Mage +4 -> 12.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:figure("mage", nil, 1, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("W", 2, 0, 0)
  s:end_turn()
  s:expect_scores { 12, 0 }
end)

case("Mage on a completed cathedral city: 5*3 + 1*3 + 5 = 23", function()
  -- City D(0,0), IC_CATHEDRAL(0,-1), arms cap (0,-2), E(1,-1) r3,
  -- E(-1,-1) r1: 5 tiles, 1 arms; cathedral 3/3 -> 18; Mage +5 -> 23.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(1, 0, -1, "city")
  s:figure("mage", nil, 0, -1, "city")
  s:place("city:S+arms field:N,E,W", 0, -2, 0)
  s:place("E", 1, -1, 3)
  s:place("E", -1, -1, 1)
  s:end_turn()
  s:expect_scores { 23, 0 }
end)

case("Mage on an open cathedral city at the end: 0 + 4 = 4", function()
  -- City D(0,0), IC_CATHEDRAL(0,-1), E(1,-1) r3, E(-1,-1) r1, open north:
  -- 4 tiles; cathedral at the end -> 0; Mage +4 -> 4.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(2, 0, -1, "city")
  s:figure("mage", nil, 0, -1, "city")
  s:place("E", 1, -1, 3)
  s:place("E", -1, -1, 1)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 0, 4 }
end)

case("Mage on an open city at the end: 2 + 1 arms + 2 = 5", function()
  -- City D(0,0), F(0,-1) r1 (city N-S with arms), open north: final rates
  -- 1/1 -> 2 + 1 = 3; Mage +2 -> 5.
  local s = scenario { rules = RULES, players = 2 }
  s:place("F", 0, -1, 1)
  s:follower(1, 0, -1, "city")
  s:figure("mage", nil, 0, -1, "city")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 5, 0 }
end)

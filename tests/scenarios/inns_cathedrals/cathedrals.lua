-- Cathedrals (Inns & Cathedrals): seed rows "City with cathedral(s)".
-- Start tile D at (0,0): its city is a cap on the north edge. Caps used:
-- E (city N only; rotation 1: E, 2: S, 3: W).

local RULES = "../rules/ic.lua"

case("a completed cathedral city: 5 tiles x 3 + 1 coat of arms x 3 = 18", function()
  -- City: D(0,0) cap, IC_CATHEDRAL(0,-1), a cap with arms at (0,-2)
  -- (inline tile), E(1,-1) cap facing W, E(-1,-1) cap facing E.
  -- Base would be 5*2 + 1*2 = 12; cathedral: rates 3/3 -> 15 + 3 = 18.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(1, 0, -1, "city")
  s:place("city:S+arms field:N,E,W", 0, -2, 0)
  s:place("E", 1, -1, 3)
  s:place("E", -1, -1, 1)
  s:end_turn()
  s:expect_scores { 18, 0 }
  s:expect_change("inns_cathedrals.cathedral", "unit_rate", 3)
  s:expect_change("inns_cathedrals.cathedral", "symbol_rate", 3)
end)

case("two cathedrals in one city do not stack: 8 tiles x 3 = 24", function()
  -- City: D(0,0), IC_CATHEDRAL(0,-1), IC_CATHEDRAL(0,-2), caps E at
  -- (-1,-1) r1, (1,-1) r3, (-1,-2) r1, (1,-2) r3, (0,-3) r2.
  -- 8 tiles, no arms; rate 3 (not 4) -> 24.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(2, 0, -1, "city")
  s:place("IC_CATHEDRAL", 0, -2, 0)
  s:place("E", -1, -1, 1)
  s:place("E", 1, -1, 3)
  s:place("E", -1, -2, 1)
  s:place("E", 1, -2, 3)
  s:place("E", 0, -3, 2)
  s:end_turn()
  s:expect_scores { 0, 24 }
end)

case("a cathedral city still open at the end scores 0", function()
  -- Red: D(0,0), IC_CATHEDRAL(0,-1), E(1,-1) r3, E(-1,-1) r1; the north of
  --   the cathedral stays open. Final: rates 0 -> 0.
  -- Blue: E(0,1) r2, a lone open cap: final 1 per tile -> 1.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_CATHEDRAL", 0, -1, 0)
  s:follower(1, 0, -1, "city")
  s:place("E", 1, -1, 3)
  s:place("E", -1, -1, 1)
  s:place("E", 0, 1, 2)
  s:follower(2, 0, 1, "city")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 0, 1 }
  s:expect_change("inns_cathedrals.cathedral", "unit_rate", 0)
end)

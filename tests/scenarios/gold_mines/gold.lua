-- Gold pieces (docs/expansions/gold_mines.md). The start tile D is at (0,0):
-- a city cap N, a road W-E.

local RULES = { expansions = { "gold_mines" } }

case("a road over a gold tile: 4 points, then 1 piece = 1 point", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "road")
  s:place("GM_GOLD_ROAD", 1, 0, 0)      -- road W-E with 1 gold piece
  s:place("A", 2, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()
  -- road: A, D, gold tile, A = 4 tiles x 1 = 4
  s:expect_scores{ 4, 0 }
  s:final_scoring()
  -- 1 piece: tier 1-3, 1 point each
  s:expect_scores{ 5, 0 }
  assert(s:var("gold_mines.1") == 1, "red holds 1 piece")
end)

case("7 pieces: 3 points each", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "city")
  s:place("GM_GOLD_CITY", 0, -1, 2)     -- closes D's city: 2 pieces
  s:end_turn()                          -- city 2 tiles x 2 = 4
  s:follower(1, 0, 0, "road")
  s:place("GM_GOLD_ROAD", 1, 0, 0)
  s:place("A", 2, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()                          -- road 4 tiles = 4; 1 piece
  s:place("GM_GOLD_CITY", 0, 1, 2)      -- cap facing S
  s:follower(1, 0, 1, "city")
  s:place("GM_GOLD_CITY", 0, 2, 0)      -- cap facing N: closes, 2 + 2 pieces
  s:end_turn()                          -- city 2 tiles x 2 = 4
  s:expect_scores{ 12, 0 }
  s:final_scoring()
  -- 2 + 1 + 4 = 7 pieces: tier 7-9, 3 each: 21; 12 + 21 = 33
  s:expect_scores{ 33, 0 }
end)

case("shared gold: one piece at a time from the active player", function()
  local s = scenario{ players = 2, rules = RULES }
  s:place("GM_GOLD_CITY", 0, 1, 2)      -- cap facing S: 2 pieces
  s:follower(1, 0, 1, "city")
  s:place("B", 1, 1, 0)
  s:place("B", 1, 2, 0)
  s:place("B", 1, 3, 0)
  s:place("GM_GOLD_CITY", 0, 3, 0)      -- cap facing N, apart: 2 pieces
  s:follower(2, 0, 3, "city")
  s:place("GM_GOLD_BAND", 0, 2, 0)      -- joins both caps: 1 piece; closed
  s:end_turn()                          -- red's turn
  -- city 3 tiles x 2 = 6 for both (tie); 5 pieces: red, blue, red, blue, red
  s:expect_scores{ 6, 6 }
  s:final_scoring()
  -- red 3 pieces: 3; blue 2 pieces: 2
  s:expect_scores{ 9, 8 }
end)

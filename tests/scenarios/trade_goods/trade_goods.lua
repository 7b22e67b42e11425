-- Trade goods (docs/expansions/trade_goods.md). The start tile D is at
-- (0,0): a city cap N. TG_WINE at (0,-1) r2 is a wine city cap facing S that
-- closes D's city. South of D, TG_WINE at (0,1) r2 (cap S) and E at (0,2) r0
-- (cap N) make a second wine city.

local RULES = { expansions = { "trade_goods" } }

case("the player who completes a city takes its goods; 10 for a majority", function()
  local s = scenario{ players = 2, rules = RULES }
  s:place("TG_WINE", 0, -1, 2)          -- red closes the city: 1 wine
  s:end_turn()
  s:final_scoring()
  -- red has the most wine (1 to 0): 10
  s:expect_scores{ 10, 0 }
end)

case("a tie on a good: each tied player receives 10", function()
  local s = scenario{ players = 2, rules = RULES }
  s:place("TG_WINE", 0, -1, 2)          -- red: 1 wine
  s:end_turn()                          -- red's turn ends (completions count at a turn's end)
  s:place("TG_WINE", 0, 1, 2)
  s:place("E", 0, 2, 0)                 -- blue closes the second: 1 wine
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 10, 10 }
end)

case("goods go to the completer, the city's points to its majority", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(2, 0, 0, "city")           -- blue's follower in D's city
  s:place("TG_WINE", 0, -1, 2)          -- red completes it
  s:end_turn()
  -- blue scores the city: 2 tiles x 2 = 4
  s:expect_scores{ 0, 4 }
  s:final_scoring()
  -- red holds the wine: +10
  s:expect_scores{ 10, 4 }
end)

case("each good is its own majority", function()
  local s = scenario{ players = 2, rules = RULES }
  s:place("TG_WINE", 0, -1, 2)          -- red: 1 wine
  s:end_turn()                          -- red's turn ends (completions count at a turn's end)
  s:place("TG_WINE", 0, 1, 2)           -- wine cap facing S
  s:place("TG_CLOTH", 0, 2, 0)          -- cloth band N-S
  s:place("E", 0, 3, 0)                 -- blue closes it: 1 wine, 1 cloth
  s:end_turn()
  s:final_scoring()
  -- wine: red 1, blue 1, a tie: 10 each; cloth: blue alone: 10 more
  s:expect_scores{ 10, 20 }
end)

case("points = 5: 5 per majority", function()
  local s = scenario{ players = 2, rules = { expansions = { "trade_goods" },
                                             options = { trade_goods = { points = 5 } } } }
  s:place("TG_WINE", 0, -1, 2)
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 5, 0 }
end)

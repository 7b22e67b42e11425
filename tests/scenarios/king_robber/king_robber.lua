-- The King and the Robber Baron (docs/expansions/king_robber.md). The start
-- tile D is at (0,0): a city cap N, a road W-E. No followers anywhere: the
-- points below come from the two tiles only.

local RULES = { expansions = { "king_robber" } }

case("the King goes to whoever completes a larger city; 1 point per city", function()
  local s = scenario{ players = 2, rules = RULES }
  s:place("E", 0, -1, 2)     -- red closes D's city: 2 tiles; red takes the King
  s:end_turn()               -- red's turn ends (its completions count); blue's turn
  s:place("K", 1, 0, 0)      -- city N, road S-W (joins D's road)
  s:place("G", 1, -1, 0)     -- city N-S on K's city
  s:place("E", 1, -2, 2)     -- blue closes a 3-tile city: a larger one, blue takes the King
  s:end_turn()
  s:final_scoring()
  -- 2 completed cities in the game, 1 point each, to blue; no road completed
  s:expect_scores{ 0, 2 }
  assert(s:var("king_robber.king") == 2 and s:var("king_robber.king_size") == 3, "blue holds the King")
end)

-- Two 3-tile roads: red closes D's road (A at (1,0) r1, A at (-1,0) r3);
-- blue closes A (0,1) r0 - U (0,2) - A (0,3) r2, south of D.
local function two_roads(ties)
  local s = scenario{ players = 2, rules = { expansions = { "king_robber" },
                                             options = { king_robber = { ties = ties } } } }
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)     -- red closes a 3-tile road: the Robber Baron
  s:end_turn()               -- red's turn ends (its completions count); blue's turn
  s:place("A", 0, 1, 0)
  s:place("U", 0, 2, 0)
  s:place("A", 0, 3, 2)      -- blue closes another 3-tile road
  s:end_turn()
  s:final_scoring()
  return s
end

case("ties = keeps (default): a road of the same length leaves the Robber Baron", function()
  local s = two_roads("keeps")
  -- 2 completed roads x 1 point, to red
  s:expect_scores{ 2, 0 }
end)

case("ties = takes: completing a road of the same length takes it", function()
  local s = two_roads("takes")
  s:expect_scores{ 0, 2 }
end)

case("nobody completed a city or road: nobody scores", function()
  local s = scenario{ players = 2, rules = RULES }
  s:place("U", 1, 0, 1)
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 0, 0 }
end)

case("city_points = 2: 2 per completed city", function()
  local s = scenario{ players = 2, rules = { expansions = { "king_robber" },
                                             options = { king_robber = { city_points = 2 } } } }
  s:place("E", 0, -1, 2)                -- red closes a 2-tile city
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 2, 0 }
end)

case("through real turns: the player who places the closing tile takes the King", function()
  local s = scenario{ players = 2, strict = true, rules = RULES }
  local turns = {
    { "K", 1, 0, 0 },                   -- red: city N, road S-W; nothing closes
    { "E", 0, -1, 2 },                  -- blue closes D's city (2 tiles): blue's King
    { "G", 1, -1, 0 },                  -- red: city N-S on K's
    { "E", 1, -2, 2 },                  -- blue closes a 3-tile city: still blue's
  }
  for _, t in ipairs(turns) do
    s:place(t[1], t[2], t[3], t[4])
    s:end_turn()                        -- each player passes
  end
  s:final_scoring()
  -- 2 completed cities, 1 point each, to blue
  s:expect_scores{ 0, 2 }
end)

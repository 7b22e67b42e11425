-- Cathars / siege (docs/expansions/cathars.md). The start tile D is at (0,0):
-- a city cap N, a road W-E, and north of the road a field strip that touches
-- the city ("field", D's first field). CA_SIEGE_CAP at (0,-1) rotation 2 is
-- a besieged cap facing S: it closes D's city (2 tiles).

local RULES = { expansions = { "cathars" } }

case("a besieged city completed during the game scores as usual", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "city")
  s:place("CA_SIEGE_CAP", 0, -1, 2)
  s:end_turn()
  -- 2 tiles x 2 = 4; the siege row is for the scoring after the game
  s:expect_scores{ 4, 0 }
  s:expect_not_run("cathars.siege")
end)

case("an uncompleted besieged city scores nothing after the game", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "city")
  s:place("CA_SIEGE_BAND", 0, -1, 1)    -- city N-S with a coat of arms, open N
  s:final_scoring()
  -- base: 2 tiles x 1 + 1 arms x 1 = 3; siege: rates 1 - 1 = 0, so 0
  s:expect_scores{ 0, 0 }
  s:expect_change("cathars.siege", "unit_rate", 0)
  s:expect_change("cathars.siege", "symbol_rate", 0)
end)

case("a farm doubles the besieged completed city it touches", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "field")
  s:place("CA_SIEGE_CAP", 0, -1, 2)     -- closes D's city, besieged
  s:end_turn()
  s:final_scoring()
  -- farm: 1 completed city, counted twice (x2): 2 x 3 = 6
  s:expect_scores{ 6, 0 }
  s:expect_change("cathars.farm", "count", 2)
end)

case("a farm beside a plain completed city: no doubling", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "field")
  s:place("E", 0, -1, 2)                -- closes D's city, no siege
  s:end_turn()
  s:final_scoring()
  -- 1 completed city x 3 = 3; the handler runs but changes nothing
  s:expect_scores{ 3, 0 }
  s:expect_ran("cathars.farm", 1)
end)

case("farm_factor = 3: a besieged city counts three times", function()
  local s = scenario{ players = 2, rules = { expansions = { "cathars" },
                                             options = { cathars = { farm_factor = 3 } } } }
  s:follower(1, 0, 0, "field")
  s:place("CA_SIEGE_CAP", 0, -1, 2)
  s:end_turn()
  s:final_scoring()
  -- 1 besieged city x 3 = count 3; 3 x 3 points = 9
  s:expect_scores{ 9, 0 }
end)

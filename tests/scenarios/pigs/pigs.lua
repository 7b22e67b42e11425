-- Pigs and pig-herds (docs/expansions/pigs.md). The start tile D is at (0,0):
-- city cap N, road W-E, a field strip between them ("field") that touches
-- the city. E at (0,-1) r2 closes the city (a completed city for the farm).
-- PG_HERD_ROAD at (1,0) r0 (road W-E) joins its northern field, which shows
-- a pig-herd, to D's strip; at (-1,0) r0 likewise on the west.

local RULES = { expansions = { "pigs" } }

case("a pig: +1 point per completed city for its owner", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "field")
  s:figure("pig", 1, 0, 0, "field")
  s:place("E", 0, -1, 2)
  s:end_turn()
  s:final_scoring()
  -- 1 city x 3 = 3, pig + 1 x 1 = 4
  s:expect_scores{ 4, 0 }
end)

case("a pig of a player without the majority adds nothing", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "field")
  s:figure("pig", 2, 0, 0, "field")     -- blue: a pig but no farmer
  s:place("E", 0, -1, 2)
  s:end_turn()
  s:final_scoring()
  -- red 3; blue does not score the farm, so his pig gives nothing
  s:expect_scores{ 3, 0 }
end)

case("pig-herds: +1 per city for every scorer; two herds do not stack", function()
  local s = scenario{ players = 2, rules = RULES }
  s:follower(1, 0, 0, "field")
  s:place("E", 0, -1, 2)
  s:place("PG_HERD_ROAD", 1, 0, 0)
  s:place("PG_HERD_ROAD", -1, 0, 0)
  s:end_turn()
  s:final_scoring()
  -- 1 city x (3 + 1 herd) = 4, not 5
  s:expect_scores{ 4, 0 }
  s:expect_change("pigs.herd", "unit_rate", 4)
end)

case("pig_points = 2, herd_points = 2: 1 city x (3 + 2) + 2", function()
  local s = scenario{ players = 2, rules = { expansions = { "pigs" },
                                             options = { pigs = { pig_points = 2, herd_points = 2 } } } }
  s:follower(1, 0, 0, "field")
  s:figure("pig", 1, 0, 0, "field")
  s:place("E", 0, -1, 2)
  s:place("PG_HERD_ROAD", 1, 0, 0)
  s:end_turn()
  s:final_scoring()
  -- value 1 x (3 + 2) = 5, pig 2 x 1 = 2: red 7
  s:expect_scores{ 7, 0 }
end)

-- Inns (Inns & Cathedrals): seed rows "Road with inn(s)".
-- Board conventions: the start tile D lies at (0,0), rotation 0: city on N,
-- road E-W, north field, south field. x grows east, y grows south.
-- Tiles used: A (monastery, road S; rotation 3 turns the road to E, 1 to W),
-- W (three road ends E, S, W), U (straight road N-S; rotation 1: E-W),
-- V (road curve S-W).

local RULES = "../rules/ic.lua"

case("a completed 4-tile road with an inn scores 2 per tile = 8", function()
  -- Road: A(-1,0) end, D(0,0), IC_INN_STRAIGHT(1,0) with the inn, W(2,0) end.
  -- 4 tiles; base rate 1, inn +1 -> 2 per tile; 4 * 2 = 8.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("W", 2, 0, 0)
  s:end_turn()
  s:expect_scores { 8, 0 }
  s:expect_change("inns_cathedrals.inn", "unit_rate", 2)
  s:expect_change("base.total", "total", 8)
end)

case("an inn road still open at the end scores 0; an open road without inn 1 per tile", function()
  -- Red: A(-1,0), D(0,0), IC_INN_STRAIGHT(1,0): 3 tiles, open at the east.
  --   final scoring: inn sets the rate to 0 -> 3 * 0 = 0.
  -- Blue: V(1,1) alone (road W-S, both ends open): 1 tile, no inn -> 1.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("V", 1, 1, 0)
  s:follower(2, 1, 1, "road")
  s:end_turn()
  s:expect_scores { 0, 0 }
  s:final_scoring()
  s:expect_scores { 0, 1 }
  s:expect_change("inns_cathedrals.inn", "unit_rate", 0)
end)

case("two inns on one road do not stack: 5 tiles x 2 = 10", function()
  -- Road: A(-1,0), D(0,0), IC_INN_STRAIGHT(1,0) inn, IC_INN_CITY(2,0) inn,
  -- W(3,0) end. 5 tiles; the inn bonus counts once: rate 2 -> 10 (not 15).
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  s:follower(1, 1, 0, "road")
  s:place("IC_INN_CITY", 2, 0, 0)
  s:place("A", -1, 0, 3)
  s:place("W", 3, 0, 0)
  s:end_turn()
  s:expect_scores { 10, 0 }
end)

case("an inn counts only for the road it lies on", function()
  -- IC_INN_JUNCTION at (1,0), rotation 0: three separate road ends E, S, W;
  -- the inn is on the W end.
  -- Red: A(-1,0), D(0,0), junction W end: 3 tiles with inn -> 3 * 2 = 6.
  -- Blue: junction E end + A(2,0) rotation 1 (road W): 2 tiles, no inn -> 2.
  local s = scenario { rules = RULES, players = 2 }
  s:place("IC_INN_JUNCTION", 1, 0, 0)
  s:follower(1, 0, 0, "road")
  s:follower(2, 1, 0, "road:E")
  s:place("A", -1, 0, 3)
  s:place("A", 2, 0, 1)
  s:end_turn()
  s:expect_scores { 6, 2 }
end)

-- Pigs, a pig-herd and a besieged city on one farm. The rules' farm block:
-- 3 points / completed city, pig +1, pig-herd +1, then x2 for a besieged
-- city applied to what the rows above gave it: (3 + 1 + 1) x 2 = 10.
-- D at (0,0); CA_SIEGE_CAP at (0,-1) r2 closes D's city, besieged;
-- PG_HERD_ROAD at (1,0) r0 joins its herd field to D's field strip.

case("pig, pig-herd and a besieged city: (3 + 1 + 1) x 2 = 10", function()
  local s = scenario{ players = 2, rules = { expansions = { "pigs", "cathars" } } }
  s:follower(1, 0, 0, "field")
  s:figure("pig", 1, 0, 0, "field")
  s:place("CA_SIEGE_CAP", 0, -1, 2)
  s:place("PG_HERD_ROAD", 1, 0, 0)
  s:end_turn()
  s:final_scoring()
  -- count 1 city, doubled by cathars.farm (330): 2; rate 3 + 1 herd = 4;
  -- value 2 x 4 = 8; the pig (605): + 1 x 2 = 2; red 10
  s:expect_scores{ 10, 0 }
  local ran = table.concat(s:scorings()[#s:scorings()].ran, " ")
  assert(ran:find("pigs.herd cathars.farm base.total", 1, true) and ran:find("pigs.pig", 1, true), ran)
end)

-- The Signposts on a map (the demo map, maps/demo.map; its picture and tile
-- letters are in tests/scenarios/maps/maps.lua). docs/expansions/signposts.md,
-- "On a map", says which reading this is.
-- luacheck: read globals case scenario

local F = "field:N,E,S,W"

case("a signpost pointing over a ferry route is not correct: 8 + 0", function()
  -- SP05 turned 3 at (5,5): its road runs onto the ferry (5,5)S - (5,7)N
  -- over the waves (2 coats of arms), its straight signpost points south at
  -- the ferry; its left one points east into A at (6,5), where the road
  -- ends, so that one is not correct whatever the reading. A signpost asks about the road on the next tile, and a ferry
  -- route is no tile, so it is not correct (as a road ending in a gap is
  -- not). The road: SP05, the ferry (1), A at (6,5) and A at (5,7): 3 tiles
  -- + 1 + 2 x 2 = 8. (Counting the ferry as the next tile would give 8 + 1.)
  local s = scenario { players = 2, rules = { expansions = { "maps", "signposts" } } }
  s:place(F, 5, 4, 0)
  s:place("SP05", 5, 5, 3)
  s:follower(1, 5, 5, "road")
  s:place("A", 6, 5, 1)
  s:place("A", 5, 7, 2)
  s:end_turn()
  s:expect_scores { 8, 0 }
end)

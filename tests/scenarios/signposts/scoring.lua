-- The Signposts. Start tile D at (0,0): road W-E. A (monastery, road S) r3 =
-- road E, r0 = road S; U r0 = road N-S, r1 = road W-E.
-- The signpost tiles (expansions/signposts.lua), unrotated:
--   SP01 road W-E, left at E, straight at W
--   SP03 road W-E under a city, straight at E, right at W
--   SP04 road W-E under a city, left at E, right at W
--   SP05 road S-W, left at S, straight at W
--   SP06 road S-W, right at S, left at W
--   SP08 road S-W under a city, right at S, straight at W
-- A signpost at edge d is correct when the road entering the tile beyond d
-- leaves it through the edge left of / straight on from / right of d.
-- luacheck: read globals case scenario

local RULES = { expansions = { "signposts" } }

case("all three types, 5 correct signposts: 8 tiles + 5 * 3 = 23", function()
  -- Road: A(-1,0) D(0,0) SP01(1,0) SP06(2,0) r1 SP08(2,-1) SP04(1,-1)
  --       D(0,-1) r2 A(-1,-1), a loop closed at both A tiles.
  -- SP01: straight at W -> D goes on west: correct; left at E -> SP06 r1
  --       turns north (W in, N out): correct.
  -- SP06 r1 (road W-N): right at W -> SP01 goes straight: wrong; left at N
  --       -> SP08 turns west (S in, W out): correct.
  -- SP08: right at S -> SP06 turns west (N in, W out): correct; straight at
  --       W -> SP04 goes straight: correct.
  -- SP04: left at E -> SP08 has no road north: wrong; right at W -> D r2
  --       goes straight: wrong.
  -- Correct: left 2, straight 2, right 1 = 5 of 3 types -> 15.
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place("SP06", 2, 0, 1)
  s:place("SP08", 2, -1, 0)
  s:place("SP04", 1, -1, 0)
  s:place("D", 0, -1, 2)
  s:place("A", -1, -1, 3)
  s:end_turn()
  s:expect_scores { 23, 0 }
  s:expect_change("signposts.bonus", "total", 23)
end)

case("one type: 2 correct straight signposts, 6 tiles + 2 * 1 = 8", function()
  -- A(-1,0) D SP01(1,0) SP03(2,0) U(3,0) r1 A(4,0) r1.
  -- SP01 straight at W -> D: correct; left at E -> SP03 straight: wrong.
  -- SP03 straight at E -> U: correct; right at W -> SP01 straight: wrong.
  local s = scenario { rules = RULES, players = 2 }
  s:follower(2, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place("SP03", 2, 0, 0)
  s:place("U", 3, 0, 1)
  s:place("A", 4, 0, 1)
  s:end_turn()
  s:expect_scores { 0, 8 }
end)

-- A(-1,0) D SP01(1,0) SP05(2,0) r1 U(2,-1) [A(2,-2)].
-- SP01 straight at W: correct; left at E -> SP05 r1 (W in, N out): correct.
-- SP05 r1 (road W-N): left at W -> SP01 straight: wrong; straight at N -> U
-- goes on north: correct.
local function two_types(s, close)
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place("SP05", 2, 0, 1)
  s:place("U", 2, -1, 0)
  if close then s:place("A", 2, -2, 0) end
  s:end_turn()
end

case("two types: 3 correct signposts, 6 tiles + 3 * 2 = 12", function()
  local s = scenario { rules = RULES, players = 2 }
  two_types(s, true)
  s:expect_scores { 12, 0 }
end)

case("final scoring: 1 point per correct signpost, 5 tiles + 3 = 8", function()
  -- The same road left open at U(2,-1): still 3 correct signposts.
  local s = scenario { rules = RULES, players = 2 }
  two_types(s, false)
  s:expect_scores { 0, 0 }
  s:final_scoring()
  s:expect_scores { 8, 0 }
  s:expect_change("signposts.final", "total", 8)
end)

case("a signpost pointing at an empty square is not correct at the end", function()
  -- A(-1,0) D SP01(1,0): straight at W correct, left at E points at (2,0),
  -- still empty. Final: 3 tiles + 1.
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 4, 0 }
end)

case("only incorrect signposts: the road scores its tiles", function()
  -- A(-1,0) D SP04(1,0) A(2,0) r1: left at E -> the road ends on A: wrong;
  -- right at W -> D goes straight: wrong. 4 tiles.
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP04", 1, 0, 0)
  s:place("A", 2, 0, 1)
  s:end_turn()
  s:expect_scores { 4, 0 }
end)

case("a signpost tile written in one-line notation", function()
  -- Road W-E with a straight signpost at E and @signposts for the filter.
  local tile = "road:E,W+sign_straight=E field:Wr,N,El field:Er,S,Wl @signposts=1"
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place(tile, 1, 0, 0)
  s:place("U", 2, 0, 1)
  s:place("A", 3, 0, 1)
  s:end_turn()
  s:expect_scores { 6, 0 }                 -- 5 tiles + 1 correct * 1 type
end)

case("after the Witch: 8 tiles halved to 4, then 15 for the signposts = 19", function()
  local s = scenario { rules = { expansions = { "inns_cathedrals", "mage_witch", "signposts" } },
                       players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:figure("witch", nil, 1, 0, "road")
  s:place("SP06", 2, 0, 1)
  s:place("SP08", 2, -1, 0)
  s:place("SP04", 1, -1, 0)
  s:place("D", 0, -1, 2)
  s:place("A", -1, -1, 3)
  s:end_turn()
  s:expect_scores { 19, 0 }
end)

case("a signpost through an edge that is not an end of its road is an error", function()
  -- sign_left=S on a W-E road: the scoring stops with the tile named.
  local tile = "road:E,W+sign_left=S field:Wr,N,El field:Er,S,Wl @signposts=1"
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place(tile, 1, 0, 0)
  s:place("A", 2, 0, 1)
  s:expect_error(function() s:end_turn() end, "not an end of its road")
  s:expect_scores { 0, 0 }
end)

case("the signpost handler allocates nothing in the expansion state", function()
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP04", 1, 0, 0)
  s:place("A", 2, 0, 1)
  s:end_turn()                             -- warms the state up
  s:expect_scores { 4, 0 }
  local before = s:lua_allocations()
  s:place("D", 0, 1, 2)
  s:follower(2, 0, 1, "road")
  s:place("A", -1, 1, 3)
  s:place("SP04", 1, 1, 2)
  s:place("A", 2, 1, 1)
  s:end_turn()
  local after = s:lua_allocations()
  s:expect_ran("signposts.bonus", 2)
  if after ~= before then error(("%d allocations in a signpost scoring"):format(after - before)) end
end)

-- Junctions. W is a T junction: three road ends E, S, W, each its own
-- segment, ending at the crossing; V a road curve S-W.
case("a straight signpost into a junction: the road on the far edge is another road, not correct: 4", function()
  -- A(-1,0) D SP03(1,0) W(2,0): SP03's straight signpost at E enters W by
  -- its west road, which ends at the crossing; W's east road is another
  -- segment (a check that asked only "is there a road on the required
  -- edge?" would count it). SP03's right one, at W: D goes on straight.
  -- The road: A, D, SP03, W = 4 tiles, completed, no correct signpost.
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP03", 1, 0, 0)
  s:place("W", 2, 0, 0)
  s:end_turn()
  s:expect_scores { 4, 0 }
end)

case("signposts on a junction tile's own roads: SP09's straight one, 3 tiles + 1", function()
  -- SP09 at (1,0): three roads ending at its crossing, E (straight
  -- signpost), S and W (right signpost, into D, which goes on straight:
  -- not correct, and not this road's). The east road: SP09, U (2,0) r1,
  -- A (3,0) r1 = 3 tiles; U goes on east: the straight signpost holds.
  local s = scenario { rules = RULES, players = 2 }
  s:place("SP09", 1, 0, 0)
  s:place("U", 2, 0, 1)
  s:follower(1, 2, 0, "road")
  s:place("A", 3, 0, 1)
  s:end_turn()
  s:expect_scores { 4, 0 }
end)

case("a right signpost on a junction tile, into a curve that turns right: SP10, 3 tiles + 1", function()
  -- SP10 at (1,0): a city N and three roads ending at its crossing, E
  -- (right signpost), S (left) and W. The east road enters V (2,0) r0 by
  -- its west end heading east and leaves south: a right turn, correct.
  -- A (2,1) r2 (road N) closes it: SP10, V, A = 3 tiles.
  local s = scenario { rules = RULES, players = 2 }
  s:place("SP10", 1, 0, 0)
  s:place("V", 2, 0, 0)
  s:follower(1, 2, 0, "road")
  s:place("A", 2, 1, 2)
  s:end_turn()
  s:expect_scores { 4, 0 }
end)

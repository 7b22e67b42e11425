-- The Signposts' bonus against the other expansions' modifiers, on two roads
-- of scoring.lua. Start tile D at (0,0), road W-E; A (monastery, road S)
-- r3 = road E, r0 = road S; U r0 = road N-S.
--
-- The two-types road: A(-1,0) D SP01(1,0) SP05(2,0) r1 U(2,-1) A(2,-2), 6
-- tiles. SP01 straight at W -> D goes on: correct; left at E -> SP05 r1
-- turns north: correct. SP05 r1 left at W -> SP01 goes straight: wrong;
-- straight at N -> U goes on north: correct. 3 correct of 2 types: 3 x 2.
--
-- The bonus is per signpost and per type, never per tile: what changes a
-- road's tiles or their rate (Highway, Street Fair, an inn, the Mage)
-- leaves it alone, and what comes after it (Poverty) counts it.
-- luacheck: read globals case scenario

local ALL = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts" }
local INN_NS = "road:N,S+inn field:Nr,E,Sl field:Sr,W,Nl"

-- All five; the Land Surveyors' stacks unshuffled (their default active
-- tiles unless named) and no farmhouses printed on the base tiles.
local function game(surveyors)
  local o = { shuffle = false, farmhouse_tiles = "" }
  for k, v in pairs(surveyors or {}) do o[k] = v end
  return scenario { rules = { expansions = ALL, options = { land_surveyors = o } }, players = 2 }
end

-- The two-types road, red's follower on D; `north` is the tile at (2,-1)
-- and `closed` whether A at (2,-2) closes it.
local function two_types(s, north, closed)
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:place("SP05", 2, 0, 1)
  s:place(north or "U", 2, -1, 0)
  if closed ~= false then s:place("A", 2, -2, 0) end
  s:end_turn()
end

case("Highway counts the road as 5 tiles; the signposts add their 3 x 2 after: 5 + 6", function()
  local s = game { active_road = "highway" }
  two_types(s)
  s:expect_scores { 11, 0 }
end)

case("Street Fair doubles the tiles, not the signposts: 6 x 2 + 6", function()
  local s = game { active_road = "street_fair" }
  two_types(s)
  s:expect_scores { 18, 0 }
end)

case("Poverty comes after the signposts: 6 + 6 - 3", function()
  local s = game { wealth_stack = "monastery", active_road = "poverty" }
  two_types(s)
  s:expect_scores { 9, 0 }
end)

case("an inn doubles the tiles, not the signposts: 6 x 2 + 6", function()
  -- the inn tile at (2,-1) in place of U: its road N-S goes on north, so
  -- SP05's straight signpost still holds
  local s = scenario { rules = { expansions = { "inns_cathedrals", "signposts" } }, players = 2 }
  two_types(s, INN_NS)
  s:expect_scores { 18, 0 }
end)

case("the Mage adds 1 a tile, not a signpost: the 5-signpost loop, 8 + 8 + 15", function()
  -- scoring.lua's loop: A(-1,0) D SP01(1,0) SP06(2,0) r1 SP08(2,-1)
  -- SP04(1,-1) D(0,-1) r2 A(-1,-1), 8 tiles, 5 correct signposts of 3 types
  local s = scenario { rules = { expansions = { "inns_cathedrals", "mage_witch", "signposts" } }, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("SP01", 1, 0, 0)
  s:figure("mage", nil, 1, 0, "road")
  s:place("SP06", 2, 0, 1)
  s:place("SP08", 2, -1, 0)
  s:place("SP04", 1, -1, 0)
  s:place("D", 0, -1, 2)
  s:place("A", -1, -1, 3)
  s:end_turn()
  s:expect_scores { 31, 0 }
end)

case("at the end the Witch halves the open road, then 1 a correct signpost, types ignored: ceil(5 / 2) + 3", function()
  -- the two-types road left open north of U: 5 tiles; its 3 correct
  -- signposts (of 2 types) are worth 1 each at the end
  local s = scenario { rules = { expansions = { "inns_cathedrals", "mage_witch", "signposts" } }, players = 2 }
  s:figure("witch", nil, 0, 0, "road") -- on D's road, which the tiles below extend
  two_types(s, "U", false)
  s:expect_scores { 0, 0 }
  s:final_scoring()
  s:expect_scores { 6, 0 }
end)

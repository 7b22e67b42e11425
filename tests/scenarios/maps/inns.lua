-- An inn on a road that carries a map's coats of arms (a road abroad). The
-- rules are silent: the inn's "2 a tile completed, nothing at the end" meets
-- the map's "2 a coat of arms completed, 1 at the end". The default reading
-- (maps.road_arms at 310, before the inn at 320): the inn changes the
-- tiles' rate only when the road is completed, and at the end leaves the
-- whole road worth nothing, its coats of arms too. The other reading moves
-- maps.road_arms after the inn (330): the coats of arms are the map's, and
-- score 1 each at the end whatever the inn does. Demo map as in maps.lua:
-- the start tile D at (5,3); Nordmark's road abroad (2 coats of arms) west
-- of (0,5); Sudland's (1 coat of arms) south of (3,7).
-- luacheck: read globals case scenario

local F = "field:N,E,S,W"
local INN_EW = "road:E,W+inn field:Wr,N,El field:Er,S,Wl"
local INN_NS = "road:N,S+inn field:Nr,E,Sl field:Sr,W,Nl"

local function game(order)
  return scenario { rules = { expansions = { "inns_cathedrals", "maps" }, order = order }, players = 2 }
end

local function path(s, squares)
  for _, sq in ipairs(squares) do s:place(F, sq[1], sq[2], 0) end
end

-- A (monastery, road west) at (2,5), the inn at (1,5), U at (0,5) meeting
-- Nordmark: 3 tiles + the segment abroad = 4 x 2, + 2 coats of arms x 2.
local function completed(s)
  path(s, { { 5, 4 }, { 4, 4 }, { 3, 4 }, { 3, 5 } })
  s:place("A", 2, 5, 1)
  s:place(INN_EW, 1, 5, 0)
  s:place("U", 0, 5, 1)
  s:follower(1, 0, 5, "road")
  s:end_turn()
end

-- The inn at (3,6), U at (3,7) meeting Sudland; the inn's north end open:
-- at the end 2 tiles + the segment abroad, and 1 coat of arms.
local function open_at_end(s)
  path(s, { { 5, 4 }, { 4, 4 }, { 4, 5 }, { 4, 6 } })
  s:place(INN_NS, 3, 6, 0)
  s:place("U", 3, 7, 0)
  s:follower(1, 3, 7, "road")
  s:end_turn()
  s:final_scoring()
end

case("default: a completed inn road abroad scores 4 x 2 + 2 coats of arms x 2 = 12", function()
  local s = game()
  completed(s)
  s:expect_scores { 12, 0 }
  s:expect_change("inns_cathedrals.inn", "unit_rate", 2)
  s:expect_change("maps.road_arms", "symbol_rate", 2)
end)

case("default: an open inn road abroad is worth nothing at the end, its coat of arms too", function()
  local s = game()
  open_at_end(s)
  s:expect_scores { 0, 0 }
  s:expect_change("inns_cathedrals.inn", "symbol_rate", 0)
end)

case("coats of arms after the inn: the completed road is the same 12", function()
  local s = game { ["maps.road_arms"] = 330 }
  completed(s)
  s:expect_scores { 12, 0 }
end)

case("coats of arms after the inn: the open inn road keeps 1 for its coat of arms", function()
  local s = game { ["maps.road_arms"] = 330 }
  open_at_end(s)
  s:expect_scores { 1, 0 }
  s:expect_change("maps.road_arms", "symbol_rate", 1)
end)

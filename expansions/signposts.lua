-- The Signposts: twelve land tiles with two signposts each. A signpost stands
-- at one end of a road segment and says how the road must go on across the
-- next tile: turn left, go straight on or turn right. It is correct when the
-- road entering the next tile leaves it through that edge (so it does not end
-- there). A completed road scores, on top of its value, per correct signpost
-- 1, 2 or 3 points for 1, 2 or 3 different types among its correct signposts;
-- at final scoring each correct signpost on an uncompleted road scores 1.
--
-- Notation: a road-segment attribute per signpost, sign_left / sign_straight /
-- sign_right, whose value is the tile edge (before rotation) at that end of
-- the road, through which the road leaves towards the next tile. The tile
-- carries @signposts=<number> so the scoring handlers are filtered in C.
-- Edge letters are stored as numbers (N=0, E=1, S=2, W=3) and an absent
-- attribute reads 0, so a signpost cannot name edge N: turn the tile instead
-- (every type below points through E, S or W). See docs/expansions/signposts.md.
-- luacheck: read globals expansion
-- luacheck: no max line length

local x = expansion {
  name = "signposts",
  requires = {},
  options = {},
}

--   name  copies  notation
local TILES = [[
SP01 1 road:E,W+sign_left=E+sign_straight=W field:Wr,N,El field:Er,S,Wl @signposts=2
SP02 1 road:E,W+sign_right=E+sign_left=W field:Wr,N,El field:Er,S,Wl @signposts=2
SP03 1 city:N road:E,W+sign_straight=E+sign_right=W field:El,Wr field:Er,S,Wl @signposts=2
SP04 1 city:N road:E,W+sign_left=E+sign_right=W field:El,Wr field:Er,S,Wl @signposts=2
SP05 1 road:S,W+sign_left=S+sign_straight=W field:N,E,Sl,Wr field:Sr,Wl @signposts=2
SP06 1 road:S,W+sign_right=S+sign_left=W field:N,E,Sl,Wr field:Sr,Wl @signposts=2
SP07 1 city:N road:E,S+sign_straight=E+sign_left=S field:El,Sr,W field:Er,Sl @signposts=2
SP08 1 city:N road:S,W+sign_right=S+sign_straight=W field:E,Sl,Wr field:Sr,Wl @signposts=2
SP09 1 road:E+sign_straight=E road:S road:W+sign_right=W field:N,El,Wr field:Er,Sl field:Sr,Wl @signposts=2
SP10 1 city:N road:E+sign_right=E road:S+sign_left=S road:W field:El,Wr field:Er,Sl field:Sr,Wl @signposts=2
SP11 1 road:N road:E+sign_straight=E road:S road:W+sign_left=W field:Nr,El field:Er,Sl field:Sr,Wl field:Wr,Nl @signposts=2
SP12 1 road:E,W+sign_right=W+sign_straight=E city:S field:Wr,N,El field:Er,Wl @signposts=2
]]
if TILES:find("sign_%a+=N") then error("signposts: a signpost cannot name edge N", 0) end
x:tiles("signposts", TILES)

-- Signpost types: the attribute id (x:attr), its name for messages, and the
-- quarter turns from the direction of travel to the edge the road must leave
-- the next tile by. Attribute values are edge numbers (N=0, E=1, ...).
local SIGN_NAMES = { "sign_left", "sign_straight", "sign_right" }
local SIGN_TURNS = { 3, 0, 1 }
local SIGN_IDS = {}
for i, name in ipairs(SIGN_NAMES) do SIGN_IDS[i] = x:attr(name) end
local EDGES = { "N", "E", "S", "W" }
local DX, DY = { 0, 1, 0, -1 }, { -1, 0, 1, 0 }

-- The game view's segment methods: the same functions for every game view,
-- taken once (from the first game seen), so that calls skip the lookup.
local segment_tile, segment_edges, segment_at, segment_kind
local function take_methods(game)
  segment_tile, segment_edges = game.segment_tile, game.segment_edges
  segment_at, segment_kind = game.segment_at, game.segment_kind
end

-- Is the signpost of type `i` at tile edge `value` correct? The segment's
-- tile (tx, ty, rotation) and the board edges it touches (`ends`) are read
-- once per segment by the caller. Segments are read by id (game:segment_*):
-- nothing is allocated.
local function correct(game, tx, ty, rotation, ends, value, i)
  local d = (value + rotation) % 4
  if ends & (1 << d) == 0 then
    error(string.format("signposts: tile %s at (%d,%d): %s points through edge %s, which is not "
      .. "an end of its road", game:tile_at(tx, ty).type, tx, ty, SIGN_NAMES[i], EDGES[d + 1]), 0)
  end
  local road = segment_at(game, tx + DX[d + 1], ty + DY[d + 1], (d + 2) % 4)
  if not road or segment_kind(game, road) ~= "road" then return false end
  return segment_edges(game, road) & (1 << ((d + SIGN_TURNS[i]) % 4)) ~= 0
end

-- The number of types among the correct signposts, by their bits (left 1,
-- straight 2, right 4).
local TYPES = { [0] = 0, 1, 1, 2, 1, 2, 2, 3 }

-- Correct signposts on the scored road and the number of their types: the
-- road's segments with a signpost come from one call each (a road without
-- any costs one call).
local function count(ctx)
  local game, feature = ctx.game, ctx.feature
  if not segment_tile then take_methods(game) end
  local n, seen = 0, 0
  local A, B, C = SIGN_IDS[1], SIGN_IDS[2], SIGN_IDS[3]
  local id, left, straight, right = feature:next_segment_with(nil, A, B, C)
  while id do
    local _, tx, ty, rotation = segment_tile(game, id)
    local ends = segment_edges(game, id)
    if left ~= 0 and correct(game, tx, ty, rotation, ends, left, 1) then
      n, seen = n + 1, seen | 1
    end
    if straight ~= 0 and correct(game, tx, ty, rotation, ends, straight, 2) then
      n, seen = n + 1, seen | 2
    end
    if right ~= 0 and correct(game, tx, ty, rotation, ends, right, 3) then
      n, seen = n + 1, seen | 4
    end
    id, left, straight, right = feature:next_segment_with(id, A, B, C)
  end
  return n, TYPES[seen]
end

-- 520 post_bonus, completed roads: after inns (320), the Witch (420) and the
-- Mage; points per correct signpost = number of types among them.
x:handler {
  name = "bonus", priority = 520, kinds = { "road" }, reasons = { "completed" },
  tile_attr = "signposts",
  describe = "Road with signpost(s): +1, +2 or +3 points / correct signpost for 1, 2 or 3 types among them",
  fn = function(ctx)
    local n, kinds = count(ctx)
    if n > 0 then ctx.total = ctx.total + n * kinds end
  end,
}

-- 520 post_bonus, final scoring: 1 point per correct signpost.
x:handler {
  name = "final", priority = 520, kinds = { "road" }, reasons = { "final" },
  tile_attr = "signposts",
  describe = "Road with signpost(s): +1 point / signpost in correct direction",
  fn = function(ctx)
    local n = count(ctx)
    if n > 0 then ctx.total = ctx.total + n end
  end,
}

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
  options = {
    -- On a map: a signpost pointing at a ferry route. true: the route is the
    -- road's next tile, and it goes on where its far end meets a square (a
    -- straight route suits a straight signpost); false: a ferry route is no
    -- tile, so the signpost is not correct. docs/expansions/signposts.md.
    ferry_next_tile = true,
    -- On a map: the next tile's road leaves it, by the edge the signpost
    -- names, onto the sea, the border or a road abroad. false: the signpost
    -- is correct (the road reaches that edge); true: it is not (the road
    -- ends there). docs/expansions/signposts.md.
    border_ends_road = false,
  },
}
local ferries, border_ends = x.options.ferry_next_tile, x.options.border_ends_road

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

-- Signpost types: the attribute, and the quarter turns clockwise from the
-- direction of travel to the edge the road must leave the next tile by.
-- Attribute values are edge numbers (N=0, E=1, ...). A `pointers` source
-- (docs/lua-api.md, section 3) counts, in C, the correct ones on the scored
-- road: a signpost is correct when the road entering the next tile through
-- its edge leaves that tile through the edge its turn names; one pointing
-- through an edge that is not an end of its road is an error naming the tile.
local SIGNS = { sign_left = 3, sign_straight = 0, sign_right = 1 }

-- 520 post_bonus, completed roads: after inns (320), the Witch (420) and the
-- Mage; points per correct signpost = number of types among them.
x:handler {
  name = "bonus", priority = 520, kinds = { "road" }, reasons = { "completed" },
  tile_attr = "signposts",
  describe = "Road with signpost(s): +1, +2 or +3 points / correct signpost for 1, 2 or 3 types among them",
  add = { total = { pointers = SIGNS, worth = "types", ferries = ferries, border_ends = border_ends } }, -- in C
}

-- 520 post_bonus, final scoring: 1 point per correct signpost.
x:handler {
  name = "final", priority = 520, kinds = { "road" }, reasons = { "final" },
  tile_attr = "signposts",
  describe = "Road with signpost(s): +1 point / signpost in correct direction",
  add = { total = { pointers = SIGNS, ferries = ferries, border_ends = border_ends } }, -- in C: no Lua call
}

-- An island square beside the land (tests/scenarios/maps/shore.map). The
-- start tile D lies on (0,1) turned to fit: its city north, road east-west,
-- field south. F is a tile of field only; A a monastery with a road south
-- (rotation 1: west); U a straight road north-south (rotation 1: east-west).
-- Rotations turn clockwise.

local F = "field:N,E,S,W"

local function shore_game()
  return scenario{
    rules = { expansions = { "maps" }, options = { maps = { map = "shore" } } },
    players = 2,
  }
end

case("a land tile beside an island square does not open it", function()
  local s = shore_game()
  s:place("U", 1, 1, 1)   -- road east-west, its east edge on the island square (2,1)
  s:expect_error(function() s:place(F, 2, 1, 0) end, "(2,1)", "island that no ferry connects")
end)

case("opened from its island, it must match the land tile beside it too", function()
  local s = shore_game()
  s:place("U", 1, 1, 1)   -- road east-west, beside the island square (2,1)
  s:place("U", 1, 2, 1)   -- road east onto the ferry: (3,1) opens
  s:expect_error(function() s:place(F, 2, 1, 0) end, "(2,1)", "opens only from a tile beside it on the island")
  s:place("U", 3, 1, 0)   -- road north-south, south onto the ferry: (2,1) opens from the island
  -- (2,1) lies between a road (west, on the land) and a field (east, on the island)
  s:expect_error(function() s:place(F, 2, 1, 0) end, "(2,1)", "west edge (field) does not match the road")
  s:place("A", 2, 1, 1)   -- road west, field east
  assert(s:game():tile_at(2, 1), "the tile is on (2,1)")
end)

case("a monastery beside an unconnected island square stays open until a tile fills it", function()
  -- A (monastery, road west) on (1,1), beside the island square (2,1). Its
  -- land around is filled; the island square waits for the ferry from (1,2)
  -- to open (3,1), and (3,1) to open (2,1) from the island.
  local s = shore_game()
  s:place("A", 1, 1, 1)                 -- its road west meets the start tile's road
  s:follower(1, 1, 1, "monastery")
  s:place("E", 0, 0, 2)                 -- city cap south, onto the start tile's city
  s:place(F, 1, 0, 0)
  s:place(F, 0, 2, 0)
  s:place("A", 1, 2, 3)                 -- road east, onto the ferry: (3,1) opens
  s:end_turn()
  s:expect_scores { 0, 0 }              -- every land square around it is filled; (2,1) is not
  s:place("U", 3, 1, 0)                 -- road south onto the ferry: (2,1) opens from the island
  s:end_turn()
  s:expect_scores { 0, 0 }
  s:place(F, 2, 1, 0)
  s:end_turn()
  -- the monastery, the start tile, E, two F, A (1,2) and F (2,1); sea counts nothing
  s:expect_scores { 7, 0 }
end)

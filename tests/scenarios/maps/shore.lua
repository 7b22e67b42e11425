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

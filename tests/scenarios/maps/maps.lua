-- Carcassonne Maps on the demo map (maps/demo.map), points derived by hand.
--
-- The demo map, x 0..11 east, y 0..7 south ("~" sea, "w" waves, "h" a
-- highlight, "t" town, "i"/"2" island squares, ":" half squares, "A" the
-- large city Altburg):
--
--     0 1 2 3 4 5 6 7 8 9 10 11
--  0  ~ . . . . . t . . . .  :      Kronland, a city abroad (2 arms), north of (7,0)
--  1  . . A A . . . . . . .  :      Altburg 2x2, 4 arms; city edges S of (2,2), E of (3,2);
--  2  . . A A . . h . t ~ ~  :        a road edge E of (3,1)
--  3  . . . . . S . . . ~ 2  ~      S: the start square used by scenarios (start tile D)
--  4  . t . . . . . . . ~ i  ~      ferry (8,4)E - (10,4)W, 1 arms; island (10,3) 2 arms
--  5  . . . . t . t . . ~ ~  ~      Nordmark, a road abroad (2 arms), west of (0,5)
--  6  ~ . . . . w w . . ~ ~  ~      ferry (5,5)S - (5,7)N over the waves, 2 arms
--  7  ~ ~ ~ . . . . . ~ ~ ~  ~      Sudland, a road abroad (1 arms), south of (3,7)
--
-- The start tile D at (5,3) has its city north, its road east-west and field
-- south. F is a tile of field only; A is a monastery with a road south, B a
-- monastery alone, E a city cap north, G a city north-south, U a straight
-- road north-south (rotation 1: east-west). Rotations turn clockwise.

local F = "field:N,E,S,W"

local function map_game(options, players)
  return scenario{
    rules = { expansions = { "maps" }, options = { maps = options or {} } },
    players = players or 2,
  }
end

-- places field tiles along a path
local function path(s, squares)
  for _, sq in ipairs(squares) do s:place(F, sq[1], sq[2], 0) end
end

case("the start tile lies on the first start square; Altburg is printed tiles", function()
  local s = map_game()
  local t = s:game():tile_at(5, 3)
  assert(t and t.type == "D", "the start tile is not at (5,3)")
  assert(s:game():map_square(5, 3) == "start")
  assert(s:game():map_square(2, 1) == "large city")
  local v = s:game():tile_at(2, 1)
  assert(v and v.type:find("^map%.A"), "Altburg's printed square is a board tile")
end)

case("game:map_link: the pieces printed on the squares' edges", function()
  local g = map_game():game()
  local function same(got, want)
    for i = 1, math.max(#got, #want) do
      assert(got[i] == want[i], ("value %d: %s, expected %s"):format(i, tostring(got[i]), tostring(want[i])))
    end
  end
  same({ g:map_link(5, 5, "S") }, { "ferry", 2, nil, 5, 7, "N" })
  same({ g:map_link(5, 7, "N") }, { "ferry", 2, nil, 5, 5, "S" }) -- from its other end
  same({ g:map_link(0, 5, "W") }, { "road", 2, "Nordmark" })
  same({ g:map_link(7, 0, "N") }, { "city", 2, "Kronland" })
  assert(g:map_link(5, 5, "N") == nil and g:map_link(40, 40, "E") == nil)
  local ok, err = pcall(g.map_link, g, 5, 5, "south")
  assert(not ok and err:find("invalid option 'south'"), err)
  assert(scenario{ players = 2 }:game():map_link(0, 0, "N") == nil) -- no map
end)

case("Altburg completed: 4 printed squares + 2 tiles, 4 coats of arms = 20", function()
  local s = map_game()
  s:place("U", 4, 3, 1)   -- road east-west, meets the start tile's road
  s:place("E", 4, 2, 3)   -- city cap west: meets Altburg's east city edge
  s:follower(1, 4, 2, "city")
  s:place("U", 3, 3, 1)
  s:place("D", 2, 3, 0)   -- city cap north: meets Altburg's south city edge; road east meets (3,3)
  s:end_turn()
  -- (4 squares + 2 tiles) x 2 + 4 coats of arms x 2 = 12 + 8 = 20
  s:expect_scores{ 20, 0 }
end)

case("a road ending abroad over 4 segments with 2 coats of arms = 8", function()
  local s = map_game()
  path(s, { { 5, 4 }, { 4, 4 }, { 3, 4 }, { 3, 5 } })
  s:place("A", 2, 5, 1)   -- monastery, road west: the road ends here
  s:place("U", 1, 5, 1)
  s:place("U", 0, 5, 1)   -- meets Nordmark's printed road on its west edge
  s:follower(1, 0, 5, "road")
  s:end_turn()
  -- 3 tiles + 1 segment abroad = 4 x 1, + 2 coats of arms x 2 = 8
  s:expect_scores{ 8, 0 }
  s:expect_change("maps.road_arms", "symbol_rate", 2)
end)

case("a city of 2 tiles and a city abroad with 2 coats of arms = 10", function()
  local s = map_game()
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 }, { 7, 3 }, { 7, 2 } })
  s:place("E", 7, 1, 0)   -- city cap north
  s:place("G", 7, 0, 0)   -- city north-south: joins the cap to Kronland abroad
  s:follower(1, 7, 0, "city")
  s:end_turn()
  -- 2 tiles + 1 city segment abroad = 3 city tiles x 2, + 2 coats of arms x 2 = 10
  s:expect_scores{ 10, 0 }
end)

case("half a city closed by the neutral border = 2", function()
  local s = map_game()
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 }, { 7, 3 }, { 7, 2 }, { 8, 2 }, { 8, 1 } })
  s:place("E", 8, 0, 0)   -- city cap north, against the border
  s:follower(1, 8, 0, "city")
  s:end_turn()
  -- one tile, complete: 1 x 2 = 2
  s:expect_scores{ 2, 0 }
end)

case("a road over a ferry route with 2 coats of arms = 7", function()
  local s = map_game()
  path(s, { { 5, 4 } })
  s:place("A", 5, 5, 0)   -- monastery, road south onto the ferry
  s:place("A", 5, 7, 2)   -- monastery, road north from the ferry
  s:follower(1, 5, 7, "road")
  s:end_turn()
  -- 2 tiles + the ferry route = 3 x 1, + 2 coats of arms x 2 = 7
  s:expect_scores{ 7, 0 }
end)

case("a monastery on the border beside Altburg = 6", function()
  local s = map_game()
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)   -- connects Altburg: every square around it opens
  s:place("B", 2, 0, 0)
  s:follower(1, 2, 0, "monastery")
  path(s, { { 3, 0 }, { 1, 1 } })
  s:end_turn()
  s:expect_scores{ 0, 0 } -- (1,0) is still empty
  path(s, { { 1, 0 } })
  s:end_turn()
  -- around (2,0) exist only (1,0), (3,0), (1,1) and Altburg's (2,1), (3,1):
  -- 1 for the monastery + 3 tiles + 2 large-city squares = 6
  s:expect_scores{ 6, 0 }
end)

case("an uncompleted road abroad at final scoring = 4", function()
  local s = map_game()
  path(s, { { 5, 4 }, { 4, 4 }, { 4, 5 }, { 4, 6 } })
  s:place("U", 3, 6, 0)
  s:place("U", 3, 7, 0)   -- meets Sudland's printed road on its south edge
  s:follower(1, 3, 7, "road")
  s:end_turn()
  s:expect_scores{ 0, 0 }
  s:final_scoring()
  -- 2 tiles + 1 segment abroad = 3 x 1, + 1 coat of arms x 1 = 4
  s:expect_scores{ 4, 0 }
end)

case("the island: closed until its ferry is connected, then 2 points a coat of arms", function()
  local s = map_game()
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 } })
  s:expect_error(function() s:place("A", 10, 4, 1) end, "(10,4)", "island that no ferry connects")
  s:place("A", 8, 4, 3)   -- monastery, road east onto the ferry
  s:end_turn()            -- red's turn; blue plays next
  s:place("A", 10, 4, 1)  -- the far end opened: road west from the ferry
  s:end_turn()            -- (10,4) carries no coat of arms: nothing
  s:expect_scores{ 0, 0 }
  s:place(F, 10, 3, 0)    -- red, on the island square with 2 coats of arms
  s:end_turn()
  -- 2 coats of arms x 2 = 4 at once for red (the hook declared: run in C)
  s:expect_scores{ 4, 0 }
  s:expect_change("maps.squares", "award", 4)
end)

case("the square behind a ferry opens when the ferry is connected", function()
  local s = map_game()
  path(s, { { 5, 4 } })
  s:expect_error(function() s:place("A", 5, 7, 2) end, "(5,7)", "not next to a placed tile")
  s:place("A", 5, 5, 0)
  s:place("A", 5, 7, 2)   -- no tile beside (5,7): it opened through the ferry
  assert(s:game():tile_at(5, 7), "the tile is on (5,7)")
end)

case("around a large city nothing opens until a tile connects it", function()
  local s = map_game()
  s:place("U", 4, 3, 1)
  s:expect_error(function() s:place(F, 1, 1, 0) end, "(1,1)", "not next to a placed tile")
  s:place("E", 4, 2, 3)
  s:place(F, 1, 1, 0)     -- west of Altburg, far from any tile, now open
end)

case("a square opened around a large city must match the city's edge", function()
  local s = map_game()
  s:place("U", 4, 3, 1)
  s:place("E", 4, 2, 3)   -- city west onto Altburg's east edge: every square around opens
  -- (2,3), south of Altburg's city edge at (2,2), has no tile beside it
  s:expect_error(function() s:place(F, 2, 3, 0) end, "(2,3)", "does not match the city of the large city Altburg")
  s:place("E", 2, 3, 0)   -- a city cap north fits
end)

case("placement refusals name their reason", function()
  local s = map_game()
  path(s, { { 5, 4 }, { 6, 4 }, { 4, 4 }, { 4, 5 }, { 4, 6 } })
  s:expect_error(function() s:place(F, 2, 1, 0) end, "(2,1)", "large city Altburg")
  s:expect_error(function() s:place(F, 5, 6, 0) end, "(5,6)", "waves")
  s:expect_error(function() s:place(F, 6, 2, 0) end, "(6,2)", "Nordic highlight")
  s:expect_error(function() s:place(F, 10, 3, 0) end, "(10,3)", "island")
  s:expect_error(function() s:place(F, 11, 0, 0) end, "(11,0)", "half square")
  s:expect_error(function() s:place(F, 0, 0, 0) end, "(0,0)", "sea")
  s:expect_error(function() s:place(F, -1, 3, 0) end, "(-1,3)", "off the map")
  s:expect_error(function() s:place(F, 5, 8, 0) end, "(5,8)", "off the map")
  s:place("U", 3, 6, 0)
  s:expect_error(function() s:place(F, 3, 7, 0) end, "road abroad to Sudland", "S edge needs a road")
  s:expect_error(function() s:place("U", 3, 7, 1) end, "road abroad to Sudland")
  -- a large city's edge must be matched like a tile's
  s:place("U", 4, 3, 1)
  s:expect_error(function() s:place(F, 4, 2, 0) end, "(4,2)",
    "does not match the city of the large city Altburg at (3,2)")
end)

case("a printed city abroad must be matched", function()
  local s = map_game()
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 }, { 7, 3 }, { 7, 2 }, { 7, 1 } })
  s:expect_error(function() s:place(F, 7, 0, 0) end, "city abroad to Kronland", "N edge needs a city")
  s:place("E", 7, 0, 0)   -- a city cap north fits
end)

case("the island's coats of arms score the same with the hook in Lua (a town variant on)", function()
  -- without a town variant the hook is declared (square_arms) and runs in C;
  -- town_extra_turn gives it a Lua function: the island's points must agree
  local s = map_game{ town_extra_turn = true }
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 } })
  s:place("A", 8, 4, 3)
  s:end_turn()
  s:place("A", 10, 4, 1)
  s:end_turn()
  s:expect_scores{ 0, 0 }
  s:place(F, 10, 3, 0)    -- red, on the island square with 2 coats of arms
  s:end_turn()
  s:expect_scores{ 4, 0 }
  s:expect_change("maps.squares", "award", 4) -- recorded as the declared hook records it
end)

case("town variant: placing on a town costs 2 points", function()
  local s = map_game{ town_cost = true }
  path(s, { { 5, 4 } })
  s:end_turn()
  path(s, { { 4, 4 } })
  s:end_turn()
  path(s, { { 4, 5 } })   -- red, on the town Lindau
  s:end_turn()
  s:expect_scores{ -2, 0 }
end)

case("town variant: a town gives one extra turn, at most one a turn", function()
  local s = map_game{ town_extra_turn = true }
  local g = s:game()
  path(s, { { 5, 4 } }); s:end_turn()   -- red
  path(s, { { 4, 4 } }); s:end_turn()   -- blue
  path(s, { { 6, 4 } }); s:end_turn()   -- red
  path(s, { { 7, 4 } }); s:end_turn()   -- blue
  assert(g.current_player == 1)
  path(s, { { 4, 5 } }); s:end_turn()   -- red on Lindau: red again
  assert(g.current_player == 1, "red plays an extra turn")
  path(s, { { 6, 5 } }); s:end_turn()   -- red's extra turn, on Anlegedorf: no second one
  assert(g.current_player == 2, "blue plays next")
end)

case("town variant: +2 for each visible town beside a scored road", function()
  local s = map_game{ town_bonus = true }
  path(s, { { 5, 4 } })
  s:place("A", 5, 5, 0)   -- between the towns Lindau (4,5) and Anlegedorf (6,5)
  s:place("A", 5, 7, 2)
  s:follower(1, 5, 7, "road")
  s:end_turn()
  -- the ferry road 7 (as above) + 2 towns x 2 = 11
  s:expect_scores{ 11, 0 }
end)

case("town_touch = road: a town counts only where the road's own edge meets it", function()
  -- the same road as above: A's road leaves (5,5) south, not towards the towns
  local s = map_game{ town_bonus = true, town_touch = "road" }
  path(s, { { 5, 4 } })
  s:place("A", 5, 5, 0)
  s:place("A", 5, 7, 2)
  s:follower(1, 5, 7, "road")
  s:end_turn()
  s:expect_scores{ 7, 0 }               -- the ferry road, no town: 7 (11 by default)
end)

-- W (roads east, south and west, each its own segment) on (5,5): its south
-- road goes onto the ferry, its west road ends at Lindau (4,5), its east one
-- at Anlegedorf (6,5). A follower on the west road (segment 2), open at the end.
local function junction_between_towns(touch)
  local s = map_game{ town_bonus = true, town_touch = touch }
  path(s, { { 5, 4 } })
  s:place("W", 5, 5, 0)
  s:follower(1, 5, 5, 2)
  s:end_turn()
  s:final_scoring()
  return s
end

case("town_touch: a road ending at one town, its tile beside two: 1 + 2 x 2 by square, 1 + 2 by road", function()
  junction_between_towns("square"):expect_scores{ 5, 0 }
  junction_between_towns("road"):expect_scores{ 3, 0 }
end)

-- The junction's west road with the Witch on it (Mage & Witch): the bonus
-- runs at 510, after the Witch (420), so she does not halve it; a ruleset
-- that moves it before her halves the whole.
local function junction_with_witch(order)
  local s = scenario{ players = 2, rules = { expansions = { "maps", "mage_witch" }, order = order,
                                             options = { maps = { town_bonus = true } } } }
  path(s, { { 5, 4 } })
  s:place("W", 5, 5, 0)
  s:follower(1, 5, 5, 2)
  s:figure("witch", nil, 5, 5, 2)
  s:end_turn()
  s:final_scoring()
  return s
end

case("town variant and the Witch: 1 halved to 1, + 2 x 2 = 5; moved before her, (1 + 4) / 2 = 3", function()
  junction_with_witch(nil):expect_scores{ 5, 0 }
  junction_with_witch({ ["maps.town_bonus"] = 415 }):expect_scores{ 3, 0 }
end)

case("town_touch takes square or road", function()
  local ok, err = pcall(scenario, { rules = { expansions = { "maps" },
                                              options = { maps = { town_touch = "edge" } } } })
  assert(not ok and err:find('option town_touch is "square" or "road", not "edge"', 1, true), err)
end)

case("town variant: a town covered by a tile gives nothing", function()
  local s = map_game{ town_bonus = true }
  path(s, { { 5, 4 } })
  s:place("A", 5, 5, 0)
  path(s, { { 6, 5 } })   -- Anlegedorf is covered
  s:place("A", 5, 7, 2)
  s:follower(1, 5, 7, "road")
  s:end_turn()
  -- 7 + 1 visible town (Lindau) x 2 = 9
  s:expect_scores{ 9, 0 }
end)

-- The ferry route (5,5)S - (5,7)N is a printed piece that lies on no square;
-- it carries the coordinates of its first end, (5,5). With no tile there,
-- the towns beside (5,5) do not touch the road.
case("town variant: towns beside a ferry's empty end square give nothing", function()
  local s = map_game{ town_bonus = true }
  -- reach (5,7) from the east without touching (4,5), (6,5) or (5,5)
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 }, { 7, 5 }, { 7, 6 }, { 7, 7 }, { 6, 7 } })
  s:place("A", 5, 7, 2)   -- monastery, its road north onto the ferry
  s:follower(1, 5, 7, "road")
  s:end_turn()
  s:expect_scores{ 0, 0 }
  s:final_scoring()
  -- open at the end: A and the route 2 tiles x 1 + the route's 2 arms x 1 = 4;
  -- (5,7)'s neighbours: (4,7) land, (6,7) covered, (5,6) waves
  s:expect_scores{ 4, 0 }
end)

-- Start squares carry a town in print. By default an unused start square is
-- plain land for the town variants; with `start_towns` it is a town. Osterwik
-- (8,5) is a start square the scenarios leave unused.
local function to_osterwik(s)
  path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 }, { 7, 5 } })
end

case("town variant 2 on an unused start square: free by default, -2 with start_towns", function()
  for _, start_towns in ipairs({ false, true }) do
    local s = map_game{ town_cost = true, start_towns = start_towns }
    to_osterwik(s)
    s:end_turn()                 -- red, on plain land
    path(s, { { 8, 5 } })         -- blue, on Osterwik
    s:end_turn()
    s:expect_scores{ 0, start_towns and -2 or 0 }
  end
end)

case("town variant 1 on an unused start square: an extra turn only with start_towns", function()
  for _, start_towns in ipairs({ false, true }) do
    local s = map_game{ town_extra_turn = true, start_towns = start_towns }
    to_osterwik(s)
    path(s, { { 8, 5 } })         -- red
    s:end_turn()
    assert(s:game().current_player == (start_towns and 1 or 2),
      "start_towns " .. tostring(start_towns) .. ": player " .. s:game().current_player .. " plays next")
  end
end)

case("town variant 3 beside an unused start square: +2 only with start_towns", function()
  for _, start_towns in ipairs({ false, true }) do
    local s = map_game{ town_bonus = true, start_towns = start_towns }
    path(s, { { 5, 4 }, { 6, 4 }, { 7, 4 } })
    -- a road of two monasteries beside Osterwik (8,5): A's road turned west at
    -- (7,5) meets A's road turned east at (6,5), on Anlegedorf
    s:place("A", 7, 5, 1)
    s:place("A", 6, 5, 3)
    s:follower(1, 6, 5, "road")
    s:end_turn()
    -- the road: 2 tiles x 1; towns beside (7,5) and (6,5): Osterwik (8,5) with
    -- start_towns; Lindau (4,5) is not beside them, Anlegedorf is covered
    s:expect_scores{ 2 + (start_towns and 2 or 0), 0 }
  end
end)

-- A start square declared on a town square ('t' in the grid) stays a town:
-- Veldmark's Oosterend (9,5), which the scenarios leave unused, costs 2 with
-- town_cost as the town Lutjen (7,7) does (it cost nothing: the start
-- directive had overwritten the town).
case("town variant 2 on a start square printed as a town: -2 without start_towns", function()
  local s = map_game{ map = "veldmark", town_cost = true }
  local kind, _, name, town = s:game():map_square(9, 5)
  assert(kind == "start" and name == "Oosterend" and town == true, tostring(kind) .. " " .. tostring(town))
  path(s, { { 5, 5 }, { 6, 5 }, { 7, 5 }, { 8, 5 } })
  s:end_turn()
  path(s, { { 9, 5 } })   -- blue, on Oosterend
  s:end_turn()
  s:expect_scores{ 0, -2 }
  path(s, { { 7, 6 } })
  s:end_turn()
  path(s, { { 7, 7 } })   -- blue, on Lutjen
  s:end_turn()
  s:expect_scores{ 0, -4 }
end)

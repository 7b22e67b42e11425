-- The Land Surveyors' readings that are options: where the second Wealth and
-- Poverty tiles go, and which turns turn the stacks. The start tile D is at
-- (0,0); A at (1,0) r1 and (-1,0) r3 close its road: 3 tiles. A monastery B
-- at (0,1) is completed by the tiles listed in `monastery`: 9 tiles.

local function rules(o)
  o.shuffle = false
  return { expansions = { "land_surveyors" }, options = { land_surveyors = o } }
end

local function road(s, player)
  s:follower(player, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()
end

local function monastery(s)
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  for _, xy in ipairs{ { -1, 1 }, { 1, 1 }, { -1, 2 }, { 0, 2 }, { 1, 2 } } do
    s:place("B", xy[1], xy[2], 0)
  end
  s:end_turn()
end

-- ---------------------------------------------------------------- stacks

case("default split: Poverty in the monastery stack (9 - 3)", function()
  local s = scenario{ players = 2, rules = rules{ active_monastery = "poverty" } }
  monastery(s)
  s:expect_scores{ 6, 0 }
end)

case("wealth_stack = monastery (Poverty to the road): a road of 3 - 3", function()
  local s = scenario{ players = 2, rules = rules{ wealth_stack = "monastery", active_road = "poverty" } }
  road(s, 1)
  s:expect_scores{ 0, 0 }
end)

case("both in the road stack: Poverty on the road, no Wealth among monasteries", function()
  local s = scenario{ players = 2, rules = rules{ poverty_stack = "road", active_road = "poverty" } }
  road(s, 1)
  -- 3 tiles x 1 - 3 = 0
  s:expect_scores{ 0, 0 }
  local ok, err = pcall(scenario, { players = 2,
    rules = rules{ poverty_stack = "road", active_monastery = "wealth" } })
  assert(not ok and err:find("the monastery stack holds hermit_monastery, pilgrimage_route", 1, true), err)
end)

case("both in the monastery stack: Wealth on a monastery (9 + 3)", function()
  local s = scenario{ players = 2, rules = rules{ wealth_stack = "monastery", poverty_stack = "monastery",
                                                  active_monastery = "wealth" } }
  monastery(s)
  s:expect_scores{ 12, 0 }
  local ok, err = pcall(scenario, { players = 2,
    rules = rules{ wealth_stack = "monastery", poverty_stack = "monastery", active_road = "wealth" } })
  assert(not ok and err:find("street_fair, highway, peasant_uprising (", 1, true), err)
end)

-- -------------------------------------------------------------- rotation
-- Unshuffled road stack: 1 street_fair, 2 highway, 3 peasant_uprising, 4 wealth.

case("rotate_after = any (default): blue's road scored in red's turn turns the stacks", function()
  local s = scenario{ players = 2, rules = rules{} }
  road(s, 2)
  -- Street Fair: 3 tiles x 2 = 6 for blue
  s:expect_scores{ 0, 6 }
  assert(s:var("land_surveyors.road") == 2, "Highway is up")
end)

case("rotate_after = active: a road scored only for blue in red's turn turns nothing", function()
  local s = scenario{ players = 2, rules = rules{ rotate_after = "active" } }
  road(s, 2)
  s:expect_scores{ 0, 6 }
  assert(s:var("land_surveyors.road") == 1, "Street Fair still up")
  local t = scenario{ players = 2, rules = rules{ rotate_after = "active" } }
  road(t, 1)                            -- red's own road: turns
  t:expect_scores{ 6, 0 }
  assert(t:var("land_surveyors.road") == 2, "Highway is up")
end)

-- With wealth_stack = monastery the road stack is 1 street_fair, 2 highway,
-- 3 peasant_uprising, 4 poverty; Poverty on top makes a 3-tile road worth 0.
case("zero_counts = true (default): a scoring of 0 points turns the stacks", function()
  local s = scenario{ players = 2, rules = rules{ wealth_stack = "monastery", active_road = "poverty" } }
  road(s, 1)
  s:expect_scores{ 0, 0 }               -- 3 - 3 = 0, red scores it
  assert(s:var("land_surveyors.road") == 1, "Street Fair is up")
end)

case("zero_counts = false: a scoring of 0 points turns nothing", function()
  local s = scenario{ players = 2, rules = rules{ wealth_stack = "monastery", active_road = "poverty",
                                                  zero_counts = false } }
  road(s, 1)
  s:expect_scores{ 0, 0 }
  assert(s:var("land_surveyors.road") == 4, "Poverty still up")
  s:expect_ran("land_surveyors.poverty", 1)
end)

case("zero_counts = false: a scoring of -1 is points scored and turns the stacks", function()
  -- A at (0,1) r0 (road S) and A at (0,2) r2 (road N): a road of 2 tiles,
  -- 2 - 3 = -1 under Poverty; points were scored, if negative ones.
  local s = scenario{ players = 2, rules = rules{ wealth_stack = "monastery", active_road = "poverty",
                                                  zero_counts = false } }
  s:place("A", 0, 1, 0)
  s:follower(1, 0, 1, "road")
  s:place("A", 0, 2, 2)
  s:end_turn()
  s:expect_scores{ -1, 0 }
  assert(s:var("land_surveyors.road") == 1, "Street Fair is up")
end)

-- ------------------------------------------- readings the docs state, checked
-- (docs/expansions/land_surveyors.md, "Readings")

case("Pilgrimage Route counts the monastery's own tile when it shows a road: 9 + 5 = 14", function()
  -- A (monastery, road S) at (0,1), its road on to A r2 at (0,2); roads on
  -- A (0,1), A (0,2), A (-1,0), A (1,0) and the start tile D: 5 of the 9
  local s = scenario{ players = 2, rules = rules{ farmhouse_tiles = "", active_monastery = "pilgrimage_route" } }
  s:place("A", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  for _, t in ipairs { { "B", -1, 1, 0 }, { "B", 1, 1, 0 }, { "B", -1, 2, 0 }, { "A", 0, 2, 2 }, { "B", 1, 2, 0 },
                       { "A", -1, 0, 3 }, { "A", 1, 0, 1 } } do
    s:place(t[1], t[2], t[3], t[4])
  end
  s:end_turn()
  s:expect_scores { 14, 0 }
  s:expect_change("land_surveyors.pilgrimage_route", "adjust", 5)
end)

case("Peasant Uprising counts tiles with a farmhouse, not farmhouses: two on one tile cost 1", function()
  local s = scenario{ players = 2, rules = rules{ farmhouse_tiles = "", active_road = "peasant_uprising" } }
  s:follower(1, 0, 0, "road")
  s:place("road:E,W field:Wr,N,El field:Er,S,Wl @farmhouse=2", 1, 0, 0)
  s:place("A", -1, 0, 3)
  s:place("A", 2, 0, 1)
  s:end_turn()
  s:expect_scores { 3, 0 }              -- 4 tiles - 1
  s:expect_change("land_surveyors.peasant_uprising", "adjust", -1)
end)

-- A ring city of 6 tiles that runs through both separate city caps of H at
-- (0,1), with a shed on H: both caps close this one city.
local function ring_with_shed(active_city)
  local s = scenario{ players = 2, rules = { expansions = { "land_surveyors", "little_buildings" },
    options = { land_surveyors = { shuffle = false, farmhouse_tiles = "", active_city = active_city } } } }
  s:place("H", 0, 1, 0)
  s:token(2, "shed", 0, 1)
  s:place("N", 1, 1, 3)
  s:follower(1, 1, 1, "city")
  s:place("N", -1, 1, 2)
  s:place("N", 1, 2, 0)
  s:place("N", -1, 2, 1)
  s:place("G", 0, 2, 1)
  s:end_turn()
  return s
end

case("Bad Neighborhood drops a tile whose two caps both close the city; its building still counts", function()
  local siege = ring_with_shed("siege")
  siege:expect_scores { 13, 0 }         -- 6 tiles x 2 + the shed; no coat of arms
  local bad = ring_with_shed("bad_neighborhood")
  bad:expect_scores { 11, 0 }           -- H dropped: 5 x 2 + the shed
end)

case("an extra turn's first part is a turn for the rotation (Maps town variant 1)", function()
  -- Traders & Builders' double turn: the stacks turn at the end of each part
  -- in which a road, city or monastery was scored. Red closes a road of 2
  -- tiles on the town Lindau (4,5) of the demo map: Street Fair, 2 x 2.
  local s = scenario{ players = 2, rules = { expansions = { "maps", "land_surveyors" },
    options = { maps = { town_extra_turn = true },
                land_surveyors = { shuffle = false, farmhouse_tiles = "", active_road = "street_fair" } } } }
  local fields = "field:N,E,S,W"
  s:place(fields, 5, 4, 0)
  s:place("A", 4, 4, 0)
  s:follower(1, 4, 4, "road")
  s:end_turn()
  s:place(fields, 6, 4, 0)
  s:end_turn()
  assert(s:var("land_surveyors.road") == 1, "Street Fair is up")
  s:place("A", 4, 5, 2)
  s:end_turn()
  s:expect_scores { 4, 0 }
  assert(s:game().current_player == 1, "red takes the extra turn")
  assert(s:var("land_surveyors.road") == 2, "Highway is up for the extra turn")
end)

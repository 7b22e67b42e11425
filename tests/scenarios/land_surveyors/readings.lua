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

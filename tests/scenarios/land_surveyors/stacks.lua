-- The Land Surveyors' stacks: dealing, rotation after a scoring turn, no
-- rotation after a completion nobody scored, no effect on final scoring,
-- options and their errors, the farmhouse tiles.
-- Unshuffled stacks (shuffle = false) are in catalogue order:
--   city      1 citizens_jury 2 bad_neighborhood 3 siege 4 wealth 5 poverty
--   road      1 street_fair 2 highway 3 peasant_uprising 4 wealth (or poverty)
--   monastery 1 hermit_monastery 2 pilgrimage_route 3 poverty (or wealth)
-- active_<stack> lifts the named tile to the top; the rest keep their order.
-- luacheck: read globals case scenario

local function ls(opts)
  local o = { shuffle = false, farmhouse_tiles = "" }
  for k, v in pairs(opts) do o[k] = v end
  return scenario { players = 2, rules = { expansions = { "land_surveyors" },
                                             options = { land_surveyors = o } } }
end

local function expect(_, what, want, got)
  if want ~= got then
    error(string.format("%s: expected %s, got %s", what, tostring(want), tostring(got)), 2)
  end
end

local function active(s, stack) return s:game():var("land_surveyors." .. stack) end

case("dealing: the named tile is on top, the flags match the active tiles", function()
  local s = ls { active_city = "siege", active_road = "highway" }
  local g = s:game()
  expect(s, "city", 3, active(s, "city"))
  expect(s, "road", 2, active(s, "road"))
  expect(s, "monastery", 1, active(s, "monastery"))
  for _, f in ipairs { "siege", "highway", "hermit_monastery" } do
    expect(s, f, true, g:flag("land_surveyors." .. f))
  end
  for _, f in ipairs { "citizens_jury", "bad_neighborhood", "street_fair", "peasant_uprising",
                       "pilgrimage_route", "wealth", "poverty" } do
    expect(s, f, false, g:flag("land_surveyors." .. f))
  end
end)

case("shuffled stacks hold every tile once and one active tile each", function()
  local s = scenario { players = 3, rules = { expansions = { "land_surveyors" } } }
  local g = s:game()
  for stack, n in pairs { city = 5, road = 4, monastery = 3 } do
    local seen = { [active(s, stack)] = true }
    local rest = g:var("land_surveyors." .. stack .. "_stack")
    for _ = 1, n - 1 do
      seen[rest % 16] = true
      rest = rest // 16
    end
    for i = 1, n do expect(s, stack .. " holds tile " .. i, true, seen[i]) end
  end
end)

-- Red completes A(-1,0) D(0,0) A(1,0), then A(-1,1) U(0,1) A(1,1).
case("after a scoring turn every stack turns its next tile up", function()
  local s = ls { active_road = "highway" }       -- road stack: highway, street_fair, uprising, wealth
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()                                   -- Highway: 5
  s:expect_scores { 5, 0 }
  expect(s, "road after one rotation", 1, active(s, "road"))          -- street_fair
  expect(s, "city after one rotation", 2, active(s, "city"))          -- bad_neighborhood
  expect(s, "monastery after one rotation", 2, active(s, "monastery")) -- pilgrimage_route
  expect(s, "highway flag", false, s:game():flag("land_surveyors.highway"))
  expect(s, "street fair flag", true, s:game():flag("land_surveyors.street_fair"))
  s:place("A", -1, 1, 3)
  s:follower(1, -1, 1, "road")
  s:place("U", 0, 1, 1)
  s:place("A", 1, 1, 1)
  s:end_turn()                                   -- Street Fair: 3 * 2 = 6
  s:expect_scores { 11, 0 }
  expect(s, "road after two rotations", 3, active(s, "road"))         -- peasant_uprising
end)

case("the old active tile goes under the stack", function()
  local s = ls { active_monastery = "pilgrimage_route" } -- pilgrimage, hermit, poverty
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  expect(s, "monastery", 1, active(s, "monastery"))
  s:place("A", -1, 1, 3)
  s:follower(1, -1, 1, "road")
  s:place("U", 0, 1, 1)
  s:place("A", 1, 1, 1)
  s:end_turn()
  expect(s, "monastery", 3, active(s, "monastery"))
  s:place("U", 2, 0, 0)
  s:follower(2, 2, 0, "road")
  s:place("A", 2, -1, 0)
  s:place("A", 2, 1, 2)
  s:end_turn()
  expect(s, "monastery back to pilgrimage_route", 2, active(s, "monastery"))
end)

case("a completed road nobody holds leaves the tiles where they are", function()
  local s = ls { active_road = "highway" }
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()                                   -- complete, but no follower
  s:expect_scores { 0, 0 }
  expect(s, "road", 2, active(s, "road"))
  expect(s, "city", 1, active(s, "city"))
  expect(s, "highway flag", true, s:game():flag("land_surveyors.highway"))
end)

-- Final scoring is untouched by the scoring tiles: three games, each with
-- one active tile a stack, whose features each of those tiles would change.
case("final scoring is untouched: Street Fair, Siege, Poverty", function()
  -- Red: open road D(0,0) U(1,0) = 2 (Street Fair: 4); open city of D and
  -- F turned to N-S at (0,-1), 2 tiles + 1 coat of arms = 3 (Siege: 4).
  -- Blue: monastery B(0,1) with D and U(1,0) in its area = 3 (Poverty: 0).
  local s = ls { active_road = "street_fair", active_city = "siege",
                 active_monastery = "poverty" }
  s:follower(1, 0, 0, "road")
  s:place("U", 1, 0, 1)
  s:follower(1, 0, 0, "city")
  s:place("F", 0, -1, 1)
  s:place("B", 0, 1, 0)
  s:follower(2, 0, 1, "monastery")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 5, 3 }
end)

case("final scoring is untouched: Bad Neighborhood, Highway, Pilgrimage Route", function()
  -- Red: D's open city alone = 1 (Bad Neighborhood: 0); open road D U = 2
  -- (Highway: 5). Blue: monastery B(0,1) with D and U = 3 (Pilgrimage
  -- Route, +1 for each of D and U showing a road: 5).
  local s = ls { active_city = "bad_neighborhood", active_road = "highway",
                 active_monastery = "pilgrimage_route" }
  s:follower(1, 0, 0, "road")
  s:place("U", 1, 0, 1)
  s:follower(1, 0, 0, "city")
  s:place("B", 0, 1, 0)
  s:follower(2, 0, 1, "monastery")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 3, 3 }
end)

case("final scoring is untouched: Wealth, Peasant Uprising, Hermit Monastery", function()
  -- Red: open road of two farmhouse tiles and D = 3 (Peasant Uprising: 1);
  -- D's open city = 1 (Wealth: 4). Blue: monastery B(0,1) with D and both
  -- farmhouse tiles = 4 (Hermit Monastery, -1 for D's city: 3).
  local s = ls { active_city = "wealth", active_road = "peasant_uprising",
                 active_monastery = "hermit_monastery" }
  local farmhouse = "road:E,W field:Wr,N,El field:Er,S,Wl @farmhouse"
  s:follower(1, 0, 0, "road")
  s:place(farmhouse, -1, 0, 0)
  s:place(farmhouse, 1, 0, 0)
  s:follower(1, 0, 0, "city")
  s:place("B", 0, 1, 0)
  s:follower(2, 0, 1, "monastery")
  s:end_turn()
  s:final_scoring()
  s:expect_scores { 4, 4 }
end)

case("wealth_stack = monastery puts Poverty in the road stack", function()
  local s = ls { wealth_stack = "monastery", active_road = "poverty" }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores { 0, 0 }                       -- 3 - 3
  expect(s, "poverty after the rotation", 1, active(s, "road"))
end)

case("a tile that is not in the named stack is an error", function()
  local s = ls {}
  s:expect_error(function() ls { active_road = "poverty" } end, "road stack holds")
  s:expect_error(function() ls { active_monastery = "wealth" } end, "monastery stack holds")
end)

case("an unknown scoring tile is an error naming the option", function()
  local s = ls {}
  s:expect_error(function() ls { active_city = "moat" } end, "active_city")
end)

case("farmhouses: base types U and V carry one by default", function()
  local s = scenario { players = 2, rules = { expansions = { "land_surveyors" } } }
  s:place("U", 1, 0, 1)
  s:place("V", 2, 0, 1)
  local g = s:game()
  expect(s, "U", 1, g:tile_at(1, 0):attr("farmhouse"))
  expect(s, "V", 1, g:tile_at(2, 0):attr("farmhouse"))
  expect(s, "D", 0, g:tile_at(0, 0):attr("farmhouse"))
end)

case("scenarios can switch the active tile with set_var and set_flag", function()
  -- The documented way: the stack's variable and the flag of the effect.
  local s = ls { active_road = "highway" }
  s:set_var("land_surveyors.road", 1)
  s:set_flag("land_surveyors.highway", false)
  s:set_flag("land_surveyors.street_fair", true)
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn()
  s:expect_scores { 6, 0 }
end)

case("two roads scored in one turn both use the active tile; the stacks turn once", function()
  -- Red: A(-1,0) D A(1,0) (3 tiles); blue: A(-1,1) U(0,1) A(1,1) (3 tiles),
  -- both completed before one end_turn with Highway up: 5 and 5, then the
  -- road stack shows street_fair (not peasant_uprising).
  local s = ls { active_road = "highway" }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:place("A", -1, 1, 3)
  s:follower(2, -1, 1, "road")
  s:place("U", 0, 1, 1)
  s:place("A", 1, 1, 1)
  s:end_turn()
  s:expect_scores { 5, 5 }
  expect(s, "road", 1, active(s, "road"))
end)

case("a scored monastery turns the road and city stacks too", function()
  -- Example 5's board (monastery B at (0,1) completed, red's monk): the
  -- Hermit scores 5, then every stack turns.
  local s = ls { active_monastery = "hermit_monastery", active_road = "peasant_uprising" }
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  for _, t in ipairs { { "D", -1, 0, 0 }, { "D", 1, 0, 0 }, { "E", -1, 1, 3 }, { "V", 1, 1, 3 },
                       { "V", 1, 2, 1 }, { "U", 0, 2, 1 }, { "V", -1, 2, 3 } } do
    s:place(t[1], t[2], t[3], t[4])
  end
  s:end_turn()
  s:expect_scores { 5, 0 }
  expect(s, "monastery", 2, active(s, "monastery"))
  expect(s, "road", 1, active(s, "road"))
  expect(s, "city", 2, active(s, "city"))
end)

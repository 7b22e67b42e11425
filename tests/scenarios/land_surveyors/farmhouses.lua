-- Farmhouses per tile type (farmhouse_tiles, default "U,V") or per copy
-- (farmhouse_copies), read by Peasant Uprising: 1 point less per road tile
-- with a farmhouse. The road: A (-2,0) r3, U (-1,0) r1, D (0,0), U (1,0) r1,
-- A (2,0) r1 = 5 tiles, red's follower on D's road.

local function rules(o)
  o.shuffle = false
  o.active_road = "peasant_uprising"
  return { expansions = { "land_surveyors" }, options = { land_surveyors = o } }
end

local function road(s, east, west)
  s:follower(1, 0, 0, "road")
  s:place(east, 1, 0, 1)
  s:place(west, -1, 0, 1)
  s:place("A", 2, 0, 1)
  s:place("A", -2, 0, 3)
  s:end_turn()
end

case("farmhouse_tiles = U,V (default): every U shows one: 5 - 2", function()
  local s = scenario{ players = 2, rules = rules{} }
  road(s, "U", "U")
  s:expect_scores{ 3, 0 }
end)

case("farmhouse_tiles = \"\": no farmhouse: 5", function()
  local s = scenario{ players = 2, rules = rules{ farmhouse_tiles = "" } }
  road(s, "U", "U")
  s:expect_scores{ 5, 0 }
end)

case("farmhouse_copies = U:2: only the placed copy that shows one counts: 5 - 1", function()
  local s = scenario{ players = 2, rules = rules{ farmhouse_tiles = "", farmhouse_copies = "U:2" } }
  road(s, "U_FARMHOUSE", "U")           -- the scenario names the copy it places
  s:expect_scores{ 4, 0 }
end)

case("the same ruleset from a file: both copies marked, 5 - 2", function()
  local s = scenario{ players = 2, rules = "rules/farmhouse_copies.lua" }
  s:set_var("land_surveyors.road", 3)   -- peasant_uprising (catalogue index 3)
  for _, f in ipairs{ "street_fair", "highway", "wealth" } do s:set_flag("land_surveyors." .. f, false) end
  s:set_flag("land_surveyors.peasant_uprising", true)
  road(s, "U_FARMHOUSE", "U_FARMHOUSE")
  s:expect_scores{ 3, 0 }
end)

case("a type in both options, a bad entry, too many copies: errors", function()
  local function fails(o, want)
    local ok, err = pcall(scenario, { players = 2, rules = rules(o) })
    assert(not ok and err:find(want, 1, true), err)
  end
  fails({ farmhouse_copies = "U:2" }, "tile U is in farmhouse_tiles (every copy) and in farmhouse_copies")
  fails({ farmhouse_tiles = "", farmhouse_copies = "U2" }, "entry \"U2\" is not TYPE:COUNT")
  fails({ farmhouse_tiles = "", farmhouse_copies = "U:9" }, "cannot set apart 9 of its 8 copies")
end)

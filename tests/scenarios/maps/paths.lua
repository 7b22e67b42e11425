-- A map named by a relative path ("../x.map", "sub/x.map") is read from the
-- folder of the file that names it, as its reader would expect, and only
-- then from the current folder. The tests run from the build folder, where
-- neither path names a file.

case("a ruleset's relative map path is read from the ruleset's folder", function()
  local s = scenario { rules = "rules/relative_map.lua", players = 2 }
  -- half_ferry.map: (0,0) is the start square, (3,0) a half square
  assert(s:game():map_square(0, 0) == "start", tostring(s:game():map_square(0, 0)))
  assert(s:game():map_square(3, 0) == "half", tostring(s:game():map_square(3, 0)))
end)

case("a scenario's relative map path is read from the scenario's folder", function()
  local s = scenario { rules = { expansions = { "maps" }, options = { maps = { map = "./half_ferry.map" } } },
    players = 2 }
  assert(s:game():map_square(3, 0) == "half", tostring(s:game():map_square(3, 0)))
end)

case("a relative map path that is nowhere says where it looked", function()
  local ok, err = pcall(scenario, { rules = "rules/relative_missing.lua", players = 2 })
  assert(not ok, "the scenario was created")
  err = tostring(err)
  assert(err:find("map file '../no_such_folder/x.map' not found (looked in ", 1, true), err)
  assert(err:find("maps/rules and in the current folder)", 1, true), err)
  assert(err:find("relative_missing.lua", 1, true), err) -- the ruleset is named
end)

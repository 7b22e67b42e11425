-- tiles_only and requires= (rules/req_base.lua, rules/req_dep.lua, which
-- requires req_base). Start tile D at (0,0): road W-E; A a monastery with a
-- road S (r3: road E, r1: road W).
-- luacheck: read globals case scenario

case("tiles_only of an expansion whose requirement the ruleset lists in expansions: that one loads whole", function()
  local s = scenario { rules = "rules/req_dep_tiles.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("RD", 1, 0, 0) -- req_dep's tile
  s:place("A", 2, 0, 1)
  s:end_turn()
  -- 4 road tiles, + 1 from req_base's handler
  s:expect_scores { 5, 0 }
end)

case("an expansion in expansions that requires one listed in tiles_only: an error naming both", function()
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { rules = "rules/req_base_tiles.lua" } end,
    "expansion 'req_dep' requires 'req_base' whole, which tiles_only loads for its tiles only",
    "list 'req_base' in expansions instead")
end)

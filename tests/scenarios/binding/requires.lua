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
    "expansion 'req_dep' requires 'req_base' whole, which is loaded for its tiles only (tiles_only)",
    "list 'req_base' in expansions instead")
end)

case("an expansion in both expansions and tiles_only is an error, whatever pulls it in", function()
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { rules = "rules/req_both.lua" } end,
    "req_both.lua:2:", "expansion 'req_base' is in both expansions and tiles_only: list it once")
  -- a cycle of requires= does not get round it
  base:expect_error(function() scenario { rules = "rules/req_cycle.lua" } end,
    "expansion 'req_cy2' requires 'req_cy1' whole, which is loaded for its tiles only (tiles_only)")
end)

case("a tiles-only expansion's requirement loads whole in the order expansions gives", function()
  -- req_set sets a road's total to 100 and req_base adds 1, both at 450:
  -- in load order req_set, req_base that is 101, with or without req_dep's
  -- tiles (which require req_base) listed first
  for _, rules in ipairs { "rules/req_order.lua", "rules/req_order_tiles.lua" } do
    local s = scenario { rules = rules, players = 2 }
    s:follower(1, 0, 0, "road")
    s:place("A", -1, 0, 3)
    s:place("A", 1, 0, 1)
    s:end_turn()
    s:expect_scores { 101, 0 }
  end
end)

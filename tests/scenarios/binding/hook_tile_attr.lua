-- A feature hook's tile_attr filter holds when some tile of the feature has
-- the attribute, as its scoring counts the tiles (a monastery: the nine
-- squares). rules/hook_tile_attr.lua: FH a road W-E with a farmhouse, FF a
-- field tile with one; its feature_completed and feature_scored hooks wait
-- on the farmhouse and count their calls. Start tile D at (0,0): road W-E,
-- field south; A a monastery with a road S (r3: road E, r1: road W).
-- luacheck: read globals case scenario

local RULES = "rules/hook_tile_attr_rules.lua"
local F = "field:N,E,S,W"

local function calls(s)
  return { s:var("hook_tile_attr.feature_completed"), s:var("hook_tile_attr.feature_scored") }
end

case("a road with a farmhouse tile among its tiles: both hooks run once", function()
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("FH", 1, 0, 0)
  s:place("A", 2, 0, 1)
  s:end_turn()
  s:expect_scores { 4, 0 }
  local n = calls(s)
  assert(n[1] == 1 and n[2] == 1, ("calls: completed %d, scored %d"):format(n[1], n[2]))
end)

case("the same road without it: neither runs", function()
  local s = scenario { rules = RULES, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("U", 1, 0, 1)
  s:place("A", 2, 0, 1)
  s:end_turn()
  s:expect_scores { 4, 0 }
  local n = calls(s)
  assert(n[1] == 0 and n[2] == 0, ("calls: completed %d, scored %d"):format(n[1], n[2]))
end)

case("a monastery with a farmhouse tile on one of its eight squares: both hooks run once", function()
  -- the monastery B at (0,2), field tiles around it, FF at (0,3) below it
  local s = scenario { rules = RULES, players = 2 }
  for _, sq in ipairs { { 0, 1 }, { -1, 1 }, { 1, 1 } } do s:place(F, sq[1], sq[2], 0) end
  s:place("B", 0, 2, 0)
  s:follower(1, 0, 2, "monastery")
  for _, sq in ipairs { { -1, 2 }, { 1, 2 }, { -1, 3 }, { 1, 3 } } do s:place(F, sq[1], sq[2], 0) end
  s:place("FF", 0, 3, 0)
  s:end_turn()
  s:expect_scores { 9, 0 }
  local n = calls(s)
  assert(n[1] == 1 and n[2] == 1, ("calls: completed %d, scored %d"):format(n[1], n[2]))
end)

case("tile_attr on a hook told of no tile (setup, final_scoring, game_end) is an error at its line", function()
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { rules = "rules/hook_tile_attr_setup_rules.lua" } end,
    "hook_tile_attr_setup.lua:5:", "hook 'hook_tile_attr_setup.deal': tile_attr filters on the tile a hook is told of",
    "a setup hook is told of none")
end)

case("a setup hook is told of no tile", function()
  local s = scenario { rules = RULES, players = 2 }
  assert(s:var("hook_tile_attr.setup_tile") == 0, "the setup hook was told of a tile")
end)

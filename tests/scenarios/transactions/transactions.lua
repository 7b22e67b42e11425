-- Transactions: a failed call leaves the game and the engine as they were;
-- the ruleset is frozen once loaded; integers from Lua are range-checked and
-- errors name the user's file and line (never the binding's loader).

local function road_ready(rules)
  local s = scenario{ rules = rules, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  return s
end

local function ruleset_error(path, ...)
  local base = scenario{ players = 2 }
  return base:expect_error(function() scenario{ rules = path } end, ...)
end

-- class 1: load-time declarations while a game runs
case("a handler declaring a handler fails, every time, and adds nothing", function()
  local s = road_ready("rules/r_late.lua")
  for _ = 1, 3 do -- the same error each time: nothing was registered by the last try
    s:expect_error(function() s:end_turn() end, "handler 'late.grow'", "late.lua:7:",
      "x:handler() is a declaration", "frozen")
  end
  s:expect_scores{ 0, 0 }
end)

case("a tile-placed hook declaring tiles fails and the tile is not placed", function()
  local s = scenario{ rules = "rules/r_late.lua", players = 2 }
  s:set_flag("late.armed", true)
  s:expect_error(function() s:place("A", 1, 0, 1) end, "hook 'late.tiles'", "late.lua:13:",
    "x:tiles() is a declaration")
  if s:game():tile_at(1, 0) ~= nil then error("the tile stayed on the board") end
end)

case("a turn-end hook declaring a figure fails and the turn is not ended", function()
  local s = scenario{ rules = "rules/r_late.lua", players = 2 }
  s:set_flag("late.armed", true)
  s:expect_error(function() s:end_turn() end, "hook 'late.figure'", "late.lua:19:",
    "x:figure() is a declaration")
  s:set_flag("late.armed", false)
  s:end_turn()
  if s:game().current_player ~= 2 then error("the turn did not pass after the failure") end
end)

-- classes 9 and 10: integers range-checked, errors at the user's line
case("a handler priority beyond 32 bits is refused, not truncated", function()
  ruleset_error("rules/r_big_priority.lua", "big_priority.lua:2:", "'priority' is 4294967606",
    "0..999")
end)

case("hook priorities are 0..999 like handlers'", function()
  ruleset_error("rules/r_hook_priority.lua", "hook_priority.lua:2:", "'priority' is 1000", "0..999")
end)

case("a figure's strength must be a whole number: the error names the file and line", function()
  local msg = ruleset_error("rules/r_bad_figure.lua", "bad_figure.lua:3:", "'strength'", "0..100")
  if msg:find("prelude", 1, true) then error("the error names the loader: " .. msg) end
end)

case("a handler without a name: the error names the file and line", function()
  local msg = ruleset_error("rules/r_no_name.lua", "no_name.lua:2:", "needs a name")
  if msg:find("prelude", 1, true) then error("the error names the loader: " .. msg) end
end)

case("an order entry outside 0..999 names the ruleset line and the range", function()
  ruleset_error("rules/r_order_float.lua", "r_order_float.lua:3:", "base.total", "0..999")
end)

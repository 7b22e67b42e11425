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

-- "430" shown as 430 would read as the whole number the message asks for
case("a priority given as a string is shown quoted, with its type", function()
  ruleset_error("rules/r_string_priority.lua", "string_priority.lua:2:",
    "'priority' must be a whole number in 0..999, not \"430\" (a string)")
  ruleset_error("rules/r_order_string.lua", "r_order_string.lua:3:",
    "order[\"base.total\"] is \"440\" (a string); a priority is a whole number in 0..999")
end)

-- classes 4 and 5: what a handler or placement hook is lent is read-only
local function sneaky(flag)
  local s = road_ready("rules/r_sneaky.lua")
  s:set_flag("sneaky." .. flag, true)
  return s
end

case("ctx.game:add_score in a handler is refused and nothing changes", function()
  local s = sneaky("score")
  s:expect_error(function() s:end_turn() end, "handler 'sneaky.score'", "sneaky.lua:10:",
    "add_score: the game is read-only")
  s:expect_scores{ 0, 0 }
end)

case("ctx.game:set_var in a handler is refused", function()
  local s = sneaky("var")
  s:expect_error(function() s:end_turn() end, "sneaky.lua:14:", "set_var: the game is read-only")
  if s:var("sneaky.v") ~= 0 then error("the variable changed") end
end)

case("math.random in a handler would move the game's generator: refused", function()
  local s = sneaky("random")
  s:expect_error(function() s:end_turn() end, "sneaky.lua:18:", "math.random", "read-only")
end)

case("a placement hook cannot change scores; the refused placement changes nothing", function()
  local s = scenario{ rules = "rules/r_sneaky.lua", players = 2 }
  s:set_flag("sneaky.place", true)
  s:expect_error(function() s:place("A", 1, 0, 1) end, "hook 'sneaky.place'", "sneaky.lua:22:",
    "read-only")
  s:expect_scores{ 0, 0 }
end)

case("a hook setting a variable beyond 32 bits is refused, not truncated", function()
  local s = scenario{ rules = "rules/r_sneaky.lua", players = 2 }
  s:set_flag("sneaky.var", true)
  s:expect_error(function() s:end_turn() end, "hook 'sneaky.big'", "sneaky.lua:26:",
    "1099511627776", "-2147483648..2147483647")
end)

-- class 7: no inline ruleset can abort the process
case("an inline ruleset table that holds itself many times is refused, not copied forever", function()
  local t = { expansions = {} }
  for i = 1, 12 do t[i] = t end -- 12^16 paths: refused at the depth limit
  ruleset_error(t, "transactions.lua:", "ruleset table", "refers to itself")
end)

case("an inline ruleset table with too many values is refused", function()
  local t = { expansions = {} }
  for i = 1, 200000 do t[i] = i end
  ruleset_error(t, "transactions.lua:", "ruleset table", "more than 100000 values")
end)

case("an inline ruleset table nested without end is refused", function()
  local t = { expansions = {} }
  t.self = t
  ruleset_error(t, "transactions.lua:", "ruleset table", "refers to itself")
end)

case("an inline ruleset table larger than the expansion memory cap is refused", function()
  ruleset_error({ expansions = {}, big = string.rep("x", 80 * 1024 * 1024) }, "transactions.lua:",
    "ruleset table", "memory cap")
end)

-- batched placement hooks that tamper with their argument table: the
-- binding reads and writes it raw and keeps its verdicts apart
case("a batched hook that replaces args.xs gets fresh tables the next call", function()
  local s = scenario{ rules = "rules/r_batch_misuse.lua", players = 2 }
  s:set_flag("batch_misuse.xs", true)
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  local g = s:game()
  assert(g:tile_at(1, 0) and g:tile_at(-1, 0), "both tiles are on the board")
  s:expect_scores{ 0, 0 }
end)

case("a metatable on args runs nothing: no hang, no error", function()
  local s = scenario{ rules = "rules/r_batch_misuse.lua", players = 2 }
  s:set_flag("batch_misuse.meta", true)
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  assert(s:game():tile_at(-1, 0), "the second tile is on the board")
end)

case("a batched hook that leaves args.refuse no table fails, and nothing changes", function()
  local s = scenario{ rules = "rules/r_batch_misuse.lua", players = 2 }
  s:set_flag("batch_misuse.refuse", true)
  s:expect_error(function() s:place("A", 1, 0, 1) end, "batch_misuse",
    "must leave args.refuse a table")
  assert(not s:game():tile_at(1, 0), "the tile was not placed")
end)

case("a hook that spoils a kept args table between calls cannot reach the verdicts", function()
  local s = scenario{ rules = "rules/r_batch_misuse.lua", players = 2 }
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:place("A", 0, 1, 0)
  assert(s:game():tile_at(0, 1), "every placement went through")
end)

-- the Lua views' multi-value setters and their arguments
case("set_var checks every pair before it sets one, and a name needs a value", function()
  local s = scenario{ rules = "../../../expansions/default.lua", players = 2 }
  local g = s:game()
  local before = g:var("land_surveyors.road")
  s:expect_error(function() g:set_var("land_surveyors.road", before + 1, "nope", 1) end,
    "unknown game variable 'nope'")
  s:expect_error(function() g:set_var("land_surveyors.road", before + 1, "nope") end,
    "set_var: 'nope' has no value")
  s:expect_error(function() g:set_flags(1, "land_surveyors.wealth", "nope") end, "nope")
  -- the error names the variable whose value is wrong: a call may set several
  s:expect_error(function() g:set_var("land_surveyors.road", before + 1, "land_surveyors.city", 2 ^ 40) end,
    "set_var: the value of 'land_surveyors.city' 1099511627776 is outside the allowed")
  assert(g:var("land_surveyors.road") == before, "a refused set_var set a variable")
  g:set_var("land_surveyors.road", before + 1)
  assert(g:var("land_surveyors.road") == before + 1)
end)

case("ids and text beyond what C takes are refused, not cut", function()
  local s = scenario{ rules = "../../../expansions/default.lua", players = 2 }
  s:place("IC_INN_STRAIGHT", 1, 0, 1)
  local tile = s:game():tile_at(1, 0)
  local inn = tile:segments()[1]:attr("inns_cathedrals.inn")
  s:expect_error(function() tile:attr(2 ^ 32 + 2) end, "not an attribute id")
  s:expect_error(function() tile:segments()[1]:attr(4294967296 + 2) end, "not an attribute id")
  assert(tile:segments()[1]:attr("inns_cathedrals.inn") == inn)
  s:expect_error(function() s:place("A\0B", 2, 0, 0) end, "holds a NUL character")
  s:expect_error(function() s:expect_score(1, 2 ^ 40 // 1) end, "expected score 1099511627776, got 0")
  s:expect_error(function() s:follower(2 ^ 32 + 1, 1, 0, "road") end, "no player 4294967297")
end)

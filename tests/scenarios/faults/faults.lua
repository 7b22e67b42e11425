-- Faulty expansions and rulesets (under rules/, which the runner skips).
-- Every failure must name the expansion, the handler or hook, the stage and
-- file:line, and leave the game byte for byte as it was: s:expect_error
-- compares the saved game, board, scores and event log before and after.

-- Player 1 (red) on the start tile's road; both ends closed: ending the turn
-- scores a completed 3-tile road and runs the road handlers.
local function road_ready(rules)
  local s = scenario{ rules = rules, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  return s
end

case("a handler that raises an error", function()
  local s = road_ready("rules/r_raise.lua")
  s:expect_error(function() s:end_turn() end,
    "expansion 'raise'", "handler 'raise.boom'", "stage per_tile", "raise.lua:7:", "boom on purpose")
  s:expect_scores{ 0, 0 }
end)

case("an award that takes a score out of range names the feature and the handler", function()
  -- one tile completes red's road (A-D-L) and red's city (E over L): a
  -- billion each, two in all
  local s = scenario{ rules = "rules/r_big_award.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("E", 0, -1, 2)
  s:place("E", 1, -1, 2)
  s:follower(1, 1, -1, "city")
  s:place("L", 1, 0, 0)
  s:expect_error(function() s:end_turn() end,
    "player 1's score would be 2000000000", "awards 1000000000",
    "set by handler 'big_award.jackpot' (priority 610)")
  s:expect_scores{ 0, 0 }
end)

case("a handler that loops forever runs out of its instruction budget", function()
  local s = road_ready("rules/r_loop.lua")
  s:expect_error(function() s:end_turn() end,
    "expansion 'loop'", "handler 'loop.spin'", "stage per_tile", "loop.lua:", "instruction budget exhausted")
end)

case("a handler whose error handler loops runs out of its budget too", function()
  local s = road_ready("rules/r_xpcall_loop.lua")
  s:expect_error(function() s:end_turn() end,
    "expansion 'xpcall_loop'", "handler 'xpcall_loop.spin'", "xpcall_loop.lua:7:", "instruction budget exhausted")
end)

case("a handler that allocates without bound hits the memory cap", function()
  local s = road_ready("rules/r_hog.lua")
  s:expect_error(function() s:end_turn() end,
    "expansion 'hog'", "handler 'hog.grow'", "stage per_tile", "hog.lua:8", "memory cap")
end)

case("os.execute is not there", function()
  local s = road_ready("rules/r_escape_os.lua")
  s:expect_error(function() s:end_turn() end,
    "expansion 'escape'", "handler 'escape.out'", "stage per_tile", "escape.lua:11:",
    "attempt to index a nil value (global 'os')")
end)

case("io.open is not there", function()
  local s = road_ready("rules/r_escape_io.lua")
  s:expect_error(function() s:end_turn() end,
    "expansion 'escape'", "handler 'escape.out'", "escape.lua:13:",
    "attempt to index a nil value (global 'io')")
end)

case("load refuses bytecode", function()
  local s = road_ready("rules/r_escape_bytecode.lua")
  s:expect_error(function() s:end_turn() end, "escape.lua:16:", "binary chunk")
end)

case("a hook that changes state and then fails rolls back", function()
  local s = road_ready("rules/r_hook_raise.lua")
  s:expect_error(function() s:end_turn() end,
    "expansion 'hook_raise'", "hook 'hook_raise.tick'", "turn_end", "hook_raise.lua:9:",
    "hook failed on purpose")
  s:expect_scores{ 0, 0 }
  if s:var("hook_raise.count") ~= 0 then error("the hook's variable change was kept") end
end)

case("a scoring context kept past its call has expired", function()
  local s = road_ready("rules/r_keep.lua")
  s:expect_error(function() s:end_turn() end, "keep.use", "keep.lua:11:", "expired scoring context")
end)

-- Ruleset errors: the scenario is never built; a base game checks nothing leaks.
local function ruleset_error(path, ...)
  local base = scenario{ players = 2 }
  base:expect_error(function() scenario{ rules = path } end, ...)
end

case("an expansion with a syntax error names its file and line", function()
  ruleset_error("rules/r_syntax.lua", "syntax.lua:4:")
end)

case("a ruleset naming an unknown handler in order", function()
  ruleset_error("rules/r_unknown_handler.lua", "r_unknown_handler.lua:3:", "raise.no_such_handler")
end)

case("a ruleset disabling an unknown handler", function()
  ruleset_error("rules/r_unknown_disable.lua", "r_unknown_disable.lua:3:", "raise.nothing_here")
end)

case("a misspelt handler in order names the one a small edit away", function()
  ruleset_error("rules/r_near_order.lua", "r_near_order.lua:3:",
    "order: no handler or hook named 'raise.bom' (did you mean 'raise.boom'?)")
end)

case("a ruleset naming an unknown expansion", function()
  ruleset_error("rules/r_unknown_expansion.lua", "r_unknown_expansion.lua:4:",
    "unknown expansion 'no_such_expansion'")
end)

case("a ruleset setting an unknown option", function()
  ruleset_error("rules/r_unknown_option.lua", "r_unknown_option.lua:4:", "has no option 'colour'")
end)

case("a ruleset giving an option a value of the wrong type", function()
  ruleset_error("rules/r_wrong_type.lua", "r_wrong_type.lua:4:", "takes a string, not a number")
end)

case("a ruleset giving a string option a value it does not allow", function()
  ruleset_error("rules/r_bad_value.lua", "r_bad_value.lua:4:", '"network"')
end)

-- A key's value of the wrong shape is refused at its line, before anything
-- loads (a string where a list belongs was once skipped unseen).
local SHAPES = {
  { "disable", 3, 'disable is a list of names, { "...", ... }, not a string' },
  { "expansions", 3, 'expansions is a list of names, { "...", ... }, not a string' },
  { "order", 3, "order is a table keyed by handler name, not a number" },
  { "options", 4, "options for 'raise' are a table of its options, not a number" },
  { "keys", 3, "boom is not a position in it" },
  { "name", 2, "tiles_only[2] is a name, not a number" },
}

case("a ruleset key of the wrong shape names the ruleset's line", function()
  for _, c in ipairs(SHAPES) do
    local file = "r_shape_" .. c[1] .. ".lua"
    ruleset_error("rules/" .. file, file .. ":" .. c[2] .. ":", c[3])
  end
end)

-- A tile notation error names the line of the expansion file that holds the
-- tile, however the text reached x:tiles (rules/tl.lua).
local TILE_TEXTS = {
  { "long", "tl.lua:8:", "port El belongs to no segment" },     -- [[ ]] opened on the call's line
  { "quoted", "tl.lua:12:", "port Wl belongs to no segment" },  -- a string on the call's line
  { "variable", "tl.lua:4:", "already belongs to another segment" }, -- declared above, passed by name
  { "number", "tl.lua:16:", "text is the tiles' notation, a string, not a number" },
  { "escaped", "tl.lua:18:", "port Wl belongs to no segment" },  -- its second line, on the call's line
  { "rows", "tl.lua:22:", "port Nl belongs to no segment" },     -- the second row's own line
}

case("a tile notation error names the expansion file's line", function()
  for _, c in ipairs(TILE_TEXTS) do ruleset_error("rules/r_tl_" .. c[1] .. ".lua", c[2], c[3]) end
end)

-- A key that is not a string is refused at the ruleset's line, naming where
-- it is (the loader once failed on it in its own code, with its own line).
local KEYS = {
  { "top", 1, "ruleset keys are names (expansions, options, order, disable, tiles_only, final_order), got a table" },
  { "order", 3, "order: keys are handler names (strings), got a boolean" },
  { "option", 4, "options for 'escape': keys are option names (strings), got a table" },
  { "options", 3, "options: keys are expansion names (strings), got a number" },
  { "position", 2, 'expansions is a list of names, { "...", ... }; a table is not a position in it' },
}

case("a ruleset key that is not a string names the ruleset's line", function()
  for _, c in ipairs(KEYS) do
    local file = "r_key_" .. c[1] .. ".lua"
    ruleset_error("rules/" .. file, file .. ":" .. c[2] .. ":", c[3])
  end
end)

case("the loader reads a ruleset's tables raw: no __pairs, __index or __len of its runs", function()
  local s = road_ready("rules/r_meta.lua")
  s:expect_error(function() s:end_turn() end, "expansion 'raise'", "raise.lua:7:", "boom on purpose")
end)

case("a tile split's count beyond a C int is refused at the expansion's line", function()
  ruleset_error("rules/r_split_range.lua", "split_range.lua:3:", "bad argument #3 to 'tile_split'",
    "outside a C int's range")
end)

case("a scenario{} key spelt wrong is an error, not a default", function()
  local ok, err = pcall(scenario, { playerz = 3 })
  assert(not ok and tostring(err):find("unknown key 'playerz'", 1, true), tostring(err))
end)

case("an inline ruleset table naming an unknown expansion", function()
  ruleset_error({ expansions = { "nowhere_to_be_found" } }, "faults.lua:", "nowhere_to_be_found")
end)

case("a misspelt expansion is answered with the expansion spelt most like it", function()
  ruleset_error({ expansions = { "inns_cathedral" } },
    "unknown expansion 'inns_cathedral'; did you mean 'inns_cathedrals'? (no inns_cathedral.lua in ")
  ruleset_error({ expansions = { "maps", "sigposts" } }, "did you mean 'signposts'?")
end)

case("a name like no expansion, or like a ruleset only, gets no suggestion", function()
  for _, name in ipairs({ "qqzzyx", "everythin" }) do -- everything.lua is a ruleset
    local ok, err = pcall(scenario, { rules = { expansions = { name } }, players = 2 })
    err = tostring(err)
    assert(not ok and err:find("unknown expansion '" .. name .. "'", 1, true), err)
    assert(not err:find("did you mean", 1, true), err)
  end
end)

case("after all that, a base game still scores", function()
  local s = road_ready(nil)
  s:end_turn()
  s:expect_scores{ 3, 0 }
end)

-- Library calls the instruction budget cannot interrupt (C functions) are
-- bounded before they start (docs/lua-api.md, "Time bounds"): each fails at
-- once with a clear error, and the game is unchanged.
local function stalls(name, ...)
  local s = road_ready("rules/r_" .. name .. ".lua")
  s:expect_error(function() s:end_turn() end, "expansion '" .. name .. "'", "handler '" .. name .. ".stall'",
    name .. ".lua:", ...)
  s:expect_scores{ 0, 0 }
end

case("a backtracking pattern on a long subject is refused (string.find)", function()
  stalls("slow_find", "pattern too costly")
end)

case("costly patterns are refused through string methods too (match, gsub)", function()
  stalls("slow_method", "pattern too costly")
end)

case("a costly %b and back reference pattern in gmatch is refused", function()
  stalls("slow_gmatch", "pattern too costly")
end)

case("no chunk takes the engine's own name, and every chunk's patterns are checked", function()
  local s = road_ready("rules/r_chunk_name.lua")
  s:expect_error(function() s:end_turn() end, "expansion 'chunk_name'", "mine:1:", "pattern too costly")
  s:expect_scores{ 0, 0 }
end)

case("string.rep of an empty string returns at once", function()
  stalls("slow_rep", "empty rep: 0")
end)

case("table.move over a huge range is refused", function()
  stalls("slow_move", "table.move: too many elements")
end)

case("table.insert refuses a lying __len", function()
  stalls("slow_len", "table.insert: a table with a __len metamethod is refused")
end)

case("table.concat over a huge range is refused", function()
  stalls("slow_concat", "table.concat: too many elements")
end)

case("load of an endless chunk stops at 1 MiB", function()
  stalls("slow_load", "load: chunk too large")
end)

-- Declarations the engine's name tables refuse, and a full expansion state
-- (rulesets and expansions under rules/, which the runner skips):
-- each gives a message of its own at the expansion's line, never an empty
-- one or the message of an earlier error.

local function ruleset_error(path, ...)
  local base = scenario{ players = 2 }
  base:expect_error(function() scenario{ rules = path } end, ...)
end

case("a feature kind with an empty name", function()
  ruleset_error("rules/r_bad_kind.lua", "bad_kind.lua:3:", "feature kind: a name of 1 to 47 bytes")
end)

case("a tile attribute whose name holds a control byte", function()
  ruleset_error("rules/r_bad_attr.lua", "bad_attr.lua:3:", "attribute: a name of 1 to 47 bytes")
end)

case("a variable refused after a figure was refused gives its own message", function()
  local base = scenario{ players = 2 }
  local ok, err = pcall(scenario, { rules = "rules/r_bad_var.lua" })
  assert(not ok and err:find("bad_var.lua:5:", 1, true) and err:find("game variable: a name of 1 to 47 bytes", 1, true)
    and not err:find("dup", 1, true), err)
  base:expect_scores{ 0, 0 }
end)

case("an option read after the expansion's state filled up is an error, not an abort", function()
  local s = scenario{ rules = "rules/r_fill.lua", players = 2 }
  s:end_turn() -- the hook fills its state and keeps it
  assert(s:game():option("fill", "n") == 1)
  s:expect_error(function() s:game():option("fill", "a name not interned yet " .. ("q"):rep(100)) end,
    "expansion 'fill': its Lua state is out of memory")
end)

case("a scenario's seed is a whole number from 0 up, named as scenario{seed=...}", function()
  local base = scenario{ players = 2 }
  local refused = "scenario{seed=...} must be a whole number from 0"
  base:expect_error(function() scenario{ seed = 0.5 } end, refused, "not 0.5")
  base:expect_error(function() scenario{ seed = -1 } end, refused, "not -1")
  assert(scenario{ seed = 0 })
end)

case("a misspelt tile name is named as a name, not read as a notation", function()
  local s = scenario{ players = 2 }
  s:expect_error(function() s:place("CATHEDRAL", 0, -1, 0) end, "no tile type named 'CATHEDRAL'")
  s:place("E", 0, -1, 2)
end)

-- A key a declaration does not take is refused at the line of the call,
-- never passed over (`kind` for `kinds` made a handler apply to every kind):
-- the message lists the keys taken and suggests the one a small edit away.
local TYPOS = {
  { "handler", 5, "unknown handler key 'kind' (did you mean 'kinds'?)",
    "x:handler{} takes name, priority, fn, set, add, sub, halve, strength, completed, final, when, kinds, "
    .. "reasons, attr, tile_attr, figure, flag, tokens, describe" },
  { "hook", 5, "unknown hook key 'kind' (did you mean 'kinds'?)",
    "x:hook{} takes point, name, priority, fn, token_supply, deal, turn, square_arms, batch, kinds, tile_attr, "
    .. "flag, describe" },
  { "hook_reasons", 3, "unknown hook key 'reasons'; x:hook{} takes point," },
  { "step", 3, "unknown step key 'ad' (did you mean 'add'?)",
    "completed = { ... } takes strength, set, add, sub, halve" },
  { "describe", 3, "unknown describe key 'raod' (did you mean 'road'?)",
    "describe = { ... } takes a kind (field, road, city, water, monastery, farm), or a kind and a reason" },
  { "describe_reason", 3, "unknown describe key 'road finl' (did you mean 'road final'?)" },
  { "expansion", 2, "unknown expansion key 'requirs' (did you mean 'requires'?)",
    "expansion{} takes name, requires, options" },
  { "expansion_option", 2, "unknown expansion key 'option' (did you mean 'options'?)" },
  { "figure", 3, "unknown figure key 'strenght' (did you mean 'strength'?)", "x:figure{} takes name, strength," },
  { "token", 3, "unknown token key 'vlaue' (did you mean 'value'?); x:token{} takes name, per_player, value" },
  { "stack", 3, "unknown card stack key 'shufle' (did you mean 'shuffle'?)",
    "a card stack { ... } takes cards, active, rest, shuffle, top" },
  { "map", 3, "unknown map key 'folowers' (did you mean 'followers'?)",
    "x:map(name, { ... }) takes followers, tiles, signal, towns" },
  { "positional", 3, "x:handler{} takes names as keys (name, priority,", "not a number" },
}

case("a declaration key it does not take names the expansion's line and the keys it takes", function()
  for _, c in ipairs(TYPOS) do
    local file = "typo_" .. c[1] .. ".lua"
    ruleset_error("rules/r_" .. file, file .. ":" .. c[2] .. ":", table.unpack(c, 3))
  end
end)

case("a misspelt ruleset key suggests the near one", function()
  ruleset_error("rules/r_typo_ruleset.lua", "r_typo_ruleset.lua:3:",
    "unknown ruleset key 'disabled' (did you mean 'disable'?)",
    "ruleset{} takes expansions, options, order, disable, tiles_only, final_order")
end)

case("a table source names one source: tiles_with_attr, tiles_with_kind, placed_tiles_with_kind or pointers", function()
  ruleset_error("rules/r_bad_source.lua", "bad_source.lua:4:",
    "handler 'bad_source.both': sub.adjust: a table source is "
    .. "{ tiles_with_attr = name }, { tiles_with_kind = name }, { placed_tiles_with_kind = name } or "
    .. "{ pointers = { attribute = turn, ... }, ... }")
end)

-- The Lua module from a stock lua5.4: engines, rulesets, games, moves, clone,
-- save, load, observations, events. Run with package.cpath set to the module.
local carc = require "carcassonne"

-- an engine with the default ruleset, found by name in the search path
local e = assert(carc.engine("default"))
assert(e:pipeline():find("inns_cathedrals.inn", 1, true), "the ruleset's handlers are in the pipeline")
local bad, msg = carc.engine("/no/such/ruleset.lua")
assert(bad == nil and msg:find("ruleset '/no/such/ruleset.lua' not found: no such file", 1, true), msg)
-- a name that is neither a file nor a shipped ruleset: where it was looked for
bad, msg = carc.engine("no_such_ruleset")
assert(bad == nil and msg:find("^ruleset 'no_such_ruleset' not found: no such file, and not in .*expansions"), msg)

-- an empty name says so (it said "no ruleset named", naming nothing)
bad, msg = carc.engine("")
assert(bad == nil and msg:find("the ruleset's name is empty", 1, true), msg)

-- a game by move numbers, with events
local g = assert(e:game{ players = 2, seed = 11 })
local events = {}
g:on_event(function(json) events[#events + 1] = json end)
assert(g:info().phase == "place" and g:info().current == 1)
local moves = g:moves()
assert(#moves > 0)
assert(g:decode(moves[1]).kind == "place")
local ok, err = g:play(-1)
assert(ok == nil and err:find("not a move number", 1, true))
ok, err = g:play(1 << 22)                        -- pass, in the place phase
assert(ok == nil and err:find("not legal now", 1, true), err)
assert(g:play(moves[1]))
assert(g:info().phase == "act")
assert(g:play(g:moves()[1]))                     -- pass
assert(#events >= 1 and events[1]:find('"event":"place"', 1, true), events[1])

-- integers beyond a C int are refused, not cut to their low bits
local okp, errp = pcall(function() return e:game{ players = (1 << 32) + 3 } end)
assert(not okp and tostring(errp):find("game{players=...}: 4294967299 is outside", 1, true), tostring(errp))
okp, errp = pcall(function() return e:game{ followers = 2 ^ 32 + 5 } end)
assert(not okp and tostring(errp):find("game{followers=...}", 1, true), tostring(errp))
okp, errp = pcall(function() return e:game{ players = "three" } end)
assert(not okp and tostring(errp):find("must be a whole number, not string", 1, true), tostring(errp))
okp, errp = pcall(function() return g:decode((1 << 40) + 1) end)
assert(not okp and tostring(errp):find("outside a C int's range", 1, true), tostring(errp))

okp, errp = pcall(function() return e:game{ seed = 1.5 } end)
assert(not okp and tostring(errp):find("game{seed=...} must be a whole number from 0 to", 1, true)
  and tostring(errp):find("not 1.5", 1, true), tostring(errp))
-- a negative seed is refused, as the CLI and Python refuse it (it wrapped round to 2^64 - 1)
okp, errp = pcall(function() return e:game{ seed = -1 } end)
assert(not okp and tostring(errp):find("game{seed=...} must be a whole number from 0 to", 1, true)
  and tostring(errp):find("not -1", 1, true), tostring(errp))
okp, errp = pcall(function() return g:determinize(-5) end)
assert(not okp and tostring(errp):find("determinize(seed) must be a whole number from 0 to", 1, true), tostring(errp))

-- text reaches C whole: a NUL inside is an argument error, not the end of the text
okp, errp = pcall(e.load, e, g:save() .. "\0 not json")
assert(not okp and tostring(errp):find("holds a NUL character", 1, true), tostring(errp))
okp, errp = pcall(e.ruleset, e, "default\0ignored")
assert(not okp and tostring(errp):find("holds a NUL character", 1, true), tostring(errp))

-- scripts cannot reach the finalizers: an engine or game freed early would dangle
assert(getmetatable(e) == "locked" and getmetatable(g) == "locked")

-- a call made from the event function: its events come after those pending,
-- in the order the game wrote them, as when the calls are made one by one
local function event_order(nested)
  local game = assert(carc.engine():game{ players = 2, seed = 3 })
  local seen, inside = {}, false
  game:on_event(function(json)
    seen[#seen + 1] = json
    if nested and not inside and #seen % 5 == 1 then
      inside = true
      assert(game:bot_turn("greedy"))
      inside = false
    end
  end)
  while game:info().phase ~= "over" do assert(game:bot_turn("greedy")) end
  return table.concat(seen, "\n"), game:save()
end
local flat_events, flat_save = event_order(false)
local nested_events, nested_save = event_order(true)
assert(nested_save == flat_save, "the nested calls played another game")
assert(nested_events == flat_events, "the events came out of order")

-- an event function that fails: the call is done (true), its second result
-- says what failed, and the events after the failing one are delivered
do
  local game = assert(carc.engine():game{ players = 2, seed = 5 })
  local seen = 0
  game:on_event(function(json)
    seen = seen + 1
    if seen == 1 then error("observer broke on " .. json:sub(1, 12)) end
  end)
  local before = game:save()
  local done_, why = game:bot_turn("random")
  assert(done_ == true and why:find("^the event function failed: .*module.lua:%d+: observer broke on"), why)
  assert(game:save() ~= before and seen >= 2, "the turn was not played, or later events were lost")
  local again, none = game:bot_turn("random")
  assert(again == true and none == nil, "the next call still reports the old failure")
  -- the whole message, however long, NUL and all
  local long = ("x"):rep(3000) .. "\0end"
  game:on_event(function() error(long, 0) end)
  local _, whole = game:bot_turn("random")
  assert(whole == "the event function failed: " .. long, #whole)
end

-- a save's variables lie in the ranges the expansions declare: a stack's
-- variable or a count no game reaches is refused at its path, not left to
-- fail every turn in the expansion's own file; a variable left out is refused
do
  local ge = assert(e:game{ players = 3, seed = 9 })
  for _ = 1, 5 do assert(ge:bot_turn("random")) end
  local text = ge:save()
  local city = text:match('"land_surveyors%.city": (%-?%d+)')
  assert(city, "no land_surveyors.city in the save")
  local bad_stack = text:gsub('"land_surveyors%.city": %-?%d+', '"land_surveyors.city": 123456789', 1)
  local none, why = e:load(bad_stack)
  assert(none == nil and why:find("vars.land_surveyors.city (line", 1, true) and why:find("0..", 1, true), why)
  -- in range, but no order of the stack's cards: its next card would be 15
  none, why = e:load((text:gsub('"land_surveyors%.city_stack": %-?%d+', '"land_surveyors.city_stack": 15', 1)))
  assert(none == nil and why:find("vars.land_surveyors.city_stack (line", 1, true)
    and why:find("no order of the card stack's cards", 1, true), why)
  local left_out = text:gsub('"land_surveyors%.city": %-?%d+, ', '', 1)
  none, why = e:load(left_out)
  assert(none == nil and why:find("variable 'land_surveyors.city' is missing", 1, true), why)
  assert(e:load(text), "the save as written loads")
  local kr = assert(carc.engine("everything"))
  local gk = assert(kr:game{ players = 2, seed = 4 })
  local ktext = gk:save():gsub('"king_robber%.cities": %-?%d+', '"king_robber.cities": 2147483647', 1)
  none, why = kr:load(ktext)
  assert(none == nil and why:find("vars.king_robber.cities", 1, true), why)
end

-- clone, save and load give the same game
local c = g:clone()
assert(c:save() == g:save())
local l = assert(e:load(g:save()))
assert(l:save() == g:save())
local nope, lerr = e:load("{}")
assert(nope == nil and lerr:find("load", 1, true))

-- observations hide the bag order; determinization resamples it
local o = assert(g:observe(1))
assert(o:info().bag_left == g:info().bag_left)
assert(g:observe(3) == nil)
local d1, d2 = o:clone():determinize(5), o:clone():determinize(5)
assert(d1:save() == d2:save())

-- a ruleset that fails after its expansions loaded leaves the engine as it
-- was: same pipeline, same seeded game; the same engine then loads it whole
local function seeded(engine)
  local game = assert(engine:game{ players = 3, seed = 5 })
  assert(game:bot_game("random"))
  return game:save()
end
local fresh = assert(carc.engine())
local half = assert(carc.engine())
local path = os.tmpname()
local file = assert(io.open(path, "w"))
file:write('ruleset { expansions = { "inns_cathedrals", "mage_witch" }, order = { ["no.such"] = 5 } }\n')
file:close()
local failed, ferr = half:ruleset(path)
assert(failed == nil and ferr:find("no.such", 1, true), ferr)
assert(half:pipeline() == fresh:pipeline(), "the failed ruleset left handlers behind")
assert(seeded(half) == seeded(fresh), "the failed ruleset changed the game")
file = assert(io.open(path, "w"))
file:write('ruleset { expansions = { "inns_cathedrals", "mage_witch" }, order = { ["mage_witch.mage"] = 250 } }\n')
file:close()
-- a ruleset loads before the engine's first game: a live game would no
-- longer match its engine (its save would not load back)
local live = assert(half:game{ players = 2, seed = 1 })
local refused, rerr = half:ruleset(path)
assert(refused == nil and rerr:find("before an engine's first game", 1, true), rerr)
assert(half:pipeline() == fresh:pipeline(), "the refused ruleset changed the engine")
assert(half:load(live:save()), "the refused ruleset left the game unloadable")
live = nil -- luacheck: ignore 311
collectgarbage()
collectgarbage()
-- a game that could not be made is no live game: a failed call changes
-- nothing, and the ruleset still loads with no collection in between
assert(half:game{ players = 0 } == nil and half:load("{}") == nil)
collectgarbage("stop")
assert(half:ruleset(path))
collectgarbage("restart")
local whole = assert(carc.engine(path))
os.remove(path)
assert(half:pipeline() == whole:pipeline() and half:pipeline() ~= fresh:pipeline())
assert(seeded(half) == seeded(whole))

-- a second ruleset cannot change the options of an expansion the engine has
-- loaded (its handlers took their values from them): it is refused at its
-- line and the engine stays as it was; the same options, order and disable
-- are taken (the second ruleset's options were once dropped unseen)
local function ruleset_file(text)
  local name = os.tmpname()
  local f = assert(io.open(name, "w"))
  f:write(text)
  f:close()
  return name
end
local basic = ruleset_file('ruleset { expansions = { "little_buildings" } }\n')
local values = ruleset_file('ruleset {\n  expansions = { "little_buildings" },\n'
  .. '  options = { little_buildings = { variant = "values" } },\n}\n')
local same = ruleset_file('ruleset { expansions = { "little_buildings" }, '
  .. 'options = { little_buildings = { variant = "basic" } } }\n')
local twice = assert(carc.engine(basic))
local before_pipeline, before_game = twice:pipeline(), seeded(twice)
collectgarbage() -- seeded's game: a ruleset loads before an engine's first live game
local changed, cerr = twice:ruleset(values)
assert(changed == nil and cerr:find(values .. ":3: expansion 'little_buildings' is loaded already; its options "
  .. "cannot change (option 'variant' is \"basic\", not \"values\")", 1, true), cerr)
assert(twice:pipeline() == before_pipeline and seeded(twice) == before_game, "the refused ruleset changed the engine")
do -- a number option given again as a string: the message shows them apart
  local fairy = assert(carc.engine(ruleset_file('ruleset { expansions = { "fairy" } }\n')))
  local as_text = ruleset_file('ruleset { expansions = { "fairy" },\n  options = { fairy = { bonus = "3" } } }\n')
  local loaded, why = fairy:ruleset(as_text)
  assert(loaded == nil and why:find("(option 'bonus' is 3, not \"3\")", 1, true), why)
  local two_lines = ruleset_file('ruleset { expansions = { "fairy" },\n  options = { fairy = { bonus = "a\\nb" } } }\n')
  loaded, why = fairy:ruleset(two_lines)
  assert(loaded == nil and why:find("(option 'bonus' is 3, not \"a\\nb\")", 1, true) and not why:find("\n"), why)
  local nan = ruleset_file('ruleset { expansions = { "fairy" },\n  options = { fairy = { bonus = 0/0 } } }\n')
  loaded, why = fairy:ruleset(nan)
  assert(loaded == nil and why:find("(option 'bonus' is 3, not nan)", 1, true), why)
end
collectgarbage()
assert(twice:ruleset(same), "the same options are not a change")
assert(seeded(twice) == before_game)
assert(seeded(assert(carc.engine(values))) ~= before_game, "the values variant plays another game")
for _, name in ipairs { basic, values, same } do os.remove(name) end

-- play to the end with the greedy bot
assert(g:bot_game("greedy"))
local info = g:info()
assert(info.phase == "over" and #info.scores == 2 and info.scores[1] + info.scores[2] > 0)
assert(events[#events]:find('"event":"final"', 1, true))
-- an inline ruleset's error names this script and the line of the call (it
-- named a 'scenario.lua' that does not exist)
local okr, errr = pcall(carc.scenario, { rules = { expansions = { "nope" } } })
assert(not okr and tostring(errr):find("module.lua:%d+: unknown expansion 'nope'")
  and not tostring(errr):find("scenario.lua", 1, true), tostring(errr))
print(("module %s: game over %d:%d, %d events"):format(carc.version, info.scores[1], info.scores[2], #events))

-- a scenario's ruleset path that cannot be read names the calling line too
local here = debug.getinfo(1, "l").currentline + 1
local sok, serr = pcall(carc.scenario, { rules = "/" })
assert(not sok and serr:find("module.lua:" .. here .. ": scenario rules: /: cannot read the ruleset", 1, true), serr)

-- Through the debug library an event function can drop the last reference
-- to its game that the running call's frame held, and collect: the call
-- keeps its own reference while it delivers (a use after free under ASan
-- before). And an options table whose metamethod clears e:game's engine
-- argument is an argument error, not a null engine.
do
  local function drop_and_collect()
    for level = 2, 8 do
      if not debug.getinfo(level, "S") then break end
      for i = 1, 12 do
        local name, v = debug.getlocal(level, i)
        if not name then break end
        if type(v) == "userdata" and tostring(v):find("carcassonne.game", 1, true) then
          debug.setlocal(level, i, nil)
        end
      end
    end
    collectgarbage(); collectgarbage()
    local junk = {}
    for i = 1, 500 do junk[i] = ("x"):rep(64) .. i end
    return #junk
  end
  local plain = assert(carc.engine())
  local function played(method)
    local lone = plain:game { players = 2, seed = 3 }
    lone:on_event(drop_and_collect)
    return lone[method](lone, "random")
  end
  assert(played("bot_turn") == true)
  assert(played("bot_game") == true)
  local cleared = setmetatable({}, { __index = function(_, k)
    if k == "players" then debug.setlocal(2, 1, nil) end
  end })
  local gok, gerr = pcall(plain.game, plain, cleared)
  assert(not gok and tostring(gerr):find("carcassonne.engine expected, got nil", 1, true), tostring(gerr))
end

-- A bot turn that fails part way (a turn-end hook raises after the bot
-- placed and acted) changes nothing and delivers no event: the C call keeps
-- the steps before the failing one, the module puts the game back.
do
  local folder = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
  local raising = assert(carc.engine(folder .. "/../scenarios/faults/rules/r_hook_raise.lua"))
  local game = assert(raising:game { players = 2, seed = 3 })
  local heard = 0
  game:on_event(function() heard = heard + 1 end)
  local before = game:save()
  for _, method in ipairs { "bot_turn", "bot_game" } do
    local played, why = game[method](game, "random")
    assert(played == nil and why:find("hook failed on purpose", 1, true), why)
    assert(game:save() == before, method .. " left the game changed")
  end
  assert(heard == 0, heard .. " events of undone steps were delivered")
  assert(game:info().phase == "place")
end

-- Card stacks declared on hooks (deal = ..., turn = ...) run in C: dealing
-- (top card, the rest packed as base-16 digits), turning after a scoring,
-- a card's flag on while any stack of the hook shows it, and load errors;
-- and the load errors of the other declared hook, square_arms.
-- luacheck: read globals case scenario

-- rules/stacks.lua, through a ruleset file per variant (rules/stacks_<variant>.lua)
local function rules(variant) return "rules/stacks_" .. variant .. ".lua" end

local function expect(what, want, got)
  if want ~= got then
    error(string.format("%s: expected %s, got %s", what, tostring(want), tostring(got)), 2)
  end
end

local function flags(g)
  local on = {}
  for _, f in ipairs { "a", "b", "c", "d" } do on[#on + 1] = g:flag("stacks." .. f) and f or "-" end
  return table.concat(on)
end

case("a deal without shuffling: the top card named, the rest in order", function()
  local s = scenario { players = 2, rules = rules("ok") }
  local g = s:game()
  expect("one", 2, g:var("stacks.one"))
  expect("one's rest", 1 + 3 * 16, g:var("stacks.one_rest"))
  expect("two", 1, g:var("stacks.two"))
  expect("two's rest", 2, g:var("stacks.two_rest"))
  expect("flags", "-bc-", flags(g)) -- c: the second stack shows it
end)

case("a turn puts the active card under its stack and turns the top one up", function()
  local s = scenario { players = 2, rules = rules("ok") }
  s:follower(1, 0, 0, "road")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  s:end_turn() -- a road scored for red: the turn_end hook's kinds let it run
  local g = s:game()
  expect("one", 1, g:var("stacks.one"))
  expect("one's rest", 3 + 2 * 16, g:var("stacks.one_rest"))
  expect("two", 2, g:var("stacks.two"))
  expect("two's rest", 1, g:var("stacks.two_rest"))
  expect("flags", "a--d", flags(g))
end)

case("a shuffled deal holds every card once", function()
  for seed = 1, 20 do
    local s = scenario { players = 2, seed = seed, rules = rules("shuffled") }
    local g = s:game()
    local seen, rest = { [g:var("stacks.one")] = true }, g:var("stacks.one_rest")
    for _ = 1, 2 do
      seen[rest % 16] = true
      rest = rest // 16
    end
    expect("seed " .. seed .. ": top", 2, g:var("stacks.one"))
    for i = 1, 3 do expect("seed " .. seed .. ": card " .. i, true, seen[i]) end
  end
end)

-- Loading rules/<name>_<broken>.lua fails with an error naming rules/<name>.lua
-- (its line) and the given texts.
local function ruleset_error(name, broken, ...)
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { rules = "rules/" .. name .. "_" .. broken .. ".lua" } end,
                    "rules/" .. name .. ".lua:", ...)
end

-- Declared hooks that cannot load: { rules file, variant, what the error says }.
-- The hook is named after both (stacks.point, ...); square_arms's scoring is
-- in tests/scenarios/maps/maps.lua, where the Maps expansion's island hook
-- is declared so.
local LOAD_ERRORS = {
  { "stacks", "point", "deal is for setup hooks" },
  { "stacks", "both", "either 'fn' or 'deal'" },
  { "stacks", "one_card", "2 to 8 cards" },
  { "stacks", "top", "deal[1].top must be a card's number, 1..2" },
  { "stacks", "rest", "rest must name a game variable" },
  { "stacks", "supply", "either 'token_supply' or 'deal'" },
  { "stacks", "pair", "either 'deal' or 'turn'" },
  { "stacks", "supply_type", "token_supply must be a table" },
  { "stacks", "supply_text", "token_supply must be a table" },
  { "stacks", "supply_seat", "token_supply[2][2] must be a table of token counts" },
  -- every entry of token_supply is read: none is skipped unseen
  { "stacks", "supply_name", "token_supply[2][1]: 'towr' is not a token declared before the hook" },
  { "stacks", "supply_players", "token_supply is keyed by numbers of players, 1..6, not 9" },
  { "stacks", "supply_seat_no", "token_supply[2] is keyed by seats, 1..2, not 5" },
  { "stacks", "supply_late", "token_supply[2][1]: 'tower' is not a token declared before the hook" },
  { "arms", "point", "square_arms is for turn_end hooks" },
  { "arms", "flag", "square_arms needs the flag" },
  { "arms", "both", "either 'fn' or 'square_arms'" },
  { "arms", "value", "whole number of points in -99..99" },
  { "arms", "text", "whole number of points in -99..99" },
  { "arms", "turn", "either 'turn' or 'square_arms'" },
  { "arms", "supply", "either 'token_supply' or 'square_arms'" },
}

case("card stacks and square_arms: errors name the file, the line and the hook", function()
  for _, e in ipairs(LOAD_ERRORS) do ruleset_error(e[1], e[2], e[1] .. "." .. e[2], e[3]) end
end)

case("square_arms failing in a game names the expansion and the declaration's line; the turn is undone", function()
  local F = "field:N,E,S,W"
  local s = scenario { players = 2, rules = "rules/arms_over.lua" }
  for _, sq in ipairs { { 5, 4 }, { 6, 4 }, { 7, 4 } } do s:place(F, sq[1], sq[2], 0) end
  s:place("A", 8, 4, 3) -- the ferry to the island connected (tests/scenarios/maps/maps.lua)
  s:end_turn()
  s:place("A", 10, 4, 1)
  s:end_turn()
  s:place(F, 10, 3, 0)  -- red, on the island square with 2 coats of arms: 4 points too many
  local before = s:snapshot()
  -- the error names the hook, its expansion and the line that declared it
  s:expect_error(function() s:end_turn() end, "hook 'arms.over'", "expansion 'arms' at ",
                 "rules/arms.lua:24:", "outside")
  expect("the game after the failed turn end", before, s:snapshot())
  expect("red's score", 999999998, s:game():score(1))
end)

case("square_arms failing in a strict scenario: the hook's error, not a guess at the turn", function()
  local s = scenario { players = 2, strict = true, rules = "rules/arms_over.lua" }
  for _, t in ipairs { { "B", 5, 4, 0 }, { "B", 6, 4, 0 }, { "B", 7, 4, 0 }, { "A", 8, 4, 3 }, { "A", 10, 4, 1 },
                       { "B", 4, 4, 0 } } do
    s:place(t[1], t[2], t[3], t[4])
    s:end_turn()
  end
  s:place("B", 10, 3, 0)  -- red, on the island square with 2 coats of arms
  local before = s:snapshot()
  local msg = s:expect_error(function() s:end_turn() end, "hook 'arms.over'", "rules/arms.lua:24:", "outside")
  expect("no guess at a neutral figure", nil, msg:find("neutral figure", 1, true))
  expect("the game after the failed turn end", before, s:snapshot())
end)

case("square_arms off a map: its flag turned off, no points", function()
  local s = scenario { players = 2, rules = "rules/arms_plane.lua" }
  s:place("A", 1, 0, 1)
  s:end_turn()            -- "raise" turns the flag on, then square_arms runs
  expect("the flag after the turn", false, s:game():flag("arms.on"))
  s:expect_scores { 0, 0 }
end)

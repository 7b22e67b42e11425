-- The setup hook shares the 18 buildings (6 towers, 6 houses, 6 sheds).

local BASIC = "../rules/lb_basic.lua"
local VALUES = "../rules/lb_values.lua"

local function supplies(rules, players)
  local g = scenario { rules = rules, players = players }:game()
  local out = {}
  for p = 1, players do
    out[p] = { g:token_supply(p, "tower"), g:token_supply(p, "house"), g:token_supply(p, "shed") }
  end
  return out
end

local function check(rules, players, want)
  local got = supplies(rules, players)
  local used = { 0, 0, 0 }
  for p = 1, players do
    for k = 1, 3 do
      used[k] = used[k] + got[p][k]
      if got[p][k] ~= want[p][k] then
        error(string.format("%d players, player %d, type %d: %d buildings, expected %d",
                            players, p, k, got[p][k], want[p][k]))
      end
    end
  end
  for k = 1, 3 do
    if used[k] > 6 then error(string.format("type %d: %d handed out, only 6 exist", k, used[k])) end
  end
end

case("basic: 2 players 9 each, 3 players 6, 5 players 3", function()
  check(BASIC, 2, { { 3, 3, 3 }, { 3, 3, 3 } })
  check(BASIC, 3, { { 2, 2, 2 }, { 2, 2, 2 }, { 2, 2, 2 } })
  check(BASIC, 5, { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } })
end)

case("basic, 4 players: 4 each (one set + one more in turn: tower, house, shed, tower)", function()
  check(BASIC, 4, { { 2, 1, 1 }, { 1, 2, 1 }, { 1, 1, 2 }, { 2, 1, 1 } })
end)

case("variant: same number of each type; 4 and 5 players one of each", function()
  check(VALUES, 2, { { 3, 3, 3 }, { 3, 3, 3 } })
  check(VALUES, 3, { { 2, 2, 2 }, { 2, 2, 2 }, { 2, 2, 2 } })
  check(VALUES, 4, { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } })
  check(VALUES, 5, { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } })
end)

case("the variant option takes only basic or values", function()
  local ok, err = pcall(scenario, {
    rules = { expansions = { "little_buildings" },
              options = { little_buildings = { variant = "towers" } } },
    players = 2,
  })
  if ok or not tostring(err):find("variant", 1, true) then
    error("expected an error naming the option 'variant', got: " .. tostring(err))
  end
end)

-- The deal option (basic variant). Default "even" is checked above.
local function deal(mode)
  return { expansions = { "little_buildings" }, options = { little_buildings = { deal = mode } } }
end

case("deal = all, 4 players: all 18 dealt from tower, house, shed, tower ...", function()
  -- seat 1 takes buildings 1, 5, 9, 13, 17: T H S T H; seat 2: 2, 6, 10, 14, 18:
  -- H S T H S; seat 3: 3, 7, 11, 15: S T H S; seat 4: 4, 8, 12, 16: T H S T
  check(deal("all"), 4, { { 2, 2, 1 }, { 1, 2, 2 }, { 1, 1, 2 }, { 2, 1, 1 } })
end)

case("deal = all, 5 players: the first three seats get a fourth", function()
  -- seat 1: 1, 6, 11, 16 = T S H T; seat 2: 2, 7, 12, 17 = H T S H;
  -- seat 3: 3, 8, 13, 18 = S H T S; seat 4: 4, 9, 14 = T S H; seat 5: 5, 10, 15 = H T S
  check(deal("all"), 5, { { 2, 1, 1 }, { 1, 2, 1 }, { 1, 1, 2 }, { 1, 1, 1 }, { 1, 1, 1 } })
end)

case("deal = sets, 4 players: one whole set each, 6 back in the box", function()
  check(deal("sets"), 4, { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 } })
  check(deal("sets"), 2, { { 3, 3, 3 }, { 3, 3, 3 } })
end)

case("deal = even (default) named explicitly: 4 players 4 each", function()
  check(deal("even"), 4, { { 2, 1, 1 }, { 1, 2, 1 }, { 1, 1, 2 }, { 2, 1, 1 } })
end)

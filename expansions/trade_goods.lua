-- Trade goods (row "Trade Good Tokens" of the rules' table of other scoring
-- after the game): city segments may show wine, grain or cloth (segment
-- attributes, the value being the number of symbols). The player who
-- completes a city (places the closing tile) takes its goods, whoever scores
-- it (a feature_completed hook: completed cities, scored or not). At the
-- end, for each good, the player(s) with the most receive 10 points (ties:
-- every tied player).
-- State: game variables trade_goods.<good>.<player>.
-- The tiles are this project's own design (docs/expansions/trade_goods.md).
-- luacheck: read globals expansion

local x = expansion {
  name = "trade_goods",
  requires = {},
  options = { points = 10 },
}

x:tiles("trade_goods", [[
TG_WINE   2 city:N+wine field:E,S,W
TG_GRAIN  2 city:N,W+grain field:E,S
TG_CLOTH  2 city:N,S+cloth field:E field:W
]])

local GOODS = { "wine", "grain", "cloth" }
local MAX_PLAYERS = 6
local HELD = {}
for _, good in ipairs(GOODS) do
  HELD[good] = {}
  for p = 1, MAX_PLAYERS do HELD[good][p] = x:var("trade_goods." .. good .. "." .. p, { min = 0, max = 1 << 24 }) end
end

x:hook {
  point = "feature_completed", name = "take", priority = 100, kinds = { "city" },
  fn = function(game, args)
    for _, member in ipairs(args.feature:segments()) do
      for _, good in ipairs(GOODS) do
        local n = member:attr(good)
        if n > 0 then
          local v = HELD[good][args.player]
          game:set_var(v, game:var(v) + n)
        end
      end
    end
  end,
}

x:hook {
  -- 110: the table's "other scoring after the game" order: trade goods,
  -- King / Robber Baron (120), gold pieces (130)
  point = "final_scoring", name = "majorities", priority = 110,
  describe = string.format("Trade goods: %d points / majority on a good (wine, grain, cloth; ties: each tied player)",
    x.options.points),
  fn = function(game)
    for _, good in ipairs(GOODS) do
      local best = 0
      for p = 1, game.players do
        local n = game:var(HELD[good][p])
        if n > best then best = n end
      end
      if best > 0 then
        for p = 1, game.players do
          if game:var(HELD[good][p]) == best then game:add_score(p, x.options.points) end
        end
      end
    end
  end,
}

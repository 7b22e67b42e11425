-- The fairy: one neutral figure that stands beside a follower. Its owner is
-- the player of that follower (game variable fairy.owner, 1..n; 0 while the
-- fairy is off the board).
--   * When a feature holding the fairy is scored, its owner receives 3 more
--     points if he has a follower there (option needs_majority: only if he
--     also scores the feature). Player stage, 620: after the feature's value
--     and every per-player change of that feature (ghosts, 610), as the
--     rules' table lists the fairy under "scoring figures", after features.
--   * At the start of each of its owner's turns, the owner receives 1 point.
-- The engine returns a neutral figure to the supply when its feature has been
-- completed and scored; the fairy's owner is then cleared.
-- Moving the fairy is not a turn action in this engine: scenarios put it
-- with s:figure("fairy", nil, x, y, segment) and s:set_var("fairy.owner", p).
-- See docs/expansions/fairy.md.
-- luacheck: read globals expansion

local x = expansion {
  name = "fairy",
  requires = {},
  options = { needs_majority = false, bonus = 3, turn_point = 1 },
}
local opt = x.options

x:figure {
  name = "fairy",
  strength = 0,
  per_player = 1,
  occupies = false,
  placement = "neutral",
  kinds = { "road", "city", "field", "monastery" },
}

local OWNER = x:var("fairy.owner", { min = 0, max = 6 }) -- the player whose follower has the fairy, 0: none

x:handler {
  name = "bonus",
  priority = 620,
  figure = "fairy",
  reasons = { "completed", "final" },
  describe = string.format("Fairy: +%d points / feature scored, to the owner of the follower it stands by%s",
    opt.bonus, opt.needs_majority and " (if he scores the feature)" or ""),
  fn = function(ctx)
    local p = ctx.game:var(OWNER)
    if p < 1 or p > ctx.players then return end
    local present = false
    for _, f in ipairs(ctx.feature:figures()) do
      if f.owner == p and f.type ~= "fairy" then present = true end
    end
    if present and (ctx:scores(p) or not opt.needs_majority) then
      ctx:set_award(p, ctx:award(p) + opt.bonus)
    end
  end,
}

-- The player whose turn starts next is (player % n) + 1.
x:hook {
  point = "turn_end", name = "turn_point", priority = 100,
  describe = string.format("Fairy: +%d point at the start of its owner's turn", opt.turn_point),
  fn = function(game, args)
    local owner = game:var(OWNER)
    if owner >= 1 and args.player % game.players + 1 == owner then
      game:add_score(owner, opt.turn_point)
    end
  end,
}

-- A completed feature holding the fairy sends it back to the supply.
x:hook {
  point = "feature_scored", name = "leaves", priority = 100,
  fn = function(game, args)
    for _, f in ipairs(args.feature:figures()) do
      if f.type == "fairy" then game:set_var(OWNER, 0) end
    end
  end,
}

-- Handlers and hooks that allocate nothing themselves: a call through the
-- binding must then allocate nothing either.
local x = expansion { name = "quiet", options = { bonus = 0 } }
local bonus = x.options.bonus
x:var("quiet.calls")
x:handler {
  name = "touch", priority = 450, kinds = { "road", "city" },
  fn = function(ctx)
    ctx.total = ctx.total + bonus
    local _, _, _, _, _, _ = ctx.kind, ctx.reason, ctx.players, ctx.game, ctx.feature, ctx:strength(1)
  end,
}
x:hook {
  point = "turn_end", name = "count", priority = 100,
  fn = function(game, args)
    game:set_var("quiet.calls", game:var("quiet.calls") + 1)
    local _ = args.player
  end,
}
x:hook {
  point = "placement", name = "allow", priority = 100,
  fn = function(_, args)
    return args.x < 100
  end,
}

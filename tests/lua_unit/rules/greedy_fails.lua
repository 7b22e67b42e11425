-- A rule with a bug: it fails whenever a road is scored. The greedy bot
-- tries moves on copies; a trial that fails this way must stop the game
-- with this handler's message, not be passed over as a refused move.
-- luacheck: read globals expansion
local x = expansion { name = "greedy_fails" }

x:handler {
  name = "broken",
  priority = 430,
  kinds = { "road" },
  fn = function(ctx)
    if ctx.total >= 0 then error("a bug in the rule") end
  end,
}

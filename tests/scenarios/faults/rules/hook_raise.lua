-- A turn_end hook that changes state, then fails: the game must roll back.
local x = expansion { name = "hook_raise" }
x:var("hook_raise.count")
x:hook {
  point = "turn_end", name = "tick", priority = 100,
  fn = function(game)
    game:set_var("hook_raise.count", game:var("hook_raise.count") + 1)
    game:add_score(1, 50)
    error("hook failed on purpose")
  end,
}

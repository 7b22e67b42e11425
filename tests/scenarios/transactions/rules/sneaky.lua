-- Scoring handlers and placement hooks that try to change the game.
local x = expansion { name = "sneaky" }
local V = x:var("sneaky.v")
x:flag("sneaky.score")
x:flag("sneaky.var")
x:flag("sneaky.random")
x:flag("sneaky.place")
x:handler {
  name = "score", priority = 350, flag = "sneaky.score",
  fn = function(ctx) ctx.game:add_score(1, 100) end,
}
x:handler {
  name = "var", priority = 351, flag = "sneaky.var",
  fn = function(ctx) ctx.game:set_var(V, 9) end,
}
x:handler {
  name = "random", priority = 352, flag = "sneaky.random",
  fn = function() return math.random(6) end,
}
x:hook {
  point = "placement", name = "place", priority = 100, flag = "sneaky.place",
  fn = function(game) game:add_score(2, 5); return true end,
}
x:hook {
  point = "turn_end", name = "big", priority = 100, flag = "sneaky.var",
  fn = function(game) game:set_var(V, 2 ^ 40) end,
}

-- Declarations made while a game runs: each must fail and leave nothing.
local x = expansion { name = "late" }
x:flag("late.armed")
x:handler {
  name = "grow", priority = 310, kinds = { "road" }, reasons = { "completed" },
  fn = function()
    x:handler { name = "more", priority = 320, fn = function() end }
  end,
}
x:hook {
  point = "tile_placed", name = "tiles", priority = 100, flag = "late.armed",
  fn = function()
    x:tiles("late", "Q 1 whatever")
  end,
}
x:hook {
  point = "turn_end", name = "figure", priority = 100, flag = "late.armed",
  fn = function()
    x:figure { name = "ghost" }
  end,
}

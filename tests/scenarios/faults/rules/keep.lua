-- Keeps the scoring context past the handler call, then uses it.
local x = expansion { name = "keep" }
local kept
x:handler {
  name = "grab", priority = 350, kinds = { "road" },
  fn = function(ctx) kept = ctx end,
}
x:hook {
  point = "turn_end", name = "use", priority = 100,
  fn = function()
    if kept then return kept.count end
  end,
}

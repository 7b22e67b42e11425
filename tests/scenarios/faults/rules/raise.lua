-- A handler that raises an error whenever a completed road is scored.
local x = expansion { name = "raise" }
x:handler {
  name = "boom", priority = 310, kinds = { "road" }, reasons = { "completed" },
  fn = function(ctx)
    ctx.adjust = 100
    error("boom on purpose")
  end,
}

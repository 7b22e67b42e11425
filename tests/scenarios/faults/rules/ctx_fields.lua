-- Scoring handlers that misuse the context's fields, each behind its flag.
local x = expansion { name = "ctx_fields" }
for _, f in ipairs { "misspelt", "fraction", "text", "settable", "every", "setter" } do x:flag("ctx_fields." .. f) end
x:handler {
  name = "misspelt", priority = 410, flag = "ctx_fields.misspelt",
  fn = function(ctx) if ctx.count_orignal > 5 then ctx.total = ctx.total + 3 end end,
}
x:handler {
  name = "fraction", priority = 410, flag = "ctx_fields.fraction",
  fn = function(ctx) ctx.total = ctx.total * 1.5 end,
}
x:handler {
  name = "text", priority = 410, flag = "ctx_fields.text",
  fn = function(ctx) ctx.total = "7" end,
}
x:handler {
  name = "settable", priority = 410, flag = "ctx_fields.settable",
  fn = function(ctx) ctx.totla = 0 end,
}
-- every documented field and method still reads, and 6.0 is a whole number
local FIELDS = { "count", "count_original", "symbols", "symbols_original", "unit_rate", "symbol_rate",
  "adjust", "total", "kind", "reason", "players", "game", "feature", "strength", "set_strength", "scores",
  "set_scores", "award", "set_award", "score_so_far", "tiles", "tiles_with_attr", "tiles_with_kind",
  "token_points", "tokens" }
x:handler {
  name = "every", priority = 410, flag = "ctx_fields.every",
  fn = function(ctx)
    for _, f in ipairs(FIELDS) do
      if ctx[f] == nil then error("ctx." .. f .. " reads nil") end
    end
    ctx.total = ctx.total * 2.0
  end,
}
-- a setter's number given as a string that reads as one
x:handler {
  name = "setter", priority = 610, flag = "ctx_fields.setter",
  fn = function(ctx) ctx:set_award(1, "7") end,
}
-- the player given as a string, and a fraction given to a setter
x:flag("ctx_fields.setter_player")
x:handler {
  name = "setter_player", priority = 610, flag = "ctx_fields.setter_player",
  fn = function(ctx) ctx:set_award("1", 7) end,
}
x:flag("ctx_fields.setter_fraction")
x:handler {
  name = "setter_fraction", priority = 610, flag = "ctx_fields.setter_fraction",
  fn = function(ctx) ctx:set_award(1, 7.5) end,
}
-- a whole number past the scores' range
x:flag("ctx_fields.range")
x:handler {
  name = "range", priority = 410, flag = "ctx_fields.range",
  fn = function(ctx) ctx.total = 2 ^ 31 end,
}

-- A house-rule expansion: completed roads of 6 tiles or more score 2 extra
-- points, added after the Witch and before little buildings in the default
-- order (a ruleset can move the Witch after it, as the tutorial's does).
-- luacheck: read globals expansion
local x = expansion {
  name = "long_roads",
  options = { min_tiles = 6, bonus = 2 },
}
local opt = x.options

x:handler {
  name = "bonus",
  priority = 430,                -- feature stage: after mage (410) and witch (420) by default
  kinds = { "road" },            -- filters run in C: no Lua call for cities
  reasons = { "completed" },
  describe = string.format("Road of %d tiles or more: +%d points", opt.min_tiles, opt.bonus),
  fn = function(ctx)
    if ctx.count_original >= opt.min_tiles then
      ctx.total = ctx.total + opt.bonus
    end
  end,
}

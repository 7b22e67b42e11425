-- Pigs and pig-herds on farms (rows "Farm with pig" and "Farm with pig-herd"
-- of the rules' final-scoring table):
--   pig       a figure a player puts in a farm (instead of a follower); if he
--             scores the farm, he receives +1 point per completed city it
--             counts. Player stage (605): only the pig's owner gains.
--   pig-herd  a field printed with a herd (segment attribute "pigherd"): every
--             player scoring the farm gets +1 point per completed city;
--             several herds do not stack. Per_tile stage (310).
-- The tiles are this project's own design (docs/expansions/pigs.md).
-- luacheck: read globals expansion

local x = expansion {
  name = "pigs",
  requires = {},
  options = { pig_points = 1, herd_points = 1 },
}

x:tiles("pigs", [[
PG_HERD       2 field:N,E,S,W+pigherd
PG_HERD_ROAD  1 road:E,W field:Wr,N,El+pigherd field:Er,S,Wl
]])

x:figure {
  name = "pig",
  strength = 0,
  per_player = 1,
  occupies = false,
  placement = "follower",
  kinds = { "field" },
}

x:handler {
  name = "herd",
  priority = 310,
  kinds = { "field" },
  attr = "pigherd",
  describe = string.format("Farm with pig-herd: +%d point / completed city (pig-herds do not stack)",
    x.options.herd_points),
  fn = function(ctx) ctx.unit_rate = ctx.unit_rate + x.options.herd_points end,
}

x:handler {
  name = "pig",
  priority = 605,
  kinds = { "field" },
  figure = "pig",
  describe = string.format("Farm with pig: +%d point / completed city, to the pig's owner if he scores the farm",
    x.options.pig_points),
  fn = function(ctx)
    local owners = {}
    for _, f in ipairs(ctx.feature:figures()) do
      if f.type == "pig" and f.owner then owners[f.owner] = true end
    end
    for p in pairs(owners) do
      if ctx:scores(p) then ctx:set_award(p, ctx:award(p) + x.options.pig_points * ctx.count) end
    end
  end,
}

-- Cathars / siege: a city tile may show a siege (segment attribute "siege" on
-- its city). Two rows of the rules' final-scoring table:
--   City with Cathars / Siege (after the game): -1 point / tile and -1 point
--     / coat of arms, so an uncompleted besieged city scores nothing so far;
--     sieges do not stack. Per_tile stage, 310, before a cathedral (320) as
--     the table lists it.
--   Farm (after the game): x2 points for a besieged completed city, applied
--     to the value the earlier rows gave that city (3 per city, a pig-herd's
--     +1, a pig's +1). Done by counting each besieged completed city twice,
--     after the rate changes (330), so every per-city rate and the pig (which
--     reads the count) are doubled for it.
-- A besieged city completed during the game scores as usual.
-- The rules texts give no tiles; the tiles below are this project's own
-- design (see docs/expansions/cathars.md).
-- luacheck: read globals expansion

local x = expansion {
  name = "cathars",
  requires = {},
  options = { farm_factor = 2 },
}

x:tiles("cathars", [[
CA_SIEGE_CAP   2 city:N+siege field:E,S,W
CA_SIEGE_BAND  1 city:E,W+siege+arms field:N field:S
]])

x:handler {
  name = "siege",
  priority = 310,
  kinds = { "city" },
  attr = "siege",
  reasons = { "final" },
  describe = "City with Cathars / Siege: -1 point / tile, -1 point / coat of arms (sieges do not stack)",
  fn = function(ctx)
    ctx.unit_rate = ctx.unit_rate - 1
    ctx.symbol_rate = ctx.symbol_rate - 1
  end,
}

-- Completed besieged cities the farm touches (each once).
local function besieged(feature)
  local seen, n = {}, 0
  for _, seg in ipairs(feature:segments()) do
    for _, city in ipairs(seg:cities()) do
      local f = city:feature()
      if not seen[f.id] then
        seen[f.id] = true
        if f.complete and f:has_attr("siege") then n = n + 1 end
      end
    end
  end
  return n
end

x:handler {
  name = "farm",
  priority = 330,
  kinds = { "field" },
  reasons = { "final" },
  describe = string.format("City with Cathars / Siege: x%d points for each besieged completed city",
    x.options.farm_factor),
  fn = function(ctx)
    local n = besieged(ctx.feature)
    if n > 0 then ctx.count = ctx.count + n * (x.options.farm_factor - 1) end
  end,
}

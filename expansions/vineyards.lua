-- Vineyards (row "Neighboring vineyard(s)" of the monastery block of the
-- rules' final-scoring table): a tile showing a vineyard (tile attribute
-- "vineyard") next to a monastery adds points to it. A completed monastery
-- gains 3 points per vineyard among its eight neighbours; after the game the
-- table gives (+0) points per vineyard. Per_tile stage, 330: after the Land
-- Surveyors' monastery tiles (310), before little buildings (510), as the
-- table lists the rows. The tiles are this project's own design.
-- luacheck: read globals expansion

local x = expansion {
  name = "vineyards",
  requires = {},
  options = { completed_points = 3, final_points = 0 },
}
local opt = x.options

x:tiles("vineyards", [[
VY_VINEYARD       3 field:N,E,S,W @vineyard
VY_VINEYARD_ROAD  1 road:E,W field:Wr,N,El field:Er,S,Wl @vineyard
]])

x:handler {
  name = "vineyards",
  priority = 330,
  kinds = { "monastery" },
  tile_attr = "vineyard",
  describe = {
    ["monastery completed"] = string.format("Neighboring vineyard(s): +%d points / vineyard", opt.completed_points),
    ["monastery final"] = string.format("Neighboring vineyard(s): (+%d) points / vineyard", opt.final_points),
  },
  fn = function(ctx)
    local own = ctx.feature:tile_list()[1].index
    local n = 0
    for _, t in ipairs(ctx:tiles()) do
      if t.index ~= own and t:attr("vineyard") ~= 0 then n = n + 1 end
    end
    local per = ctx.reason == "completed" and opt.completed_points or opt.final_points
    if n > 0 and per ~= 0 then ctx.adjust = ctx.adjust + n * per end
  end,
}

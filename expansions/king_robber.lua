-- The King and the Robber Baron (rows "King tile" and "Robber Baron tile" of
-- the rules' table of other scoring after the game):
--   The player who completes the largest city so far takes the King; the one
--   who completes the longest road so far takes the Robber Baron. At the end
--   the King's holder receives 1 point per city completed in the game, the
--   Robber Baron's holder 1 point per road completed.
-- "Completes" means places the tile that closes the feature, whoever has
-- followers on it: a feature_completed hook (every completed city or road,
-- scored or not; no Lua runs on other turns).
-- State (game variables): king_robber.cities / .roads (completed so far),
-- .king / .robber (holder, 1..n, 0 none), .king_size / .robber_size.
-- luacheck: read globals expansion

local x = expansion {
  name = "king_robber",
  requires = {},
  options = {
    -- "keeps": a city (road) of the same size leaves the tile where it is;
    -- "takes": completing one of the same size takes it.
    ties = { default = "keeps", values = { "keeps", "takes" } },
    city_points = 1,
    road_points = 1,
  },
}
local opt = x.options

-- Each variable's range: a count or size is at most a board's tiles, a
-- holder a player's number (0: nobody); a save holding more is refused.
local TILES, PLAYERS = 1 << 24, 6
local V = {}
for _, var in ipairs({ { "cities", TILES }, { "roads", TILES }, { "king", PLAYERS }, { "robber", PLAYERS },
                       { "king_size", TILES }, { "robber_size", TILES } }) do
  V[var[1]] = x:var("king_robber." .. var[1], { min = 0, max = var[2] })
end
local TRACK = {
  city = { count = V.cities, holder = V.king, size = V.king_size },
  road = { count = V.roads, holder = V.robber, size = V.robber_size },
}

x:hook {
  point = "feature_completed", name = "completions", priority = 100, kinds = { "city", "road" },
  fn = function(game, args)
    local f = args.feature
    local t = TRACK[f.kind]
    game:set_var(t.count, game:var(t.count) + 1)
    local size = game:var(t.size)
    if f.tiles > size or (opt.ties == "takes" and f.tiles == size) then
      game:set_var(t.size, f.tiles)
      game:set_var(t.holder, args.player)
    end
  end,
}

x:hook {
  point = "final_scoring", name = "tiles", priority = 120, -- after trade goods (110), before gold (130)
  describe = string.format("King tile: %d point / completed city; Robber Baron tile: %d point / completed road",
    opt.city_points, opt.road_points),
  fn = function(game)
    local king, robber = game:var(V.king), game:var(V.robber)
    if king > 0 then game:add_score(king, opt.city_points * game:var(V.cities)) end
    if robber > 0 then game:add_score(robber, opt.road_points * game:var(V.roads)) end
  end,
}

x:describe(function(game)
  local parts = {}
  local king, robber = game:var(V.king), game:var(V.robber)
  if king > 0 then
    parts[#parts + 1] = string.format("King with player %d (city of %d)", king, game:var(V.king_size))
  end
  if robber > 0 then
    parts[#parts + 1] = string.format("Robber Baron with player %d (road of %d)", robber, game:var(V.robber_size))
  end
  if #parts == 0 then return nil end
  return table.concat(parts, ", ")
end)

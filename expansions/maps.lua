-- Carcassonne Maps: the rules that add points on a map.
--
-- The geometry (which squares exist, large cities, the border, ferries,
-- islands, what opens when) is the engine's board shape, declared here with
-- x:map(); see docs/expansions/maps.md. This file adds the points:
--   coats of arms on roads (segments abroad, ferry routes): 2 points each in a
--     completed road, 1 at final scoring (cities count theirs already);
--   a tile placed on an island square: 2 points per coat of arms printed
--     there, at once, for its player;
--   the three town variants, each an option (all off by default):
--     town_extra_turn  placing on a town gives one extra turn (at most one a turn)
--     town_cost        placing on a town costs 2 points
--     town_bonus       +2 per still-visible town touching a scored road
--   and start_towns: for the three variants an unused start square is a town
--     too (its print shows one); off, it is plain land; town_touch: for
--     town_bonus, "square" (a town beside any tile of the road) or "road"
--     (beside an edge the road's own segment reaches); city_fields: "around"
--     (a large city's corner square joins the fields on its two outer edges)
--     or "apart" (each outer edge a field of its own)

local x = expansion {
  name = "maps",
  requires = {},
  options = {
    map = "demo",            -- a map name (maps/NAME.map) or a path; a pair file joins two
    followers = 0,           -- followers per player; 0: what the map recommends (9)
    tiles = 0,               -- tiles in the game; 0: the map's recommendation
    town_extra_turn = false,
    town_cost = false,
    town_bonus = false,
    start_towns = false,
    town_touch = "square",   -- town_bonus: "square" any tile of the road beside the town; "road" the road's own edge
    city_fields = "around",  -- a large city's corner square: "around" one field round it; "apart" one an edge
  },
}

if x.options.city_fields ~= "around" and x.options.city_fields ~= "apart" then
  error(("maps: option city_fields is \"around\" or \"apart\", not %q"):format(tostring(x.options.city_fields)), 0)
end

-- The engine turns the flag on when a tile goes on an island square with
-- coats of arms (or on a town, when a town variant needs it): the hook below
-- runs then, and on no other turn.
local marked = x:flag("maps.square")
local town_signal = x.options.town_extra_turn or x.options.town_cost
x:map(x.options.map, { followers = x.options.followers, tiles = x.options.tiles, signal = "maps.square",
                       towns = town_signal, start_towns = x.options.start_towns,
                       city_fields = x.options.city_fields })

-- Whether square (x, y) counts as a town for the variants: a town in print
-- (a start square may show one), or with start_towns any start square.
local start_towns = x.options.start_towns
local function town_at(game, sx, sy)
  local kind, _, _, printed = game:map_square(sx, sy)
  return printed or (start_towns and kind == "start")
end

-- Coats of arms on a road: the engine counts them on the feature; the base
-- rates give roads no symbol points, so this handler adds them (declared:
-- it runs in C).
x:handler {
  name = "road_arms",
  priority = 310,
  kinds = { "road" },
  attr = "arms",
  describe = { ["road completed"] = "Road with coat(s) of arms (map): +2 points / coat of arms",
               ["road final"] = "Road with coat(s) of arms (map): +1 point / coat of arms" },
  completed = { set = { symbols = "feature_symbols", symbol_rate = 2 } },
  final = { set = { symbols = "feature_symbols", symbol_rate = 1 } },
}

local town_touch = x.options.town_touch
if town_touch ~= "square" and town_touch ~= "road" then
  error(("maps: option town_touch is \"square\" or \"road\", not %q"):format(tostring(town_touch)), 0)
end

if x.options.town_bonus then
  local SIDES = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }
  -- +2 for every town square (town_at) with no tile on it next to a square of the road.
  -- A ferry route or a piece abroad lies on no square: it carries its first
  -- end's coordinates, and the towns beside that end touch the road only
  -- through a tile there.
  x:handler {
    name = "town_bonus",
    priority = 510,
    kinds = { "road" },
    describe = "Road beside town(s) (map variant): +2 points / visible town",
    fn = function(ctx)
      local game, seen, towns = ctx.game, {}, 0
      if town_touch == "road" then -- only the edges the road's own segments reach
        for id in ctx.feature:each_segment() do
          local index, sx, sy = game:segment_tile(id)
          local here = game:tile_at(sx, sy)
          local edges = here and here.index == index and game:segment_edges(id) or 0
          for d, step in ipairs(SIDES) do
            local nx, ny = sx + step[1], sy + step[2]
            local key = nx * 1000 + ny
            if edges & (1 << (d - 1)) ~= 0 and not seen[key] and town_at(game, nx, ny)
               and not game:tile_at(nx, ny) then
              seen[key] = true
              towns = towns + 1
            end
          end
        end
        if towns > 0 then ctx.total = ctx.total + 2 * towns end
        return
      end
      for _, t in ipairs(ctx:tiles()) do
        local here = game:tile_at(t.x, t.y)
        if here and here.index == t.index then
          for _, d in ipairs(SIDES) do
            local nx, ny = t.x + d[1], t.y + d[2]
            local key = nx * 1000 + ny
            if not seen[key] and town_at(game, nx, ny) and not game:tile_at(nx, ny) then
              seen[key] = true
              towns = towns + 1
            end
          end
        end
      end
      if towns > 0 then ctx.total = ctx.total + 2 * towns end
    end,
  }
end

-- the turn number of the extra turn granted last, + 1 (turns stop at 2^30)
local extra = x:var("maps.extra", { min = 0, max = (1 << 30) + 2 })

-- What the square of the tile just placed gives: island coats of arms, and
-- the town variants. Without a town variant the hook is declared, and runs
-- in C with no call into Lua: it turns the flag off and gives 2 points a
-- coat of arms on the island square of the turn's tile, as the function
-- below does.
local SQUARES = {
  point = "turn_end",
  name = "squares",
  priority = 500,
  flag = "maps.square",
  describe = "Tile on an island square: +2 points / coat of arms (town variants: extra turn, -2 points)",
}
if town_signal then
  SQUARES.fn = function(game, args)
    game:set_flag(marked, false)
    local t = game:last_tile()
    if not t then return end
    local kind, arms = game:map_square(t.x, t.y)
    if kind == "island" and arms > 0 then game:add_score(args.player, 2 * arms) end
    if not town_at(game, t.x, t.y) then return end
    if x.options.town_cost then game:add_score(args.player, -2) end
    -- at most one extra turn a turn: none for a town placed in the extra turn itself
    if x.options.town_extra_turn and game:var(extra) ~= game.turn + 1 then
      game:play_again()
      game:set_var(extra, game.turn + 2)
    end
  end
else
  SQUARES.square_arms = 2
end
x:hook(SQUARES)

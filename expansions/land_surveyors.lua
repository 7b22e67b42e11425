-- The Land Surveyors: twelve scoring tiles in three stacks (city, road,
-- monastery). The top tile of each stack is active and changes how a completed
-- feature of that kind scores; after a turn in which a road, city or monastery
-- was scored for some player, every active tile goes under its stack and the
-- next one becomes active. Final scoring is never affected.
--
-- State lives in the game (clone/save/load keep it):
--   var  land_surveyors.<stack>        index (in STACKS[<stack>]) of the active tile
--   var  land_surveyors.<stack>_stack  the face-down rest of the stack, top first,
--                                      packed as base-16 digits (lowest digit = top)
--   flag land_surveyors.<effect>       on while a tile with that effect is active,
--                                      so a handler whose tile is not up costs nothing
-- See docs/expansions/land_surveyors.md.
-- luacheck: read globals expansion

local x = expansion {
  name = "land_surveyors",
  requires = {},
  options = {
    -- which stack holds the second Wealth tile, and the second Poverty tile
    -- ("": the stack wealth_stack does not name); the same stack for both
    -- puts both there (the city stack always holds one of each)
    wealth_stack = { default = "road", values = { "road", "monastery" } },
    poverty_stack = { default = "", values = { "", "road", "monastery" } },
    -- the stacks turn after a turn in which a road, city or monastery was
    -- scored for some player ("any"), or for the active player ("active") ...
    rotate_after = { default = "any", values = { "any", "active" } },
    -- ... and whether a scoring that gives that player 0 points counts
    zero_counts = true,
    -- false: the stacks are not shuffled (catalogue order), for reproducible tests
    shuffle = true,
    -- put this tile on top of its stack at setup ("" = whatever the shuffle gives)
    active_city = { default = "", values = { "", "citizens_jury", "bad_neighborhood", "siege",
                                              "wealth", "poverty" } },
    active_road = { default = "", values = { "", "street_fair", "highway", "peasant_uprising",
                                              "wealth", "poverty" } },
    active_monastery = { default = "", values = { "", "hermit_monastery", "pilgrimage_route",
                                                  "wealth", "poverty" } },
    -- base tile types all of whose copies show a farmhouse (comma separated; "" = none)
    farmhouse_tiles = "U,V",
    -- individual copies that show one: "TYPE:N,..." sets N copies of TYPE apart
    -- as type TYPE_FARMHOUSE with the farmhouse (a type named here must not be
    -- in farmhouse_tiles too)
    farmhouse_copies = "",
    -- on a map, the readings where the Maps text meets this one (see the docs):
    -- true: the Street Fair doubles a road's coats of arms too, not only its tiles
    street_fair_arms = false,
    -- false: the Highway's 5 points are the whole road's; its coats of arms add nothing
    highway_arms = true,
    -- false: the Bad Neighborhood never drops a map's printed piece (a city abroad)
    bad_neighborhood_printed = true,
    -- false: the coats of arms on the tiles the Bad Neighborhood drops score
    -- nothing either (its "not part of the scoring" read whole)
    bad_neighborhood_arms = true,
    -- false: the Hermit Monastery and the Pilgrimage Route count placed tiles
    -- only, not a large city's printed squares among the nine
    monastery_printed = true,
  },
}

local opt = x.options
local poverty_stack = opt.poverty_stack
if poverty_stack == "" then poverty_stack = opt.wealth_stack == "road" and "monastery" or "road" end

-- The three stacks in catalogue order; an index into these lists names a tile.
local STACKS = {
  city = { "citizens_jury", "bad_neighborhood", "siege", "wealth", "poverty" },
  road = { "street_fair", "highway", "peasant_uprising" },
  monastery = { "hermit_monastery", "pilgrimage_route" },
}
table.insert(STACKS[opt.wealth_stack], "wealth")
table.insert(STACKS[poverty_stack], "poverty")
local STACK_ORDER = { "city", "road", "monastery" }
local EFFECTS = { "citizens_jury", "bad_neighborhood", "siege", "street_fair", "highway",
                  "peasant_uprising", "hermit_monastery", "pilgrimage_route", "wealth", "poverty" }

local function index_of(list, name)
  for i, v in ipairs(list) do
    if v == name then return i end
  end
  return nil
end

-- Options are checked here, at load, so a bad ruleset fails before any game.
local wanted = {}
for _, stack in ipairs(STACK_ORDER) do
  local name = opt["active_" .. stack]
  if name ~= "" then
    local i = index_of(STACKS[stack], name)
    if not i then
      error(string.format("land_surveyors: option active_%s = %q: the %s stack holds %s "
        .. "(wealth_stack = %q, poverty_stack = %q)", stack, name, stack, table.concat(STACKS[stack], ", "),
        opt.wealth_stack, poverty_stack), 0)
    end
    wanted[stack] = i
  end
end

-- Ids of the game variables and flags, looked up once here so that hooks and
-- handlers never build or search names while a game runs.
local ACTIVE, REST, FLAG = {}, {}, {}
for _, stack in ipairs(STACK_ORDER) do
  ACTIVE[stack] = x:var("land_surveyors." .. stack)
  REST[stack] = x:var("land_surveyors." .. stack .. "_stack")
end
for _, effect in ipairs(EFFECTS) do FLAG[effect] = x:flag("land_surveyors." .. effect) end

-- Farmhouses: a tile attribute on the base tile types listed in the option.
-- Sheds (tile attribute "shed") never change a score.
local whole = {}
for name in string.gmatch(opt.farmhouse_tiles, "[^,%s]+") do
  x:tile_attr(name, "farmhouse", 1)
  whole[name] = true
end
for item in string.gmatch(opt.farmhouse_copies, "[^,%s]+") do
  local name, n = item:match("^([%w_]+):(%d+)$")
  if not name then
    error(string.format("land_surveyors: farmhouse_copies entry %q is not TYPE:COUNT", item), 0)
  end
  if whole[name] then
    error(string.format("land_surveyors: tile %s is in farmhouse_tiles (every copy) and in "
      .. "farmhouse_copies (some copies); take it out of farmhouse_tiles", name), 0)
  end
  x:tile_split(name, name .. "_FARMHOUSE", tonumber(n))
  x:tile_attr(name .. "_FARMHOUSE", "farmhouse", 1)
end

-- Each effect's flag is on while a stack shows a tile with that effect: one
-- game:set_flags call, from a bit per effect (EFFECTS order), no table built.
assert(#EFFECTS == 10, "set_flags below names ten flags")
local EFFECT_BIT, FLAG_IDS = {}, {}
for i, effect in ipairs(EFFECTS) do
  EFFECT_BIT[effect] = 1 << (i - 1)
  FLAG_IDS[i] = FLAG[effect]
end
local function set_flags(game, city, road, monastery)
  local bits = (EFFECT_BIT[STACKS.city[city]] or 0) | (EFFECT_BIT[STACKS.road[road]] or 0)
    | (EFFECT_BIT[STACKS.monastery[monastery]] or 0)
  local f = FLAG_IDS -- ten flags, named one by one: no table.unpack call
  game:set_flags(bits, f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10])
end

-- The three stacks as card stacks that the engine deals and turns in C (no
-- Lua call; docs/lua-api.md, section 4): each tile is its effect's flag, the
-- active tile's number is var land_surveyors.<stack>, the rest is packed in
-- land_surveyors.<stack>_stack, and a deal takes the same draws as
-- game:permutation(n) would.
local CARD_STACKS = {}
for i, stack in ipairs(STACK_ORDER) do
  local cards = {}
  for k, tile in ipairs(STACKS[stack]) do cards[k] = "land_surveyors." .. tile end
  CARD_STACKS[i] = { cards = cards, active = "land_surveyors." .. stack,
                     rest = "land_surveyors." .. stack .. "_stack", shuffle = opt.shuffle, top = wanted[stack] }
end

x:hook { point = "setup", name = "deal", priority = 100, deal = CARD_STACKS }

-- 16^(n-1) for a stack of n tiles: where the active tile goes, under the rest.
local BOTTOM = {}
for _, stack in ipairs(STACK_ORDER) do
  local bottom = 1
  for _ = 3, #STACKS[stack] do bottom = bottom * 16 end
  BOTTOM[stack] = bottom
end

-- Each active tile goes under its stack and the top one is turned up: the
-- other readings' rotation, in Lua (the same as `turn = CARD_STACKS`).
local function rotate(game)
  local city_rest, city, road_rest, road, monastery_rest, monastery = game:var(
    REST.city, ACTIVE.city, REST.road, ACTIVE.road, REST.monastery, ACTIVE.monastery)
  game:set_var(
    ACTIVE.city, city_rest % 16, REST.city, city_rest // 16 + city * BOTTOM.city,
    ACTIVE.road, road_rest % 16, REST.road, road_rest // 16 + road * BOTTOM.road,
    ACTIVE.monastery, monastery_rest % 16, REST.monastery, monastery_rest // 16 + monastery * BOTTOM.monastery)
  set_flags(game, city_rest % 16, road_rest % 16, monastery_rest % 16)
end

if opt.rotate_after == "any" and opt.zero_counts then
  -- The rules' default reading: after a turn that scored a road, city or
  -- monastery for some player (the engine calls the hook only after such
  -- turns, and turns the stacks in C).
  x:hook {
    point = "turn_end", name = "rotate", priority = 100, kinds = { "road", "city", "monastery" },
    turn = CARD_STACKS,
  }
else
  -- Other readings: each scored feature says whether it counts (scored for
  -- the active player, or for anyone; with points, or 0 allowed), and the
  -- turn's end rotates if one did.
  -- A game flag, so that the turn-end hook's filter runs it only when on.
  local PENDING = x:flag("land_surveyors.pending")
  x:hook {
    point = "feature_scored", name = "counts", priority = 100, kinds = { "road", "city", "monastery" },
    fn = function(game, args)
      for p = 1, game.players do
        if args.scores[p] and (opt.zero_counts or args.award[p] ~= 0)
            and (opt.rotate_after == "any" or p == args.player) then
          game:set_flag(PENDING, true)
        end
      end
    end,
  }
  x:hook {
    point = "turn_end", name = "rotate", priority = 100, flag = "land_surveyors.pending",
    fn = function(game)
      game:set_flag(PENDING, false)
      rotate(game)
    end,
  }
end

-- What `carcassonne play` prints when it changes: the tile on top of each stack.
x:describe(function(game)
  local parts = {}
  for _, stack in ipairs(STACK_ORDER) do
    local tile = STACKS[stack][game:var(ACTIVE[stack])]
    if tile then parts[#parts + 1] = stack .. " " .. tile end
  end
  if #parts == 0 then return nil end
  return "active tiles: " .. table.concat(parts, ", ")
end)

local COMPLETED = { "completed" }

-- 150 majority: Citizens' Jury. Every player with a follower in the city has
-- the majority: strength 1 each, whatever the followers' number or size.
x:handler {
  name = "citizens_jury", priority = 150, kinds = { "city" }, reasons = COMPLETED,
  flag = "land_surveyors.citizens_jury",
  describe = "Citizens' Jury up: every player with a follower in the city has the majority",
  strength = { present = 1 }, -- in C: no Lua call
}

-- 210 count: Highway. A completed road counts as 5 tiles (the Mage still uses
-- count_original).
x:handler {
  name = "highway", priority = 210, kinds = { "road" }, reasons = COMPLETED,
  flag = "land_surveyors.highway",
  describe = "Highway up: the road counts as 5 tiles",
  set = { count = 5 }, -- in C: no Lua call
}
-- Without highway_arms the 5 points are all: a map's coats of arms on the
-- road, which maps.road_arms (310) rates, are rated 0 after it.
if not opt.highway_arms then
  x:handler {
    name = "highway_arms", priority = 315, kinds = { "road" }, reasons = COMPLETED,
    flag = "land_surveyors.highway",
    describe = "Highway up: the road's coats of arms add nothing",
    set = { symbol_rate = 0 },
  }
end

-- 210 count: Bad Neighborhood. A tile whose every segment of this city is
-- semicircular (touches one edge) is not counted. Figures and tokens on it
-- still count for majority and bonuses; its coats of arms too, unless
-- bad_neighborhood_arms is off.
local placed = opt.bad_neighborhood_printed and "" or "placed_"
x:handler {
  name = "bad_neighborhood", priority = 210, kinds = { "city" }, reasons = COMPLETED,
  flag = "land_surveyors.bad_neighborhood",
  describe = "Bad Neighborhood up: tiles showing only semicircular city segments do not count",
  sub = { count = placed .. "semicircular_tiles", -- in C
          symbols = not opt.bad_neighborhood_arms and placed .. "semicircular_symbols" or nil },
}

-- 310 per_tile: Siege. One more point per coat of arms.
x:handler {
  name = "siege", priority = 310, kinds = { "city" }, reasons = COMPLETED,
  flag = "land_surveyors.siege",
  describe = "Siege up: +1 point / coat of arms",
  add = { symbol_rate = 1 },
}

-- 310 per_tile: Street Fair. Twice the base points per tile (an inn at 320
-- then adds its +1 on top). With street_fair_arms the coats of arms a map
-- puts on a road double too: at 315, after maps.road_arms (310) sets their rate.
if opt.street_fair_arms then
  x:handler {
    name = "street_fair", priority = 315, kinds = { "road" }, reasons = COMPLETED,
    flag = "land_surveyors.street_fair",
    describe = "Street Fair up: x2 points / tile and / coat of arms",
    add = { unit_rate = "unit_rate", symbol_rate = "symbol_rate" }, -- each rate added to itself
  }
else
  x:handler {
    name = "street_fair", priority = 310, kinds = { "road" }, reasons = COMPLETED,
    flag = "land_surveyors.street_fair",
    describe = "Street Fair up: x2 points / tile",
    add = { unit_rate = "unit_rate" }, -- doubled: the rate added to itself
  }
end

-- 310 per_tile: Peasant Uprising. One point less per road tile with a farmhouse.
x:handler {
  name = "peasant_uprising", priority = 310, kinds = { "road" }, reasons = COMPLETED,
  flag = "land_surveyors.peasant_uprising",
  describe = "Peasant Uprising up: -1 point / road tile with a farmhouse", tile_attr = "farmhouse",
  sub = { adjust = { tiles_with_attr = "farmhouse" } }, -- in C: no Lua call
}

-- The nine tiles of a monastery's scoring, a large city's printed squares
-- among them unless monastery_printed is off.
local nine = opt.monastery_printed and "tiles_with_kind" or "placed_tiles_with_kind"

-- 310 per_tile: Hermit Monastery. One point less per tile of the nine that
-- shows a city segment (the monastery's own tile included).
x:handler {
  name = "hermit_monastery", priority = 310, kinds = { "monastery" }, reasons = COMPLETED,
  flag = "land_surveyors.hermit_monastery",
  describe = "Hermit Monastery up: -1 point / tile of the nine showing a city",
  sub = { adjust = { [nine] = "city" } }, -- in C: no Lua call
}

-- 310 per_tile: Pilgrimage Route. One more point per tile of the nine that
-- shows a road segment.
x:handler {
  name = "pilgrimage_route", priority = 310, kinds = { "monastery" }, reasons = COMPLETED,
  flag = "land_surveyors.pilgrimage_route",
  describe = "Pilgrimage Route up: +1 point / tile of the nine showing a road",
  add = { adjust = { [nine] = "road" } }, -- in C: no Lua call
}

-- 530 post_bonus: Wealth / Poverty, +3 / -3 on the feature's value, after the
-- Witch (420). The flag is on when any stack shows the tile; `when` then
-- checks, in C, that the stack of the feature's kind is the one showing it.
local function bonus(name, points)
  local when = {}
  for _, stack in ipairs(STACK_ORDER) do
    local i = index_of(STACKS[stack], name)
    if i then when[stack] = { var = "land_surveyors." .. stack, equals = i } end
  end
  x:handler {
    name = name, priority = 530, kinds = { "road", "city", "monastery" }, reasons = COMPLETED,
    flag = "land_surveyors." .. name,
    describe = string.format("%s up on the feature's stack: %+d points", name == "wealth" and "Wealth"
      or "Poverty", points),
    add = { total = points }, when = when, -- in C: no Lua call
  }
end
bonus("wealth", 3)
bonus("poverty", -3)

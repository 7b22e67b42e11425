-- Little Buildings: 18 building tokens (6 towers, 6 houses, 6 sheds).
--
-- Instead of a follower, a player may put one of his buildings on the tile he
-- just placed (a token: it lies on the whole tile, on no feature). When a
-- road, city, farm or monastery is scored -- completed or at the end -- each
-- building on the scored tiles (for a monastery: its own tile and its eight
-- neighbours) adds points after every other change to the feature's value
-- (inn, cathedral, Mage, Witch): post_bonus stage, priority 510.
--
-- Options: variant = "basic" (every building 1 point) or "values"
-- (tower 3, house 2, shed 1).
--
-- Supplies (setup hook; option deal, default "even", the text's reading):
-- the 18 buildings are shared evenly, 18 // players each, the rest back in
-- the box: 2 players 9, 3 players 6, 4 players 4,
-- 5 and 6 players 3. Each player first gets whole sets (one tower, one
-- house, one shed); the part of his share that is not a whole set (4
-- players: one building) is a tower, a house or a shed in turn by seat, so
-- no type runs short. In the "values" variant every player must hold the
-- same number of each type, so only whole sets are dealt: 4 players get one
-- set each (3 buildings, 6 go back to the box); 5 and 6 players one set each.

local x = expansion {
  name = "little_buildings",
  requires = {},
  options = {
    variant = { default = "basic", values = { "basic", "values" } },
    -- how the 18 buildings are dealt (basic variant; "values" deals whole sets):
    --   "even" (the text): 18 // players each, the excess back in the box;
    --   "all":  all 18, one at a time in seat order from a stack of tower,
    --           house, shed, tower ...; the first seats may get one more;
    --   "sets": whole sets (tower, house, shed) only, the rest back in the box.
    deal = { default = "even", values = { "even", "all", "sets" } },
  },
}

local TYPES = { "tower", "house", "shed" }
local VARIANT_VALUES = { tower = 3, house = 2, shed = 1 }
local TOTAL = 18

local values = {}
for _, name in ipairs(TYPES) do
  values[name] = x.options.variant == "values" and VARIANT_VALUES[name] or 1
  x:token { name = name, per_player = 3, value = values[name] }
end

-- Buildings each player receives, by type.
local function share(players, seat, variant, deal)
  local out = {}
  if deal == "all" and not variant then
    for _, name in ipairs(TYPES) do out[name] = 0 end
    for k = seat, TOTAL, players do -- the k-th building of the stack
      local name = TYPES[(k - 1) % #TYPES + 1]
      out[name] = out[name] + 1
    end
    return out
  end
  local each = TOTAL // players
  local sets = each // #TYPES
  for _, name in ipairs(TYPES) do out[name] = sets end
  if not variant and deal == "even" then
    local rest = each % #TYPES
    for k = 0, rest - 1 do
      local name = TYPES[(seat - 1 + k) % #TYPES + 1]
      out[name] = out[name] + 1
    end
  end
  return out
end

-- The shares for every number of players and seat, worked out once at load;
-- the engine deals them at setup without calling Lua.
local SUPPLY = {}
for players = 1, 6 do
  SUPPLY[players] = {}
  for seat = 1, players do
    SUPPLY[players][seat] = share(players, seat, x.options.variant == "values", x.options.deal)
  end
end

x:hook {
  point = "setup",
  name = "supply",
  priority = 100,
  token_supply = SUPPLY,
}

-- +value per building on the scored tiles (basic: 1 each).
x:handler {
  name = "buildings",
  priority = 510,
  kinds = { "road", "city", "field", "monastery" },
  tokens = true,
  reasons = { "completed", "final" },
  describe = (function()
    local per = x.options.variant == "values" and "+1 point / shed, +2 / house, +3 / tower"
      or "+1 point / little building"
    return {
      road = "Little building(s) on road tiles: " .. per,
      city = "Little building(s) on city tiles: " .. per,
      monastery = "Neighboring little building(s): " .. per,
      field = "Little building(s) on farm tiles: " .. per,
    }
  end)(),
  -- each token's value was set when it was declared (1, or 3/2/1 in the
  -- variant): ctx.total = ctx.total + ctx:token_points(), done in C (no Lua
  -- call on a scoring)
  add = { total = "token_points" },
}

-- Gold pieces (row "Gold pieces" of the rules' table of other scoring after
-- the game): a tile printed with gold holds that many gold pieces (tile
-- attribute "gold" = the number). When a completed feature is scored, the
-- gold on its tiles (a monastery: its 3x3 area) goes to the players with a
-- follower on it, one piece at a time in turn order, starting with the active
-- player (or, if he has none there, the next such player); each tile gives its
-- gold once. At the end each player scores by the tiered table:
--   1-3 pieces: 1 point each, 4-6: 2 each, 7-9: 3 each, 10 or more: 4 each.
-- State: game variables gold_mines.<player> (pieces held) and
-- gold_mines.taken<k> (which board tiles gave their gold: 30 tiles a variable).
-- The tiles are this project's own design (docs/expansions/gold_mines.md).
-- luacheck: read globals expansion

local x = expansion {
  name = "gold_mines",
  requires = {},
  options = {},
}

x:tiles("gold_mines", [[
GM_GOLD_ROAD       2 road:E,W field:Wr,N,El field:Er,S,Wl @gold=1
GM_GOLD_CITY       2 city:N field:E,S,W @gold=2
GM_GOLD_BAND       1 city:N,S field:E field:W @gold=1
GM_GOLD_MONASTERY  1 monastery field:N,E,S,W @gold=3
]])

local MAX_PLAYERS, MAX_TILES, PER_VAR = 6, 400, 30
local HELD, TAKEN = {}, {}
for p = 1, MAX_PLAYERS do HELD[p] = x:var("gold_mines." .. p, { min = 0, max = 1 << 24 }) end
for k = 1, (MAX_TILES + PER_VAR - 1) // PER_VAR do
  TAKEN[k] = x:var("gold_mines.taken" .. k, { min = 0, max = (1 << PER_VAR) - 1 }) -- a bit a tile
end

-- Points for n pieces: the tier's rate times n.
local function points(n)
  if n >= 10 then return 4 * n elseif n >= 7 then return 3 * n elseif n >= 4 then return 2 * n end
  return n
end

-- Takes the gold of board tile `t` (once): returns the pieces.
local function take(game, t)
  local gold = t:attr("gold")
  if gold <= 0 then return 0 end
  local k, bit = t.index // PER_VAR + 1, 1 << (t.index % PER_VAR)
  local bits = game:var(TAKEN[k])
  if bits & bit ~= 0 then return 0 end
  game:set_var(TAKEN[k], bits | bit)
  return gold
end

local function area(game, f)
  if f.kind ~= "monastery" then return f:tile_list() end
  local centre = f:tile_list()[1]
  local out = {}
  for dy = -1, 1 do
    for dx = -1, 1 do
      local t = game:tile_at(centre.x + dx, centre.y + dy)
      if t then out[#out + 1] = t end
    end
  end
  return out
end

x:hook {
  point = "feature_scored", name = "share", priority = 100,
  fn = function(game, args)
    local f = args.feature
    local present = {}
    for _, fig in ipairs(f:figures()) do
      if fig.owner then present[fig.owner] = true end
    end
    local pieces = 0
    for _, t in ipairs(area(game, f)) do pieces = pieces + take(game, t) end
    if pieces == 0 then return end
    local order = {}
    for i = 0, game.players - 1 do
      local p = (args.player - 1 + i) % game.players + 1
      if present[p] then order[#order + 1] = p end
    end
    if #order == 0 then return end
    for i = 0, pieces - 1 do
      local p = order[i % #order + 1]
      game:set_var(HELD[p], game:var(HELD[p]) + 1)
    end
  end,
}

x:hook {
  point = "final_scoring", name = "tiers", priority = 130, -- after trade goods (110) and the King (120)
  describe = "Gold pieces: 1-3 pieces 1 point each, 4-6 2 each, 7-9 3 each, 10+ 4 each",
  fn = function(game)
    for p = 1, game.players do
      local n = game:var(HELD[p])
      if n > 0 then game:add_score(p, points(n)) end
    end
  end,
}

x:describe(function(game)
  local parts = {}
  for p = 1, game.players do
    local n = game:var(HELD[p])
    if n > 0 then parts[#parts + 1] = string.format("player %d %d", p, n) end
  end
  if #parts == 0 then return nil end
  return "gold pieces: " .. table.concat(parts, ", ")
end)

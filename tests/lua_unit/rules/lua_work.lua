-- test_faults_lua: a handler written in Lua that does real work (views,
-- tables) at every city scoring, so that the fault injection has Lua code to
-- stop by its instruction budget and its allocator: the five expansions
-- declare their handlers and hooks as data and run no Lua in a game.
-- luacheck: read globals expansion
local x = expansion { name = "lua_work" }

x:handler {
  name = "tiles_seen",
  priority = 520,
  kinds = { "city" },
  reasons = { "completed", "final" },
  fn = function(ctx)
    local tiles = {}
    for _, seg in ipairs(ctx.feature:segments()) do
      tiles[seg.tile.index] = #seg:edges()
    end
    local n = 0
    for _ in pairs(tiles) do n = n + 1 end
    if n ~= ctx.count_original and ctx.kind ~= "city" then ctx.total = ctx.total + 1 end -- never: cities only
  end,
}

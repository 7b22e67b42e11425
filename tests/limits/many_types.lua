-- Tile types by the tens of thousands, no copies: with `map`, a map's
-- printed pieces take type ids past 32,767; with enough of them, one past
-- the engine's 65,535 (CARC_MAX_TILE_TYPES) is refused.
local x = expansion { name = "many_types", options = { count = 32768, map = false } }
local lines = {}
for i = 1, x.options.count do lines[i] = "Z" .. i .. " 0 city:N field:E,S,W" end
x:tiles("many", table.concat(lines, "\n"))
if x.options.map then x:map("demo") end

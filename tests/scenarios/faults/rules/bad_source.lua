-- A declared step whose table source names two sources at once.
-- luacheck: read globals expansion
local x = expansion { name = "bad_source" }
x:handler { name = "both", priority = 310, kinds = { "monastery" },
  sub = { adjust = { tiles_with_kind = "city", placed_tiles_with_kind = "city" } } }

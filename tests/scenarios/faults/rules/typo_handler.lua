-- luacheck: read globals expansion
local x = expansion { name = "typo_handler" }
x:handler {
  name = "no_roads", priority = 430,
  kind = { "road" }, -- kinds: with `kind` the handler would apply to every kind
  set = { total = 0 },
}

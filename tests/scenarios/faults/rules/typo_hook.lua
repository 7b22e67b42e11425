-- luacheck: read globals expansion
local x = expansion { name = "typo_hook" }
x:hook {
  point = "turn_end", name = "after_roads",
  kind = { "road" },
  fn = function() end,
}

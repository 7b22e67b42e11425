-- luacheck: read globals expansion
local x = expansion { name = "typo_describe_reason" }
x:handler {
  name = "long_roads", priority = 430, kinds = { "road" },
  describe = { ["road finl"] = "Road after the game: +3 points" },
  add = { total = 3 },
}

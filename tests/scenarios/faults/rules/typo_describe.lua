-- luacheck: read globals expansion
local x = expansion { name = "typo_describe" }
x:handler {
  name = "long_roads", priority = 430, kinds = { "road", "city" },
  describe = { raod = "Road of 6 tiles or more: +3 points", city = "City: nothing more" },
  add = { total = 3 },
}

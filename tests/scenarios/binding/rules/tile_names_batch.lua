-- luacheck: read globals ruleset
ruleset { expansions = { "tile_names" }, options = { tile_names = { batch = true } } }

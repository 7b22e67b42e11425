-- luacheck: read globals ruleset
ruleset { expansions = { "tile_names" } }

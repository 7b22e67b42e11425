-- luacheck: read globals ruleset
ruleset { expansions = { "hook_tile_attr_setup" } }

-- luacheck: read globals ruleset
ruleset { expansions = { "placement_single" } }

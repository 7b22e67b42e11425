-- luacheck: read globals ruleset
ruleset { expansions = { "var_range" } }

-- luacheck: read globals ruleset
ruleset { expansions = { "told_names" } }

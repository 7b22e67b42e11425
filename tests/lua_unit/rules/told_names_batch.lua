-- luacheck: read globals ruleset
ruleset { expansions = { "told_names" }, options = { told_names = { batch = true } } }

-- luacheck: read globals ruleset
ruleset { expansions = { "declared" }, options = { declared = { broken = "priority_true" } } }

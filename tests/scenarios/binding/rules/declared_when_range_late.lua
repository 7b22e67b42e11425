-- luacheck: read globals ruleset
ruleset { expansions = { "declared" }, options = { declared = { broken = "when_range_late" } } }

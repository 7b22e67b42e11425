-- luacheck: read globals ruleset
ruleset { expansions = { "stacks" }, options = { stacks = { broken = "supply_late" } } }

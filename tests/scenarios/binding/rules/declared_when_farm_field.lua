-- luacheck: read globals ruleset
ruleset { expansions = { "declared" }, options = { declared = { broken = "when_farm_field" } } }

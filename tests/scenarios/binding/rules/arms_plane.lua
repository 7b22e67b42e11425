-- luacheck: read globals ruleset
ruleset { expansions = { "arms" }, options = { arms = { broken = "plane" } } }

-- luacheck: read globals ruleset
ruleset { expansions = { "declared" }, options = { declared = { broken = "pointers_empty" } } }

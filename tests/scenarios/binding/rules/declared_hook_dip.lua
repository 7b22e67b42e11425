-- luacheck: read globals ruleset
ruleset { expansions = { "declared" }, options = { declared = { broken = "hook_dip" } } }

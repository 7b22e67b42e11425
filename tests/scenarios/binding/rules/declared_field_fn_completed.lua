-- luacheck: read globals ruleset
ruleset { expansions = { "declared" }, options = { declared = { broken = "field_fn_completed" } } }

ruleset { expansions = { "xpcall_loop" } }

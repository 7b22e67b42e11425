ruleset { expansions = { "keep_args" } }

ruleset { expansions = { "lent_args" } }

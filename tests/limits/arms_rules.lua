ruleset { expansions = { "arms" } }

ruleset { expansions = { "fill" } }

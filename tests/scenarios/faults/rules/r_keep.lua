ruleset { expansions = { "keep" } }

ruleset { expansions = { "late" } }

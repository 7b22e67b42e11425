ruleset { expansions = { "syntax" } }

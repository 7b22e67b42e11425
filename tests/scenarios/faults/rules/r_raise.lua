ruleset { expansions = { "raise" } }

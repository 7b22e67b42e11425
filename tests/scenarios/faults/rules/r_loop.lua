ruleset { expansions = { "loop" } }

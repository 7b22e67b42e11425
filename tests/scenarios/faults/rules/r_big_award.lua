ruleset { expansions = { "big_award" } }

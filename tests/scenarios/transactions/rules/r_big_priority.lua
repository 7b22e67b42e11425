ruleset { expansions = { "big_priority" } }

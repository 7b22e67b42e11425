ruleset { expansions = { "split_range" } }

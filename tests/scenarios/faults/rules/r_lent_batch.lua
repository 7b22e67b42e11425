ruleset { expansions = { "lent_batch" } }

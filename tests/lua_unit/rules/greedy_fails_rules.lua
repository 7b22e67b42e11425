ruleset { expansions = { "greedy_fails" } }

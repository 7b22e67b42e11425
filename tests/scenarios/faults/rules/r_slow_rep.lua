ruleset { expansions = { "slow_rep" } }

ruleset { expansions = { "slow_eq" } }

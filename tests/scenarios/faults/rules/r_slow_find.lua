ruleset { expansions = { "slow_find" } }

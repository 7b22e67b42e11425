ruleset { expansions = { "slow_load" } }

ruleset { expansions = { "slow_method" } }

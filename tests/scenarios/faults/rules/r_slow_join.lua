ruleset { expansions = { "slow_join" } }

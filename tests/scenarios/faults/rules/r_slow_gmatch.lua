ruleset { expansions = { "slow_gmatch" } }

ruleset { expansions = { "slow_concat" } }

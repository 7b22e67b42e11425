ruleset { expansions = { "slow_len" } }

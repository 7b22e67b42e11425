ruleset { expansions = { "slow_move" } }

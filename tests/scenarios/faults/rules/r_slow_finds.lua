ruleset { expansions = { "slow_finds" } }

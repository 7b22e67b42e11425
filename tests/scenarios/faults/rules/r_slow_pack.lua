ruleset { expansions = { "slow_pack" } }

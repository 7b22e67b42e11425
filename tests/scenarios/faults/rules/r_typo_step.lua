ruleset { expansions = { "typo_step" } }

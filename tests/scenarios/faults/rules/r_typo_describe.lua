ruleset { expansions = { "typo_describe" } }

ruleset { expansions = { "typo_map" } }

ruleset { expansions = { "typo_positional" } }

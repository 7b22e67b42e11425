ruleset { expansions = { "typo_stack" } }

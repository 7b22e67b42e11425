ruleset { expansions = { "typo_expansion" } }

ruleset { expansions = { "typo_expansion_option" } }

ruleset { expansions = { "typo_handler" } }

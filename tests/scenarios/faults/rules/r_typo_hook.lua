ruleset { expansions = { "typo_hook" } }

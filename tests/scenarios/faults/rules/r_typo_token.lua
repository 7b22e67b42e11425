ruleset { expansions = { "typo_token" } }

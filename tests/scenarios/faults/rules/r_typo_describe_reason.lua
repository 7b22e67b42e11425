ruleset { expansions = { "typo_describe_reason" } }

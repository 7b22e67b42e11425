ruleset { expansions = { "typo_hook_reasons" } }

ruleset { expansions = { "hook_raise" } }

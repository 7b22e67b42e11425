ruleset { expansions = { "hook_priority" } }

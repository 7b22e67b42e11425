ruleset { expansions = { "string_priority" } }

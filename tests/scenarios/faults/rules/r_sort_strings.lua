ruleset { expansions = { "sort_strings" } }

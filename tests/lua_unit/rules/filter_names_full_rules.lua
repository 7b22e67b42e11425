ruleset { expansions = { "filter_names_full" } }

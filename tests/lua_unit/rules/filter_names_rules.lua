ruleset { expansions = { "filter_names" } }

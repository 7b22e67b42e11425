ruleset { expansions = { "filter_names_map" } }

ruleset { expansions = { "filter_names_attr" } }

ruleset { expansions = { "no_name" } }

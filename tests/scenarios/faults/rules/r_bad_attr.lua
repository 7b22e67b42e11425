ruleset { expansions = { "bad_attr" } }

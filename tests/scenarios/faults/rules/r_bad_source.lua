ruleset { expansions = { "bad_source" } }

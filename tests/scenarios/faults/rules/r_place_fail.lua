ruleset { expansions = { "place_fail" } }

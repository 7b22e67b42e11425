ruleset { expansions = { "place_full" } }

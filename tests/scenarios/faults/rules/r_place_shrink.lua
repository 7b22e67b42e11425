ruleset { expansions = { "place_shrink" } }

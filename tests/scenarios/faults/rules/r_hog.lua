ruleset { expansions = { "hog" } }

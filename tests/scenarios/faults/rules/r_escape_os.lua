ruleset { expansions = { "escape" } }

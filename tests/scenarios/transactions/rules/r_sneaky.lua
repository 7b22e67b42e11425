ruleset { expansions = { "sneaky" } }

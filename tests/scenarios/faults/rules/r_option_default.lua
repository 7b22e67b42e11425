ruleset { expansions = { "option_default" } }

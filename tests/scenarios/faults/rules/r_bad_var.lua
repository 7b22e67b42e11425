ruleset { expansions = { "bad_var" } }

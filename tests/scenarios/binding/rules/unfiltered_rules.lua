ruleset { expansions = { "unfiltered" } }

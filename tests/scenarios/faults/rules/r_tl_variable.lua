ruleset { expansions = { "tl" }, options = { tl = { form = "variable" } } }

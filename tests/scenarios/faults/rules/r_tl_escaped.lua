ruleset { expansions = { "tl" }, options = { tl = { form = "escaped" } } }

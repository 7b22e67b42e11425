ruleset { expansions = { "tl" }, options = { tl = { form = "number" } } }

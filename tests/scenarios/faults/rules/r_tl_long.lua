ruleset { expansions = { "tl" }, options = { tl = { form = "long" } } }

ruleset { expansions = { "tl" }, options = { tl = { form = "quoted" } } }

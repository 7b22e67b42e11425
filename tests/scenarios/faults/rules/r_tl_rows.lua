ruleset { expansions = { "tl" }, options = { tl = { form = "rows" } } }

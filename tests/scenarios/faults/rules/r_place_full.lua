ruleset { expansions = { "fill" }, options = { fill = { placements = true } } }

ruleset { expansions = { "bad_figure" } }

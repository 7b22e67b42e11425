ruleset { expansions = { "typo_figure" } }

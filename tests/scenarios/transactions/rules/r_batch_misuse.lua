ruleset { expansions = { "batch_misuse" } }

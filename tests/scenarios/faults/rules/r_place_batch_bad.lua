ruleset { expansions = { "place_batch_bad" } }

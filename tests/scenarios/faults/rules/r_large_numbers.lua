ruleset { expansions = { "large_numbers" } }

ruleset { expansions = { "quiet" }, options = { quiet = { bonus = 2 } } }

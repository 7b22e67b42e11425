ruleset { expansions = { "jackpot" } }

ruleset { expansions = { "bad_kind" } }

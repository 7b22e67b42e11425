ruleset { expansions = { "ctx_fields" } }

ruleset { expansions = { "chunk_name" } }

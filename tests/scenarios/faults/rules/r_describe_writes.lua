ruleset { expansions = { "describe_writes" } }

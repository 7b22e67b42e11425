-- luacheck: read globals ruleset
ruleset { expansions = { "maps", "completed_count" }, options = { maps = { map = "printed_complete" } } }

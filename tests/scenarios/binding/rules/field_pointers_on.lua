-- luacheck: read globals ruleset
ruleset { expansions = { "maps", "field_pointers" }, options = { field_pointers = { ferries = true } } }

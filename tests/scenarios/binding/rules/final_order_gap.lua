-- luacheck: read globals ruleset
ruleset { expansions = {}, final_order = { "road", nil, "city" } }

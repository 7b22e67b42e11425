-- luacheck: read globals ruleset
ruleset { expansions = { "var_range" }, options = { var_range = { case = "full_then_narrow" } } }

-- luacheck: read globals ruleset
ruleset { tiles_only = { "req_dep" }, expansions = { "req_set", "req_base" } }

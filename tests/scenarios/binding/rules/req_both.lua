-- luacheck: read globals ruleset
ruleset { tiles_only = { "req_base" }, expansions = { "req_base" } }

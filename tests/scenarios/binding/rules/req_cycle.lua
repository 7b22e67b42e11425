-- luacheck: read globals ruleset
ruleset { tiles_only = { "req_cy1" }, expansions = { "req_cy2" } }

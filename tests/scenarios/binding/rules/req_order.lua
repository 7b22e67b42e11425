-- luacheck: read globals ruleset
ruleset { expansions = { "req_set", "req_base" } }

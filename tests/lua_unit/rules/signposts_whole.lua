-- luacheck: read globals ruleset
ruleset { expansions = { "signposts" } }

-- luacheck: read globals ruleset
ruleset { expansions = { "needs_signposts" } }

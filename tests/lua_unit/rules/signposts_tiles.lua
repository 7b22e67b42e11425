-- luacheck: read globals ruleset
ruleset { tiles_only = { "signposts" } }

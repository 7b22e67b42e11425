-- luacheck: read globals ruleset
ruleset { expansions = { "stacks" } }

-- The base game's 24 tile types and 65,512 more: one past the engine's 65,535.
-- luacheck: read globals ruleset
ruleset { expansions = { "many_types" }, options = { many_types = { count = 65512 } } }

-- luacheck: read globals ruleset
-- A map named by a relative path is read from this file's folder.
ruleset { expansions = { "maps" }, options = { maps = { map = "../half_ferry.map" } } }

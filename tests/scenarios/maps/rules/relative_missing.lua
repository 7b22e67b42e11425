-- luacheck: read globals ruleset
ruleset { expansions = { "maps" }, options = { maps = { map = "../no_such_folder/x.map" } } }

-- 32,768 tile types, then the demo map: its printed pieces' types lie past 32,767.
-- luacheck: read globals ruleset
ruleset { expansions = { "many_types" }, options = { many_types = { map = true } } }

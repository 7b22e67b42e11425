-- test_faults_lua: every expansion of the default ruleset, and a handler in
-- Lua (lua_work.lua) for the faults to stop.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts", "lua_work" },
}

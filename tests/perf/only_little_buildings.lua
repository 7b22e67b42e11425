-- For the benchmark's scaling table: the base game and little_buildings alone.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "little_buildings" },
}

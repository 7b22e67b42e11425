-- For the benchmark's scaling table: the base game and land_surveyors alone.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "land_surveyors" },
}

-- For the benchmark's scaling table: the base game and inns_cathedrals alone.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals" },
}

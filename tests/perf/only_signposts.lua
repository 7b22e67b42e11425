-- For the benchmark's scaling table: the base game and signposts alone.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "signposts" },
}

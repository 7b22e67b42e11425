-- For the benchmark's scaling table: the base game and mage_witch alone.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "mage_witch" },
}

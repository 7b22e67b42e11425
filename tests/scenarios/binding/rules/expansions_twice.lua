-- luacheck: read globals ruleset
ruleset {
  expansions = { "declared", "declared" },
}

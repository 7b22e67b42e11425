-- luacheck: read globals ruleset
ruleset {
  expansions = { "declard" },
  options = { declared = { broken = "" } },
}

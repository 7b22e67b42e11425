ruleset {
  expansions = { "raise" },
  disable = { "raise.nothing_here" },
}

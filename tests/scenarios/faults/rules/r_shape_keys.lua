ruleset {
  expansions = { "raise" },
  disable = { boom = true },
}

ruleset {
  expansions = { "raise" },
  [{}] = 1,
}

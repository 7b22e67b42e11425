ruleset {
  expansions = { "raise" },
  order = 5,
}

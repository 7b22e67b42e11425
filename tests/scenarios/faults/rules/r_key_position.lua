ruleset {
  expansions = { [{}] = "raise" },
}

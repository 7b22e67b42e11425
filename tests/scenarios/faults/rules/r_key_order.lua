ruleset {
  expansions = { "raise" },
  order = { [true] = 5 },
}

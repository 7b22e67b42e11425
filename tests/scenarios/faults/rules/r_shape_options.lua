ruleset {
  expansions = { "raise" },
  options = {
    raise = 5,
  },
}

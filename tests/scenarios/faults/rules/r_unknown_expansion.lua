ruleset {
  expansions = {
    "raise",
    "no_such_expansion",
  },
}

ruleset {
  expansions = { "escape" },
  options = {
    [2] = { what = "io" },
  },
}

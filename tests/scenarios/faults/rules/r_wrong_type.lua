ruleset {
  expansions = { "escape" },
  options = {
    escape = { what = 3 },
  },
}

ruleset {
  expansions = { "escape" },
  options = {
    escape = { what = "network" },
  },
}

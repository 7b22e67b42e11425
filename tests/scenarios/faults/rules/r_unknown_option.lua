ruleset {
  expansions = { "escape" },
  options = {
    escape = { colour = "blue" },
  },
}

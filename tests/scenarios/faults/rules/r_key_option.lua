ruleset {
  expansions = { "escape" },
  options = {
    escape = { [{}] = 1 },
  },
}

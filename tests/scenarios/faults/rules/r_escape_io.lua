ruleset {
  expansions = { "escape" },
  options = { escape = { what = "io" } },
}

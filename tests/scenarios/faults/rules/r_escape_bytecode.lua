ruleset {
  expansions = { "escape" },
  options = { escape = { what = "bytecode" } },
}

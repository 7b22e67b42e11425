ruleset {
  expansions = { "raise" },
  order = { ["raise.no_such_handler"] = 410 },
}

ruleset {
  expansions = {},
  order = { ["base.total"] = "440" },
}

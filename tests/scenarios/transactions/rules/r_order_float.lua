ruleset {
  expansions = {},
  order = { ["base.total"] = 1e300 },
}

ruleset {
  expansions = { "raise" },
  order = { ["raise.bom"] = 350 },
}

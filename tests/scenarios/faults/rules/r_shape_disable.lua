ruleset {
  expansions = { "raise" },
  disable = "raise.boom",
}

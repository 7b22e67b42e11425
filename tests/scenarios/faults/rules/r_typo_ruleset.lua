ruleset {
  expansions = { "raise" },
  disabled = { "raise.boom" },
}

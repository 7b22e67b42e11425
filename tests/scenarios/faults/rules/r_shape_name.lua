ruleset {
  tiles_only = { "raise", 7 },
}

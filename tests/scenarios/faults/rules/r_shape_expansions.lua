-- the expansion named without braces
ruleset {
  expansions = "raise",
}

-- Base game + Little Buildings, variant: tower 3, house 2, shed 1.
ruleset {
  expansions = { "little_buildings" },
  options = { little_buildings = { variant = "values" } },
}

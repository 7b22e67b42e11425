-- Base game + Little Buildings, basic rules (every building 1 point).
ruleset {
  expansions = { "little_buildings" },
}

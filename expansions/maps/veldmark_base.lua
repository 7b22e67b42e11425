-- Carcassonne Maps on Veldmark with the base game's 72 tiles only and the
-- maps expansion's scoring: the ruleset the benchmark compares with the base
-- game on the plane (same tiles, same bots).
-- luacheck: read globals ruleset
ruleset {
  expansions = { "maps" },
  options = { maps = { map = "veldmark" } },
}

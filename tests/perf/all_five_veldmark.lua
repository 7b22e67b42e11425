-- For the benchmark: all five expansions with their rules, played on the
-- Veldmark map (Carcassonne Maps) -- the issue's "all five, with a map as
-- well". The map takes the game's tiles to its own count.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts", "maps" },
  options = { maps = { map = "veldmark" } },
}

-- Carcassonne Maps on the map 'demo' (maps/demo.map): the base game and the tiles
-- of Inns & Cathedrals without its rules, as the Maps rules recommend, and the
-- maps expansion's scoring (coats of arms, islands).
-- luacheck: read globals ruleset
ruleset {
  tiles_only = { "inns_cathedrals" },
  expansions = { "maps" },
  options = { maps = { map = "demo" } },
}

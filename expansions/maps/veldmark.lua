-- Carcassonne Maps on the map 'veldmark' (maps/veldmark.map): the base game and the tiles
-- of Inns & Cathedrals, Mage & Witch and The Signposts without their rules
-- (110 tiles, as the Maps rules recommend tiles only), and the maps
-- expansion's scoring (coats of arms, islands).
-- luacheck: read globals ruleset
ruleset {
  tiles_only = { "inns_cathedrals", "mage_witch", "signposts" },
  expansions = { "maps" },
  options = { maps = { map = "veldmark" } },
}

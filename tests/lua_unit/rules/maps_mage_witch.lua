-- test_attack3: the Maps on Veldmark with the Mage & Witch's rules (neutral
-- figures tracked on a board that starts with printed pieces).
-- luacheck: read globals ruleset
ruleset {
  tiles_only = { "inns_cathedrals", "signposts" },
  expansions = { "maps", "mage_witch" },
  options = { maps = { map = "veldmark" } },
}

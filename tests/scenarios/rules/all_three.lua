-- Inns & Cathedrals + Mage & Witch + Little Buildings (basic), community
-- order: inn/cathedral 320, mage 410, witch 420, buildings 510.
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "little_buildings" },
}

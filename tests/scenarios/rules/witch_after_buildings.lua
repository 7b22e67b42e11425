-- Moves the Witch after the little buildings (510): the buildings' points
-- are halved too.
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "little_buildings" },
  order = { ["mage_witch.witch"] = 520 },
}

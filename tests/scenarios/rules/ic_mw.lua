-- Base game + Inns & Cathedrals + Mage & Witch, community order.
ruleset {
  expansions = { "inns_cathedrals", "mage_witch" },
}

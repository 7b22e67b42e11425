-- The tutorial's ruleset: the base game, Inns & Cathedrals, Mage & Witch and
-- the long-roads house rule with a bigger bonus; the Witch moved after it.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "long_roads" },
  options = { long_roads = { bonus = 3 } },
  order = { ["mage_witch.witch"] = 440 },
}

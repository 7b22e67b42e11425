-- Moves the Witch into the per_tile stage, before the inn (320) and before
-- base.total (400): at 310 the feature's total is still 0, so halving it
-- changes nothing and base.total then sets the full value. Used to show
-- that the handler order changes the points.
ruleset {
  expansions = { "inns_cathedrals", "mage_witch" },
  order = { ["mage_witch.witch"] = 310 },
}

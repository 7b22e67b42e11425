-- House rule: the Land Surveyors' Wealth tile goes into the monastery stack
-- and Poverty into the road stack (option wealth_stack), so monasteries can
-- gain 3 points and roads can lose 3. Everything else as the default ruleset.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts" },
  options = { land_surveyors = { wealth_stack = "monastery" } },
}

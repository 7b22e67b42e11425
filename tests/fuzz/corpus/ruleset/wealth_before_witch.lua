-- House rule: the Land Surveyors' Wealth and Poverty tiles change the value of
-- a road or city before the Witch halves it (the community order, and the
-- default ruleset, apply them after the Witch, at 530).
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts" },
  order = {
    ["land_surveyors.wealth"] = 415,
    ["land_surveyors.poverty"] = 415,
  },
}

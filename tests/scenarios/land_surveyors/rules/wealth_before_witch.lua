-- Test ruleset: as wealth_after_witch.lua, with the house rule of
-- expansions/house_rules/wealth_before_witch.lua (Wealth/Poverty at 415).
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts" },
  options = { land_surveyors = { shuffle = false, farmhouse_tiles = "", active_road = "wealth" } },
  order = { ["land_surveyors.wealth"] = 415, ["land_surveyors.poverty"] = 415 },
}

-- The tutorial's ruleset with the Land Surveyors, their scoring tiles fixed
-- for tests (docs/house-rule-tutorial.md, section 4): no shuffle, the tile on
-- top of each stack named, and no farmhouse, so that the Peasant Uprising
-- on the road stack leaves a road's points as they are.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "land_surveyors", "long_roads" },
  options = {
    long_roads = { bonus = 3 },
    land_surveyors = { shuffle = false, farmhouse_tiles = "", active_road = "peasant_uprising",
                       active_city = "siege", active_monastery = "hermit_monastery" },
  },
  order = { ["mage_witch.witch"] = 440 },
}

-- Test ruleset: the default order (Wealth/Poverty at 530, after the Witch at
-- 420) with unshuffled Land Surveyors stacks, Wealth on top of the road stack
-- and no farmhouses on base tiles.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "inns_cathedrals", "mage_witch", "land_surveyors", "little_buildings", "signposts" },
  options = { land_surveyors = { shuffle = false, farmhouse_tiles = "", active_road = "wealth" } },
}

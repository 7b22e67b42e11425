-- The default ruleset: the five expansions in scope, in the community order
-- (each file's handlers carry the community priorities; see docs/expansions/).
-- luacheck: read globals ruleset
ruleset {
  expansions = {
    "inns_cathedrals",
    "mage_witch",
    "land_surveyors",
    "little_buildings",
    "signposts",
  },
}

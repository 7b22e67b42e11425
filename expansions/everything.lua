-- Every expansion the project ships: the five in scope (the default
-- ruleset's) and the eight scoring plugins of the final-scoring table
-- (ghosts, cathars, pigs, vineyards, fairy, King and Robber Baron, trade
-- goods, gold mines), each at its community priority. Maps are left out:
-- a map is a choice of board, made in its own ruleset (expansions/maps/).
-- luacheck: read globals ruleset
ruleset {
  expansions = {
    "inns_cathedrals",
    "mage_witch",
    "land_surveyors",
    "little_buildings",
    "signposts",
    "ghosts",
    "cathars",
    "pigs",
    "vineyards",
    "fairy",
    "king_robber",
    "trade_goods",
    "gold_mines",
  },
}

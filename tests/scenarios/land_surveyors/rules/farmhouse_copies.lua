-- Only some copies show a farmhouse: 2 of the 8 straight roads (U) and 3 of
-- the 9 curves (V), as types U_FARMHOUSE and V_FARMHOUSE.
-- luacheck: read globals ruleset
ruleset {
  expansions = { "land_surveyors" },
  options = { land_surveyors = { farmhouse_tiles = "", farmhouse_copies = "U:2,V:3" } },
}

-- (Ruleset files here must not be named like an expansion: a ruleset's own
-- folder is searched for expansions first.)
-- Base game + Inns & Cathedrals (large follower on).
ruleset {
  expansions = { "inns_cathedrals" },
}

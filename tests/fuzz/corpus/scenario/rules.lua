-- A seed for the scenario fuzz target: inline rulesets, final scoring, breakdowns.
case("an inline ruleset and a final scoring", function()
  local s = scenario{ players = 3, rules = { expansions = { "inns_cathedrals", "mage_witch" } } }
  s:follower(2, 0, 0, "city")
  s:final_scoring()
  assert(type(s:scorings()) == "table")
end)
case("a refused tile", function()
  local s = scenario{ players = 2 }
  assert(not pcall(s.place, s, "NO_SUCH_TILE", 5, 5, 0))
end)

-- Library calls a count hook cannot interrupt (guards.c): a sort in the
-- default order over long strings is refused before it starts.

case("table.sort over long strings in the default order is refused", function()
  local s = scenario{ rules = "rules/r_sort_strings.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:expect_error(function() s:end_turn() end, "handler 'sort_strings.order'", "sort_strings.lua:10:",
    "table.sort: 4096 strings of up to 1048576 bytes are too costly to order")
  s:expect_scores{ 0, 0 }
end)

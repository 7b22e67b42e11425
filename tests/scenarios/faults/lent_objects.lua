-- What the docs promise of the objects a hook is lent (lua-api.md, section
-- 5): kept past the call they are expired outside hook calls, and inside a
-- later hook call they stand for that call's objects.

case("a hook's tile kept past its call is expired in a scoring handler", function()
  local s = scenario{ rules = "rules/r_keep_args.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:expect_error(function() s:end_turn() end, "handler 'keep_args.use'", "keep_args.lua:15:",
    "expired tile view")
end)

case("a hook's tile kept into the next hook call is that call's tile", function()
  local s = scenario{ rules = "rules/r_keep_args.lua", players = 2 }
  s:place("B", 0, 1, 0) -- a monastery south of the start tile
  s:place("B", 0, 2, 0)
  assert(s:var("keep_args.same") == 2, "the kept tile did not read the second call's tile, at y = 2")
end)

-- A ferry route that ends on a half square of a map played alone
-- (tests/scenarios/maps/half_ferry.map): the half square takes no tile, so
-- the route's far end meets the border and closes, as a tile's side facing
-- the border does. The start tile D lies on (0,0): city north, road
-- east-west, its west end at the border. V is a road curve south-west.

local function half_ferry_game()
  return scenario { rules = { expansions = { "maps" }, options = { maps = { map = "half_ferry" } } }, players = 2 }
end

case("a road onto a ferry route to a lone half square is completed: 3 tiles + the route = 4", function()
  local s = half_ferry_game()
  s:follower(1, 0, 0, "road")
  s:place("V", 1, 0, 0) -- road west (to D) and south
  s:place("V", 1, 1, 2) -- road north and east, onto the route
  s:end_turn()
  -- D, V, V and the ferry route: 4 x 1, no coats of arms
  s:expect_scores { 4, 0 }
end)

case("a piece printed complete (a road abroad on a half square) is never completed in a turn", function()
  -- rules/printed_complete.map; rules/completed_count.lua counts the
  -- feature_completed calls. A turn without a tile looks at every feature
  -- that is complete. D lies on (0,1), its road's west end at the border.
  local s = scenario { rules = "rules/printed_complete_counted.lua", players = 2 }
  s:end_turn()
  assert(s:var("completed_count.n") == 0, "completed " .. s:var("completed_count.n") .. " times")
  s:follower(1, 0, 1, "road")
  s:place("A", 1, 1, 1) -- road west: the road D-A is completed, 2 tiles
  s:end_turn()
  s:expect_scores { 2, 0 }
  assert(s:var("completed_count.n") == 1, "completed " .. s:var("completed_count.n") .. " times")
end)

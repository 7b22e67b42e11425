-- Base game scoring, hand-derived. The start tile D is at (0,0): a city cap
-- on N, a road from W to E, fields north and south of the road.
-- Rotations turn tiles clockwise: A (monastery, road S) at rotation 1 has
-- its road on W, at rotation 3 on E.

case("a completed 3-tile road scores 3", function()
  local s = scenario{ players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)   -- road end on W
  s:place("A", -1, 0, 3)  -- road end on E
  s:end_turn()
  s:expect_scores{ 3, 0 }
  s:expect_change("base.total", "total", 3)
end)

case("a completed 4-tile city with one coat of arms scores 10", function()
  local s = scenario{ players = 2 }
  s:follower(1, 0, 0, "city")
  s:place("G", 0, -1, 0)  -- city N-S
  s:place("F", 0, -2, 1)  -- city N-S with arms
  s:place("E", 0, -3, 2)  -- cap facing S
  s:end_turn()
  s:expect_score(1, 10)   -- 4 tiles * 2 + 1 arms * 2
  s:expect_scores{ 10, 0 }
end)

case("a coat of arms value is counted as written, beyond 255 and below 0 too", function()
  -- tile notation values run from -999 to 999; a two-tile city scores 4 + 2 per arms
  for _, c in ipairs { { 2, 8 }, { 255, 514 }, { 256, 516 }, { 300, 604 }, { -1, 2 } } do
    local s = scenario{ players = 2 }
    s:follower(1, 0, 0, "city")
    s:place("city:S+arms=" .. c[1] .. " field:N,E,W", 0, -1, 0)
    s:end_turn()
    s:expect_scores{ c[2], 0 }
  end
end)

case("the same city still open at the end scores 5", function()
  local s = scenario{ players = 2 }
  s:follower(1, 0, 0, "city")
  s:place("G", 0, -1, 0)
  s:place("F", 0, -2, 1)
  s:place("G", 0, -3, 0)  -- still open to the north
  s:end_turn()
  s:expect_scores{ 0, 0 }
  s:final_scoring()
  s:expect_scores{ 5, 0 } -- 4 tiles * 1 + 1 arms * 1
end)

case("a completed monastery scores 9", function()
  local s = scenario{ players = 2 }
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  for _, xy in ipairs{ { -1, 1 }, { 1, 1 }, { -1, 2 }, { 0, 2 }, { 1, 2 } } do
    s:place("B", xy[1], xy[2], 0)
  end
  s:end_turn()
  s:expect_scores{ 9, 0 }
end)

case("a farm touching 2 completed cities and 1 open city scores 6", function()
  local s = scenario{ players = 2 }
  s:place("H", 0, -1, 1)  -- two city caps (S and N), one field between (W and E)
  s:place("E", 0, -2, 2)  -- closes the northern cap
  s:place("E", 1, -1, 0)  -- field on W joins the farm; its city N stays open
  s:follower(1, 0, -1, "field")
  s:end_turn()
  s:expect_scores{ 0, 0 }
  s:final_scoring()
  s:expect_scores{ 6, 0 } -- 2 completed cities * 3
end)

case("tied players both get the full points", function()
  local s = scenario{ players = 2 }
  s:place("A", -1, 0, 3)          -- closes the road's west end
  s:follower(1, 0, 0, "road")
  s:place("V", 1, 0, 0)           -- curve W-S
  s:place("A", 0, 1, 3)           -- monastery below D, road end on E
  s:follower(2, 0, 1, "road:E")
  s:place("V", 1, 1, 1)           -- curve N-W joins both roads
  s:end_turn()
  s:expect_scores{ 5, 5 }         -- 5 tiles, one follower each
end)

case("an unknown tile name is an error naming the notation problem", function()
  local s = scenario{ players = 2 }
  s:expect_error(function() s:place("NO_SUCH_TILE", 1, 0, 0) end, "place")
end)

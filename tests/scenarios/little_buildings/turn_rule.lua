-- Little Buildings' own turn rule, played through real turns (strict
-- scenarios): instead of a follower, the active player may put one of his
-- buildings on the tile he has just placed. The start tile D is at (0,0), a
-- road W-E; U at rotation 1 is a straight road W-E; A (monastery, road S) at
-- rotation 1 ends a road on its W edge, at rotation 3 on its E edge.

local RULES = { expansions = { "little_buildings" } }

case("a building on the tile just placed scores with the road", function()
  local s = scenario{ players = 2, rules = RULES, strict = true }
  s:place("U", 1, 0, 1)              -- red
  s:follower(1, 1, 0, "road")
  s:place("U", -1, 0, 1)             -- blue: a shed instead of a follower
  s:token(2, "shed", -1, 0)
  s:place("A", 2, 0, 1)              -- red: closes the east end
  s:end_turn()
  s:place("A", -2, 0, 3)             -- blue: closes the west end
  s:end_turn()
  -- road A, U, D, U, A = 5 tiles x 1 + 1 building = 6, to red (the follower)
  s:expect_scores{ 6, 0 }
  s:expect_change("little_buildings.buildings", "total", 6)
end)

case("a building only on the tile just placed", function()
  local s = scenario{ players = 2, rules = RULES, strict = true }
  s:place("U", 1, 0, 1)
  s:expect_error(function() s:token(1, "tower", 0, 0) end, "only the tile just placed")
end)

case("a building instead of a follower, not both", function()
  local s = scenario{ players = 2, rules = RULES, strict = true }
  s:place("U", 1, 0, 1)
  s:token(1, "tower", 1, 0)
  s:expect_error(function() s:follower(1, 1, 0, "road") end, "no action expected")
  s:place("U", 2, 0, 1)              -- blue
  s:follower(2, 2, 0, "road")
  s:expect_error(function() s:token(2, "house", 2, 0) end, "no action expected")
end)

case("5 players: one building of each type each; a second tower is refused", function()
  local s = scenario{ players = 5, rules = RULES, strict = true }
  s:place("U", 1, 0, 1)
  s:token(1, "tower", 1, 0)          -- red's only tower (18 // 5 = 3: one of each)
  for x = 2, 5 do                    -- blue, green, yellow, black pass
    s:place("U", x, 0, 1)
    s:end_turn()
  end
  s:place("U", 6, 0, 1)              -- red again
  s:expect_error(function() s:token(1, "tower", 6, 0) end, "no tower left")
  s:token(1, "house", 6, 0)
  s:expect_scores{ 0, 0, 0, 0, 0 }
end)

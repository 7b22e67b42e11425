-- A placement hook that fails while the drawn tile's placements are listed
-- is an error naming the hook and its line, as it is when a placement is
-- played; before, the listing took it for a refusal of every placement.

case("a placement hook's error reaches the listing", function()
  local s = scenario{ rules = "rules/r_place_fail.lua", players = 2, strict = true, bag = true, seed = 3 }
  assert(s:draw(), "a tile waits")
  s:expect_error(function() s:placements() end,
    "hook 'place_fail.raise' (placement) failed", "place_fail.lua:6:", "a placement hook with a bug")
end)

case("a batched placement hook that breaks its contract reaches the listing", function()
  local s = scenario{ rules = "rules/r_place_batch_bad.lua", players = 2, strict = true, bag = true, seed = 3 }
  assert(s:draw(), "a tile waits")
  s:expect_error(function() s:placements() end,
    "hook 'place_batch_bad.judge' (placement) failed", "must leave args.refuse a table")
end)

case("a listing keeps what a hook's second pass wrote", function()
  local s = scenario{ rules = "rules/r_place_shrink.lua", players = 2, strict = true, bag = true, seed = 3 }
  assert(s:draw(), "a tile waits")
  local where = s:placements() -- counted in the first pass, written in the second
  assert(#where == 0, "the listing kept the first pass's count: " .. #where .. " entries")
end)

case("a refusal whose reason is a number, from a full state, is a refusal", function()
  local s = scenario{ rules = "rules/r_place_full.lua", players = 2, strict = true, bag = true, seed = 3 }
  assert(s:draw(), "a tile waits")
  assert(#s:placements() == 0, "the hook refuses every placement")
end)

-- Only the start tile, named again at its square, is passed over: a tile
-- placed twice elsewhere is refused (it was passed over silently, and in a
-- strict scenario that skipped "finish the turn in progress first").
case("a tile placed again on its own square is refused; the start tile is not", function()
  local s = scenario{ players = 2 }
  s:place("D", 0, 0, 0)
  s:place("A", -1, 0, 3)
  s:expect_error(function() s:place("A", -1, 0, 3) end, "square (-1,0) already holds tile A")
  local strict = scenario{ players = 2, strict = true, bag = true, seed = 4 }
  local drawn = strict:draw()
  local p = strict:placements()[1]
  strict:place(drawn, p.x, p.y, p.rotation)
  strict:expect_error(function() strict:place(drawn, p.x, p.y, p.rotation) end, "finish the turn in progress first")
end)

-- An expected score that is not a whole number is named as such (a string
-- "0" printed as 0: "expected { 0, 0 }, got { 0, 0 }").
case("expect_scores refuses a score that is not a whole number", function()
  local s = scenario{ players = 2 }
  s:expect_error(function() s:expect_scores{ "0", 0 } end, 'score 1 is "0" (a string), not a whole number')
  s:expect_error(function() s:expect_scores{ 0, 0.5 } end, "score 2 is 0.5 (a number), not a whole number")
  s:expect_error(function() s:expect_score(1, "0") end, "number expected, got string")
  s:expect_scores{ 0.0, 0 } -- a whole number, written as a float
  s:expect_score(1, 0.0)
end)

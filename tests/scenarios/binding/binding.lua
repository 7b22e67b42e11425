-- The binding itself: hot paths allocate nothing, views, options, randomness.

case("handler and hook calls allocate nothing in the expansion state", function()
  local s = scenario{ rules = "rules/quiet_rules.lua", players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()                      -- warms up the state (stack, call info)
  s:expect_scores{ 5, 0 }           -- 3 + bonus 2
  local before = s:lua_allocations()
  s:place("U", 0, 1, 1)             -- a second road under the first: the handler runs again
  s:follower(2, 0, 1, "road")
  s:place("A", 1, 1, 1)
  s:place("A", -1, 1, 3)
  s:end_turn()
  s:place("B", 0, 2, 0)
  s:end_turn()
  local after = s:lua_allocations()
  s:expect_scores{ 5, 5 }
  s:expect_change("quiet.touch", "total", 5)
  if after ~= before then error(("%d allocations in two turns"):format(after - before)) end
  if s:var("quiet.calls") ~= 3 then error("turn_end hook ran " .. s:var("quiet.calls") .. " times") end
end)

case("options reach the game view", function()
  local s = scenario{ rules = "rules/quiet_rules.lua", players = 2 }
  local g = s:game()
  if g:option("quiet", "bonus") ~= 2 then error("option bonus is " .. tostring(g:option("quiet", "bonus"))) end
  if g:option("quiet", "nothing") ~= nil then error("unknown option is not nil") end
end)

case("an inline ruleset table works like a file", function()
  local s = scenario{ rules = { expansions = { "inns_cathedrals" } }, players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()
  s:expect_scores{ 3, 0 }
  s:expect_change("base.total", "total", 3)
end)

case("views of a scenario game", function()
  local s = scenario{ players = 3 }
  local g = s:game()
  if g.players ~= 3 or g.current_player ~= 1 then error("players/current_player") end
  local t = g:tile_at(0, 0)
  if t.type ~= "D" or t.x ~= 0 or t.rotation ~= 0 then error("start tile view") end
  if t:segment_at("N").kind ~= "city" or t:segment_at("E", "m").kind ~= "road" then error("segment_at") end
  if not t:has_kind("road") or t:has_kind("monastery") then error("has_kind") end
  local city = t:segment_at("N")
  if table.concat(city:edges(), "") ~= "N" then error("edges " .. table.concat(city:edges(), "")) end
  local f = city:feature()
  if f.kind ~= "city" or f.complete or f.tiles ~= 1 then error("feature view") end
  if g:tile_at(9, 9) ~= nil then error("empty square is not nil") end
end)

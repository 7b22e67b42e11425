-- A scoring's breakdown as data: which handlers ran, in order, and what each
-- changed; a handler that did not run. The start tile D is at (0,0) (city cap
-- N, road W-E).

case("the breakdown of a 3-tile road, as data", function()
  local s = scenario{ players = 2 }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()
  local sc = s:scorings()
  assert(#sc == 1, "one scoring")
  local r = sc[1]
  assert(r.kind == "road" and r.reason == "completed", r.kind .. " " .. r.reason)
  -- 3 tiles x 1 point (base.rates sets unit_rate 1) = 3, all to red
  assert(r.total == 3 and r.award[1] == 3 and r.award[2] == 0, "total and awards")
  local ran = table.concat(r.ran, " ")
  assert(ran == "base.majority base.rates base.total base.award", ran)
  local seen = false
  for _, c in ipairs(r.changes) do
    if c.handler == "base.total" and c.field == "total" then
      seen = c.before == 0 and c.after == 3
    end
  end
  assert(seen, "base.total recorded total 0 -> 3")
  s:expect_ran("base.total", 1)
end)

case("the inn handler does not run for a road without an inn", function()
  local s = scenario{ players = 2, rules = { expansions = { "inns_cathedrals" } } }
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  s:end_turn()
  s:expect_scores{ 3, 0 }          -- 3 tiles x 1, no inn
  s:expect_not_run("inns_cathedrals.inn")
  s:expect_error(function() s:expect_not_run("base.total") end, "ran in 1 scoring")
  s:expect_error(function() s:expect_ran("nope.nothing") end, "no handler named")
end)

case("an open road with an inn: red scores 0, and the line says red +0", function()
  local s = scenario{ players = 2, rules = { expansions = { "inns_cathedrals" } } }
  s:follower(1, 0, 0, "road")
  s:place("IC_INN_STRAIGHT", 1, 0, 1)  -- road W-E with an inn, joins D's road
  s:final_scoring()
  -- open road with an inn at the end: rates x0, so 2 tiles x 0 = 0 points
  s:expect_scores{ 0, 0 }
  s:expect_ran("inns_cathedrals.inn", 1)
  local text = s:breakdown()
  assert(text:find("value 0; red %+0") and not text:find("nobody"), text)
end)

case("two fields recorded on one tile are told apart by their ports", function()
  -- D at (0,0): city N, road W-E, a field north of the road (El, Wr) and
  -- one south of it (Er, S, Wl). Both fields' records lie on D, so the
  -- label adds the segment's ports; the one city and the one road do not.
  local s = scenario{ players = 2 }
  s:follower(1, 0, 0, "field")      -- the first field: north of the road
  s:follower(2, 0, 0, "field:S")
  s:follower(1, 0, 0, "road")
  s:final_scoring()
  s:expect_scores{ 1, 0 }          -- the open road: 1 tile; no complete city for the farms
  local labels = {}
  for i = 1, #s:scorings() do
    labels[#labels + 1] = s:breakdown(i):match("^(.-), ")
  end
  table.sort(labels)
  local want = { "field at (0,0) [El,Wr]", "field at (0,0) [Er,S,Wl]", "road at (0,0)" }
  assert(#labels == #want, table.concat(labels, " | "))
  for i = 1, #want do
    assert(labels[i] == want[i], "label " .. i .. ": " .. labels[i] .. ", not " .. want[i])
  end
end)

case("a label's ports are the board's, after the tile's rotation", function()
  -- D turned twice at (0,-1): its city (S) closes D's at (0,0); its field
  -- by the city, El and Wr unturned, lies on Wl and Er of the board.
  local s = scenario{ players = 2 }
  s:place("D", 0, -1, 2)
  s:follower(1, 0, -1, "field")    -- the first field: the one by the city
  s:end_turn()
  s:final_scoring()
  s:expect_scores{ 3, 0 }          -- one completed city for the farm
  local found
  for i = 1, #s:scorings() do
    local text = s:breakdown(i)
    if text:find("^field") then found = text:match("^(.-), ") end
  end
  assert(found == "field at (0,-1) [Er,Wl]", tostring(found))
end)

-- Vineyards (docs/expansions/vineyards.md). A monastery B at (0,1) below the
-- start tile D; A at (-1,0) r3 and (1,0) r1 close D's road and fill the row
-- above; five more tiles around complete the monastery: 9 tiles, 9 points.

local function monastery(s, around)
  s:place("B", 0, 1, 0)
  s:follower(1, 0, 1, "monastery")
  s:place("A", -1, 0, 3)
  s:place("A", 1, 0, 1)
  local xy = { { -1, 1 }, { 1, 1 }, { -1, 2 }, { 0, 2 }, { 1, 2 } }
  for i, p in ipairs(xy) do s:place(around[i] or "B", p[1], p[2], 0) end
end

case("a completed monastery with one vineyard: 9 + 3", function()
  local s = scenario{ players = 2, rules = { expansions = { "vineyards" } } }
  monastery(s, { [5] = "VY_VINEYARD" })
  s:end_turn()
  s:expect_scores{ 12, 0 }
end)

case("two vineyards and a little building on one: 9 + 2 x 3 + 1", function()
  local s = scenario{ players = 2, rules = { expansions = { "vineyards", "little_buildings" } } }
  monastery(s, { [1] = "VY_VINEYARD", [5] = "VY_VINEYARD" })
  s:token(2, "shed", 1, 2)               -- on a vineyard, in the monastery's area
  s:end_turn()
  -- 9 tiles + 2 vineyards x 3 (330) + 1 building (510) = 16
  s:expect_scores{ 16, 0 }
end)

case("after the game a vineyard gives (+0); final_points changes that", function()
  for _, v in ipairs({ { nil, 3 }, { 1, 4 } }) do
    local options = v[1] and { vineyards = { final_points = v[1] } } or nil
    local s = scenario{ players = 2, rules = { expansions = { "vineyards" }, options = options } }
    s:place("B", 0, 1, 0)
    s:follower(1, 0, 1, "monastery")
    s:place("VY_VINEYARD", 1, 1, 0)
    s:final_scoring()
    -- area: D, B, vineyard = 3 tiles; + 0 (default) or + 1 per vineyard
    s:expect_scores{ v[2], 0 }
  end
end)

case("completed_points = 2: 9 + 2", function()
  local s = scenario{ players = 2, rules = { expansions = { "vineyards" },
                                             options = { vineyards = { completed_points = 2 } } } }
  monastery(s, { [5] = "VY_VINEYARD" })
  s:end_turn()
  s:expect_scores{ 11, 0 }
end)

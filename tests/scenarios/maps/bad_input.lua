-- Bad map input: an error with file, line and column, and nothing loaded.

local function fails(rules, ...)
  local ok, err = pcall(scenario, { rules = rules, players = 2 })
  assert(not ok, "the scenario was created")
  for _, want in ipairs({ ... }) do
    assert(tostring(err):find(want, 1, true), "error '" .. tostring(err) .. "' lacks '" .. want .. "'")
  end
end

case("a map that does not exist", function()
  fails({ expansions = { "maps" }, options = { maps = { map = "atlantis" } } }, "map 'atlantis' not found")
end)

case("a malformed map names its file, line and column", function()
  fails({ expansions = { "maps" }, options = { maps = { map = "bad_symbol" } } },
    "bad_symbol.map:6:5:", "unknown symbol '?'")
end)

case("a pair whose halves do not line up", function()
  fails({ expansions = { "maps" }, options = { maps = { map = "skew_pair" } } },
    "skew_east.map:5:3:", "the halves do not line up")
end)

case("a start square the start tile fits in no rotation, whatever the seed", function()
  fails({ expansions = { "maps" }, options = { maps = { map = "bad_start" } } },
    "bad_start.map:9:7:", "start square (0,0): the start tile D fits it in no rotation")
end)

case("an option the maps expansion does not have", function()
  fails({ expansions = { "maps" }, options = { maps = { mapp = "demo" } } },
    "has no option 'mapp' (did you mean 'map'?); its options: city_fields, followers, map, start_towns, tiles, "
      .. "town_bonus")
end)

case("tiles of an expansion that does not exist", function()
  fails({ tiles_only = { "atlantis_tiles" }, expansions = { "maps" } }, "unknown expansion 'atlantis_tiles'")
end)

case("an expansion for its tiles and its rules at once", function()
  fails({ tiles_only = { "inns_cathedrals" }, expansions = { "inns_cathedrals", "maps" } },
        "is in both expansions and tiles_only")
end)

case("tiles only: the tiles come, the rules do not", function()
  local s = scenario{ rules = { tiles_only = { "inns_cathedrals" }, expansions = { "maps" } }, players = 2 }
  s:place("IC_INN_STRAIGHT", 5, 4, 1)  -- an Inns & Cathedrals tile: a road east-west with an inn
  s:place("A", 4, 4, 3)                -- monastery, road east
  s:place("A", 6, 4, 1)                -- monastery, road west
  s:follower(1, 5, 4, "road")
  s:end_turn()
  -- no inn rule: 3 tiles x 1 = 3 (with the inn rule it would be 6)
  s:expect_scores{ 3, 0 }
end)

case("a count out of range names its option and range, however large", function()
  fails({ expansions = { "maps" }, options = { maps = { followers = 17 } } }, "followers: 17 is outside 1..16")
  fails({ expansions = { "maps" }, options = { maps = { followers = 2 ^ 40 } } },
    "followers: 1099511627776 is outside 1..16 (0 keeps the map's)")
  fails({ expansions = { "maps" }, options = { maps = { tiles = -(2 ^ 33) } } }, "tiles: -8589934592 is outside 1..")
  fails({ expansions = { "maps" }, options = { maps = { followers = 2.5 } } },
    "followers must be a whole number, not 2.5")
end)

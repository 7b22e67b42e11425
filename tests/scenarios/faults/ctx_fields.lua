-- The scoring context's fields: a misspelt one read is an error naming it,
-- not nil; a value written is a whole number, and the error says so.

-- Player 1 (red) on a completed 3-tile road: ending the turn scores it.
local function road_with(flag)
  local s = scenario{ rules = "rules/r_ctx_fields.lua", players = 2 }
  s:set_flag("ctx_fields." .. flag, true)
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)
  s:place("A", -1, 0, 3)
  return s
end

case("reading a misspelt field is an error naming it, not nil", function()
  local s = road_with("misspelt")
  s:expect_error(function() s:end_turn() end, "handler 'ctx_fields.misspelt'", "ctx_fields.lua:6:",
    "the scoring context has no field 'count_orignal' (did you mean 'count_original'?)")
end)

case("a fraction written to a field names the field and asks for a whole number", function()
  local s = road_with("fraction")
  s:expect_error(function() s:end_turn() end, "ctx_fields.lua:10:",
    "ctx.total takes whole numbers, not 4.5 (math.floor or math.ceil makes one)")
end)

case("a string written to a field is refused, not read as a number", function()
  local s = road_with("text")
  s:expect_error(function() s:end_turn() end, "ctx_fields.lua:14:",
    'ctx.total takes whole numbers, not "7" (a string)')
end)

case("a setter refuses a string that reads as a number", function()
  local s = road_with("setter")
  s:expect_error(function() s:end_turn() end, "ctx_fields.lua:37:", 'award takes whole numbers, not "7" (a string)')
end)

case("a setter refuses a player given as a string", function()
  local s = road_with("setter_player")
  s:expect_error(function() s:end_turn() end, "ctx_fields.lua:43:", 'a player takes whole numbers, not "1" (a string)')
end)

case("a setter given a fraction says how to round it", function()
  local s = road_with("setter_fraction")
  s:expect_error(function() s:end_turn() end, "ctx_fields.lua:48:",
    "award takes whole numbers, not 7.5 (math.floor or math.ceil makes one)")
end)

case("a whole number past the scores' range names the field and the range", function()
  local s = road_with("range")
  s:expect_error(function() s:end_turn() end, "ctx_fields.lua:54:",
    "ctx.total 2147483648 is outside the allowed -1000000000..1000000000")
end)

case("writing a misspelt field suggests the near one", function()
  local s = road_with("settable")
  s:expect_error(function() s:end_turn() end, "ctx_fields.lua:18:",
    "the scoring context has no settable field 'totla' (did you mean 'total'?)")
end)

case("every documented field and method reads, and 6.0 is written as 6", function()
  local s = road_with("every")
  s:end_turn()
  s:expect_scores{ 6, 0 }
end)

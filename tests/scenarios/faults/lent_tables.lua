-- What a hook leaves in the tables it is lent (keys, a metatable, a
-- placement's square, an award table's extra entries) is gone at the next
-- call, in this game or another, after a failed call too; x.options cannot
-- be written at all (rules/lent_args.lua counts what each call finds).
-- luacheck: read globals case scenario

local function game() return scenario { rules = "rules/r_lent_args.lua", players = 2 } end

case("each hook call finds its args as the engine fills them", function()
  local s = game()
  s:follower(1, 0, 0, "road")
  s:place("A", 1, 0, 1)   -- placement, tile_placed: marks left
  s:end_turn()            -- turn_end: no square, no rotation, no marks
  s:place("A", -1, 0, 3)
  s:end_turn()            -- the road completes: feature_scored marks args.award
  s:place("B", 0, 1, 0)
  s:end_turn()
  assert(s:var("lent_args.dirty") == 0, s:var("lent_args.dirty") .. " calls found an earlier call's marks")
  assert(s:var("lent_args.scored") == 1, "feature_scored ran " .. s:var("lent_args.scored") .. " times, not once")
end)

case("marks left by a failed call are gone too", function()
  local s = game()
  s:set_var("lent_args.fail", 1)
  s:expect_error(function() s:place("A", 1, 0, 1) end, "fails after leaving its marks", "lent_args.lua:30:")
  s:set_var("lent_args.fail", 0)
  s:place("A", 1, 0, 1)
  s:end_turn()
  assert(s:var("lent_args.dirty") == 0, s:var("lent_args.dirty") .. " calls found the failed call's marks")
end)

case("marks left in another game's call are not this game's", function()
  local other = game()
  other:place("A", 1, 0, 1)
  local s = game()
  s:place("B", 0, 1, 0)
  s:end_turn()
  assert(s:var("lent_args.dirty") == 0, s:var("lent_args.dirty") .. " calls found another game's marks")
end)

case("x.options is read-only: a write fails, naming the line, and the option stays", function()
  local s = game()
  s:set_var("lent_args.write_options", 1)
  s:place("B", 0, 1, 0)
  s:expect_error(function() s:end_turn() end, "hook 'lent_args.check'", "lent_args.lua:45:",
    "x.options is read-only (writing 'mode')")
  assert(s:game():option("lent_args", "mode") == "a", "the option changed")
  s:set_var("lent_args.write_options", 0)
  s:end_turn()
  assert(game():game():option("lent_args", "mode") == "a", "a new game reads the changed option")
end)

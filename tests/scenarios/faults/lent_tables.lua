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
  s:expect_error(function() s:place("A", 1, 0, 1) end, "fails after leaving its marks", "lent_args.lua:32:")
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
  s:expect_error(function() s:end_turn() end, "hook 'lent_args.check'", "lent_args.lua:48:",
    "x.options is read-only (writing 'mode')")
  assert(s:game():option("lent_args", "mode") == "a", "the option changed")
  s:set_var("lent_args.write_options", 0)
  s:end_turn()
  assert(game():game():option("lent_args", "mode") == "a", "a new game reads the changed option")
end)

case("x.options: rawset cannot reach it, and pairs walks it without handing out its table", function()
  local s = game()
  s:set_var("lent_args.write_options", 2)
  s:place("B", 0, 1, 0)
  s:expect_error(function() s:end_turn() end, "hook 'lent_args.check'", "bad argument #1 to 'rawset'")
  s:set_var("lent_args.write_options", 3)
  s:end_turn()
  assert(s:var("lent_args.scored") == 100, "pairs did not give mode = \"a\" alone")
  assert(s:game():option("lent_args", "mode") == "a", "the option changed")
end)

case("a batched placement hook finds its args as the binding fills them, in every game", function()
  local a = scenario { rules = "rules/r_lent_batch.lua", players = 2 }
  a:place("B", 0, 1, 0)
  local b = scenario { rules = "rules/r_lent_batch.lua", players = 2 }
  b:place("B", 0, 1, 0) -- refused if the first call's marks were still there
  a:place("B", 0, 2, 0)
  b:place("A", 1, 0, 1)
end)

case("an option's default is a boolean, a number or a string: a table is refused at its line", function()
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { rules = "rules/r_option_default.lua" } end, "option_default.lua:3:",
    "option 'limits' has a table for its default; an option is a boolean, a number or a string")
end)

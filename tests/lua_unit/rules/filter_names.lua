-- Filters naming a flag or attribute that cannot be interned (a name too
-- long for the tables, or none left): such a filter matches nothing it may
-- not, so it must be refused, never read as "any". test_filter_names.c.
local x = expansion { name = "filter_names", options = {} }
local long = "filter_names." .. string.rep("z", 60) -- longer than a name may be
x:hook {
  point = "turn_end", name = "gated", flag = long,
  fn = function(game, args) game:add_score(args.player, 100) end,
}

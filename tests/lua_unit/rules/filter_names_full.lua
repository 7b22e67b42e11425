-- Sixty-four flags declared, then a hook waiting on a sixty-fifth: refused
-- (the table is full), never a hook that runs every turn. test_filter_names.c.
local x = expansion { name = "filter_names_full", options = {} }
for i = 1, 64 - #{} do
  if not pcall(x.flag, x, "filter_names_full." .. i) then break end
end
x:hook {
  point = "turn_end", name = "gated", flag = "filter_names_full.extra",
  fn = function(game, args) game:add_score(args.player, 100) end,
}

-- Player 1 gains 999,000,000 points at the final scoring: the squares of
-- such scores take a study's sums past 2^62 within a few games.
local x = expansion { name = "jackpot" }
x:hook {
  point = "final_scoring", name = "big", priority = 100,
  fn = function(game) game:add_score(1, 999000000) end,
}

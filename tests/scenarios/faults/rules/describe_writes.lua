-- A describe function that tries to change the game: a score, then a draw
-- from the game's generator. Both must fail and change nothing.
-- luacheck: read globals expansion
local x = expansion { name = "describe_writes" }
x:describe(function(game)
  if game.turn % 2 == 0 then
    return "roll " .. math.random(6)
  end
  game:add_score(1, 1000)
  error("a description that changed the game and then failed")
end)

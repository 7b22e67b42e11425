-- Card stacks dealt and turned by declarative hooks (deal / turn): no Lua call.
local x = expansion { name = "stacks", options = { broken = "", shuffle = false } }
local broken = x.options.broken
local STACKS = {
  { cards = { "stacks.a", "stacks.b", "stacks.c" }, active = "stacks.one", rest = "stacks.one_rest",
    shuffle = x.options.shuffle, top = 2 },
  { cards = { "stacks.c", "stacks.d" }, active = "stacks.two", rest = "stacks.two_rest",
    shuffle = x.options.shuffle },
}
if broken == "" then
  x:hook { point = "setup", name = "deal", deal = STACKS }
  x:hook { point = "turn_end", name = "turn", kinds = { "road" }, turn = STACKS }
elseif broken == "point" then
  x:hook { point = "turn_end", name = "point", deal = STACKS }
elseif broken == "both" then
  x:hook { point = "setup", name = "both", deal = STACKS, fn = function() end }
elseif broken == "one_card" then
  x:hook { point = "setup", name = "one_card", deal = { { cards = { "stacks.a" }, active = "v", rest = "w" } } }
elseif broken == "top" then
  x:hook { point = "setup", name = "top", deal = { { cards = { "f", "g" }, active = "v", rest = "w", top = 3 } } }
elseif broken == "supply" then -- a setup hook with two declared works: neither may be dropped
  x:hook { point = "setup", name = "supply", deal = STACKS, token_supply = {} }
elseif broken == "supply_type" then -- token_supply must be a table of player counts
  x:hook { point = "setup", name = "supply_type", token_supply = 5 }
elseif broken == "supply_text" then
  x:hook { point = "setup", name = "supply_text", token_supply = "lots" }
elseif broken == "supply_seat" then -- a seat's entry must be a table of token counts
  x:hook { point = "setup", name = "supply_seat", token_supply = { [2] = { {}, 7 } } }
elseif broken == "supply_name" then -- a misspelt token name
  x:token { name = "tower", per_player = 1 }
  x:hook { point = "setup", name = "supply_name", token_supply = { [2] = { { towr = 5 } } } }
elseif broken == "supply_players" then -- more players than a game holds
  x:token { name = "tower", per_player = 1 }
  x:hook { point = "setup", name = "supply_players", token_supply = { [9] = { { tower = 5 } } } }
elseif broken == "supply_seat_no" then -- seat 5 of a 2-player game
  x:token { name = "tower", per_player = 1 }
  x:hook { point = "setup", name = "supply_seat_no", token_supply = { [2] = { [5] = { tower = 5 } } } }
elseif broken == "supply_late" then -- the token is declared after the hook
  x:hook { point = "setup", name = "supply_late", token_supply = { [2] = { { tower = 5 } } } }
  x:token { name = "tower", per_player = 1 }
elseif broken == "pair" then
  x:hook { point = "setup", name = "pair", deal = STACKS, turn = STACKS }
elseif broken == "rest" then
  x:hook { point = "setup", name = "rest", deal = { { cards = { "f", "g" }, active = "v" } } }
end

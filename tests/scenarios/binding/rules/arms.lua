-- A turn-end hook declared with square_arms (points a coat of arms of the
-- island square under the turn's tile, in C), and its load errors.
local x = expansion { name = "arms", options = { broken = "" } }
local broken = x.options.broken
x:flag("arms.on")
if broken == "point" then
  x:hook { point = "feature_scored", name = "point", flag = "arms.on", square_arms = 2 }
elseif broken == "flag" then
  x:hook { point = "turn_end", name = "flag", square_arms = 2 }
elseif broken == "both" then
  x:hook { point = "turn_end", name = "both", flag = "arms.on", square_arms = 2, fn = function() end }
elseif broken == "value" then
  x:hook { point = "turn_end", name = "value", flag = "arms.on", square_arms = 100 }
elseif broken == "text" then
  x:hook { point = "turn_end", name = "text", flag = "arms.on", square_arms = "two" }
elseif broken == "turn" then
  x:hook { point = "turn_end", name = "turn", flag = "arms.on", square_arms = 2,
           turn = { { cards = { "f", "g" }, active = "v", rest = "w" } } }
elseif broken == "supply" then
  x:hook { point = "turn_end", name = "supply", flag = "arms.on", square_arms = 2, token_supply = {} }
elseif broken == "over" then -- loads; 999,999,998 + 4 passes the largest score, 10^9
  x:map("demo", { signal = "arms.on" })
  x:hook { point = "setup", name = "boost", fn = function(game) game:add_score(1, 999999998) end }
  x:hook { point = "turn_end", name = "over", flag = "arms.on", square_arms = 2 }
elseif broken == "plane" then -- loads; no map: the flag is turned on by hand, each turn
  x:hook { point = "turn_end", name = "raise", priority = 10, fn = function(game) game:set_flag("arms.on", true) end }
  x:hook { point = "turn_end", name = "plane", flag = "arms.on", square_arms = 2 }
end

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
end

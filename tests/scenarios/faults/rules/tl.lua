-- tiles declared in the three ways a text reaches x:tiles
local x = expansion { name = "tl", options = { form = "" } }
local LATER = [[
T3 1 city:N road:E,W field:Nl
]]
if x.options.form == "long" then
  x:tiles("tl", [[
T1 1 road:E,W field:N,S
T2 1 city:N field:E,S
]])
elseif x.options.form == "quoted" then
  x:tiles("tl", "T1 1 city:N field:E,S")
elseif x.options.form == "variable" then
  x:tiles("tl", LATER)
elseif x.options.form == "number" then
  x:tiles("tl", 5)
end

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
elseif x.options.form == "escaped" then -- two lines in one quoted string
  x:tiles("tl", "T1 1 city:N field:E,S,W\nT2 1 city:N field:E,S")
elseif x.options.form == "rows" then -- rows written apart, joined
  local rows = {
    "T1 1 city:N field:E,S,W",
    "T2 1 road:N,S field:Nr,E,Sl",
  }
  -- a line between the rows and the call
  x:tiles("tl", table.concat(rows, "\n"))
end

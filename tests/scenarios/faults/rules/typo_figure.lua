-- luacheck: read globals expansion
local x = expansion { name = "typo_figure" }
x:figure { name = "giant", strenght = 2 }

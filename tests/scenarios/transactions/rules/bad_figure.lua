local x = expansion { name = "bad_figure" }

x:figure { name = "giant", strength = 1.5 }

-- a copy count beyond a C int
local x = expansion { name = "split_range" }
x:tile_split("A", "A_SPLIT", 2 ^ 32 + 1)

-- A city tile with 999 coats of arms: over two million of them (bench
-- --tiles) could gather more in one city than a feature counts.
local x = expansion { name = "arms" }
x:tiles("arms", [[
ARMS 4 city:N,E,S,W+arms=999
]])

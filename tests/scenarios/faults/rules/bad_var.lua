-- luacheck: read globals expansion
local x = expansion { name = "bad_var" }
pcall(x.figure, x, { name = "dup" })
pcall(x.figure, x, { name = "dup" }) -- refused: the engine's last message is now about 'dup'
x:var(("a"):rep(48))

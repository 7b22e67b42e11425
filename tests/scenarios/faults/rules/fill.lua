-- A turn-end hook that fills its expansion's Lua state up to the memory cap
-- and keeps what it made, so no collection can free room afterwards.
-- luacheck: read globals expansion
local x = expansion { name = "fill", options = { n = 1 } }
local keep = {} -- luacheck: ignore 241 (kept, never read: it holds the memory)
for i = 1, 256 do keep[i] = false end -- sized now: filling it allocates nothing
local rep, protected = string.rep, pcall
x:hook { point = "turn_end", name = "fill", fn = function()
  local size, i = 1 << 22, 1
  while size >= 16 and i <= 256 do
    local ok, s = protected(rep, "x", size)
    if ok then
      keep[i] = s
      i = i + 1
    else
      size = size // 2
    end
  end
end }

-- A placement hook that fills its Lua state up to the memory cap (keeping
-- what it made), then refuses with a number as its reason: turning that
-- number into text would allocate, outside a protected call.
-- luacheck: read globals expansion
local x = expansion { name = "place_full" }
local keep = {} -- luacheck: ignore 241 (kept, never read: it holds the memory)
for i = 1, 256 do keep[i] = false end -- sized now: filling it allocates nothing
local rep, protected = string.rep, pcall
local filled = false
x:hook { point = "placement", name = "refuse", fn = function()
  if not filled then
    filled = true
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
  end
  return false, 1.2345678
end }

-- Fills its expansion's Lua state up to the memory cap and keeps what it
-- made, so no collection can free room afterwards: at the turn's end, or,
-- with the option `placements`, in a placement hook that then refuses with
-- a number as its reason (turning it into text would allocate).
-- luacheck: read globals expansion
local x = expansion { name = "fill", options = { n = 1, placements = false } }
local keep = {} -- luacheck: ignore 241 (kept, never read: it holds the memory)
for i = 1, 256 do keep[i] = false end -- sized now: filling it allocates nothing
local rep, protected = string.rep, pcall
-- Large strings are made of 64 KiB pieces: string.rep copies its piece once a
-- repetition, and a copy a byte made filling slow enough under a sanitizer,
-- on a busy machine, to pass the 5 s limit of a call.
local piece, PIECE = rep("x", 1 << 16), 1 << 16
local filled = false
local function fill()
  if filled then return end
  filled = true
  local size, i = 1 << 22, 1
  while size >= 1 and i <= 256 do -- down to 2-byte strings: no room is left for one
    local ok, s
    if size >= PIECE then ok, s = protected(rep, piece, size // PIECE) else ok, s = protected(rep, "x", size) end
    if ok then
      keep[i] = s
      i = i + 1
    else
      size = size // 2
    end
  end
end
x:hook { point = "turn_end", name = "fill", fn = fill }
if x.options.placements then
  x:hook { point = "placement", name = "refuse", fn = function()
    fill()
    return false, 1.2345678
  end }
end

-- A chunk cannot take the engine's own name: the loader's frames are skipped
-- in error places, and the pattern guard once let such a chunk through.
local x = expansion { name = "chunk_name" }
x:handler {
  name = "stall", priority = 320, kinds = { "road" },
  fn = function()
    for _, n in ipairs { "=prelude", "@prelude", "=prelude\0tail" } do
      local f, err = load("return 1", n)
      if f or not err:find("is the engine's own", 1, true) then error("load took the chunk name " .. n) end
    end
    -- any other name loads, and its calls are checked like the file's own
    local find = assert(load("local s, p = ... return string.find(s, p)", "=mine"))
    find(string.rep("a", 20000) .. "b", "(.-)(.-)(.-)b")
  end,
}

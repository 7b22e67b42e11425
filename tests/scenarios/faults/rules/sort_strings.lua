-- Sorts 4096 references to one string of 1 MiB in the default order: every
-- comparison reads the whole string, inside one C call.
-- luacheck: read globals expansion
local x = expansion { name = "sort_strings" }
x:handler {
  name = "order", priority = 320, kinds = { "road" },
  fn = function()
    local big, t = ("s"):rep(1 << 20), {}
    for i = 1, 4096 do t[i] = big end
    table.sort(t)
  end,
}

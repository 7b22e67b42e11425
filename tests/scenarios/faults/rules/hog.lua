-- A handler that allocates without bound.
local x = expansion { name = "hog" }
x:handler {
  name = "grow", priority = 330, kinds = { "road" },
  fn = function()
    local t = {}
    while #t >= 0 do
      t[#t + 1] = { #t, #t, #t, #t }
    end
  end,
}

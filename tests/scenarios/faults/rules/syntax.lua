-- An expansion with a syntax error on line 4.
local x = expansion { name = "syntax" }
x:handler {
  name = "bad" priority = 300,
  fn = function() end,
}

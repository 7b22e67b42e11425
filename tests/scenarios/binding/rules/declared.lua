-- Declarative handlers (set / add / halve, by reason): no Lua call.
local x = expansion { name = "declared", options = { broken = "" } }
local broken = x.options.broken
if broken == "" then
  x:handler {
    name = "mix", priority = 450, kinds = { "road" },
    set = { adjust = 7 }, add = { total = "adjust" }, halve = "total",
  }
  x:handler {
    name = "by_reason", priority = 460, kinds = { "road" },
    completed = { add = { total = 100 } },
    final = { set = { total = -5 }, halve = { "total" } },
  }
elseif broken == "both" then
  x:handler { name = "both", priority = 450, add = { total = 1 }, fn = function() end }
elseif broken == "field" then
  x:handler { name = "field", priority = 450, add = { count_original = 1 } }
elseif broken == "mixed" then
  x:handler { name = "mixed", priority = 450, add = { total = 1 }, final = { set = { total = 0 } } }
end

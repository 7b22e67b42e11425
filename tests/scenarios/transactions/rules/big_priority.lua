local x = expansion { name = "big_priority" }
x:handler { name = "far", priority = 4294967606, fn = function() end }

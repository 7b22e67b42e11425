local x = expansion { name = "no_name" }
x:handler { priority = 300, fn = function() end }

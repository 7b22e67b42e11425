local x = expansion { name = "string_priority" }
x:handler { name = "late", priority = "430", fn = function() end }

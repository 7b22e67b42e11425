local x = expansion { name = "hook_priority" }
x:hook { point = "turn_end", name = "late", priority = 1000, fn = function() end }

-- luacheck: read globals expansion
local x = expansion { name = "typo_hook_reasons" }
x:hook { point = "feature_scored", name = "seen", reasons = { "final" }, fn = function() end }

-- luacheck: read globals expansion
local x = expansion { name = "typo_token" }
x:token { name = "coin", per_player = 3, vlaue = 2 }

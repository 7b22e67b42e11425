-- The loader reads a ruleset's tables raw: neither metamethod runs. Through
-- __pairs the loader once called a costly string.find itself, unchecked; the
-- subject here matches at once, so the old loader went on to fail on the key.
local subject = ("a"):rep(20000) .. "b"
ruleset(setmetatable({ expansions = setmetatable({ "raise" }, { __len = function() return 0 end }) }, {
  __pairs = function() return string.find, subject, "(.-)(.-)(.-)b" end,
  __index = function(_, k) error("the loader read '" .. tostring(k) .. "' through __index") end,
}))

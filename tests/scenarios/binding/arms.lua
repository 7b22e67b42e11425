-- A hook declared with square_arms instead of fn: its load errors name the
-- file, the line and the hook. (Its scoring: tests/scenarios/maps/maps.lua,
-- where the Maps expansion's island hook is declared so.)
-- luacheck: read globals case scenario

local function ruleset_error(broken, ...)
  local base = scenario { players = 2 }
  base:expect_error(function() scenario { rules = "rules/arms_" .. broken .. ".lua" } end, "rules/arms.lua:", ...)
end

case("square_arms: errors name the file, the line and the hook", function()
  ruleset_error("point", "arms.point", "square_arms is for turn_end hooks")
  ruleset_error("flag", "arms.flag", "square_arms needs the flag")
  ruleset_error("both", "arms.both", "either 'fn' or 'square_arms'")
  ruleset_error("value", "arms.value", "whole number of points in -99..99")
  ruleset_error("text", "arms.text", "whole number of points in -99..99")
end)

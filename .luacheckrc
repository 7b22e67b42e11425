-- luacheck settings for expansions, rulesets and scenarios (docs/lua-api.md).
std = "lua54"
read_globals = { "case", "scenario", "time_limit", "expansion", "ruleset" }
max_line_length = 120
-- deliberately broken: the fault scenarios check its syntax error is reported
exclude_files = { "tests/scenarios/faults/rules/syntax.lua" }

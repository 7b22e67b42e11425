-- luacheck: read globals ruleset
ruleset { expansions = { "declared" }, options = { declared = { broken = "whole_floats" } } }

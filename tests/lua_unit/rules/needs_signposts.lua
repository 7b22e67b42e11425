-- For tests/lua_unit/test_tiles_only_earlier.c: an expansion that requires
-- the Signposts whole.
-- luacheck: read globals expansion
expansion { name = "needs_signposts", requires = { "signposts" }, options = {} }

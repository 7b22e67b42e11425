-- An option whose default is a table: options are booleans, numbers or strings.
-- luacheck: read globals expansion
expansion { name = "option_default",
  options = { limits = { default = { n = 1 } } } }

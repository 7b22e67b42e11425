-- Builds the Lua module against an installed carcassonne (libcarcassonne_lua):
--   luarocks make carcassonne-scm-1.rockspec CARCASSONNE_DIR=<prefix>
package = "carcassonne"
version = "scm-1"
source = { url = "." }
description = {
  summary = "Carcassonne rules engine: engines, rulesets, games, scenarios",
}
dependencies = { "lua >= 5.4, < 5.5" }
external_dependencies = {
  CARCASSONNE = { header = "carc_lua.h", library = "carcassonne_lua" },
}
build = {
  type = "builtin",
  modules = {
    carcassonne = {
      sources = { "module.c" },
      libraries = { "carcassonne_lua", "carcassonne" },
      incdirs = { "$(CARCASSONNE_INCDIR)" },
      libdirs = { "$(CARCASSONNE_LIBDIR)" },
    },
  },
}

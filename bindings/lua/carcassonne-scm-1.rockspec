-- Builds the Lua module against an installed carcassonne (libcarcassonne_lua):
--   luarocks --lua-version 5.4 --local make carcassonne-scm-1.rockspec CARCASSONNE_DIR=<prefix>
-- (--lua-version 5.4: Debian's luarocks builds for Lua 5.1 unless told;
-- --local: into ~/.luarocks; docs/embedding.md, section 6)
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

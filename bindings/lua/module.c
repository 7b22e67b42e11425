/* module.c - the Lua module: `require "carcassonne"` calls this. Built
 * in-tree with the engine inside (only this symbol exported), or by the
 * rockspec against the installed libcarcassonne_lua. */
#include "carc_lua.h"
#include <lua.h>

#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("default")))
#endif
int luaopen_carcassonne(lua_State *L);

int luaopen_carcassonne(lua_State *L) { return carc_lua_open(L); }

/* paths.c - the loader's view of the engine's search path for expansions. */
#include "binding.h"
#include <limits.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

int carc_lua_search_dirs(lua_State *L) {
  carc_lua *cl = carc_lstate_of(L)->cl;
  lua_newtable(L);
  if (!cl) return 1;
  carc_engine *e = carc_lua_engine(cl);
  char dir[PATH_MAX];
  for (int i = 0, k = 1;; i++) {
    size_t n = carc_engine_search_path(e, "expansions", i, dir, sizeof dir, NULL);
    if (n == 0) break;
    if (n >= sizeof dir) continue;
    lua_pushstring(L, dir);
    lua_rawseti(L, -2, k++);
  }
  return 1;
}

/* paths.c - the loader's view of the engine's search path for expansions,
 * and of what a folder on it holds. */
#include "binding.h"
#include <dirent.h>
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

enum { LISTED_MAX = 128 }; /* names a folder gives for a suggestion; a folder of expansions holds a few dozen */

int carc_lua_lua_files(lua_State *L) {
  const char *dir = luaL_checkstring(L, 1);
  /* the names are gathered before any is pushed: a push may raise an error
   * (no memory), which must not leave the folder open */
  char names[LISTED_MAX][CARC_MAX_NAME + 1];
  int n = 0;
  DIR *d = opendir(dir);
  for (struct dirent *de; d && n < LISTED_MAX && (de = readdir(d));) {
    const size_t len = strlen(de->d_name);
    if (len > 4 && len - 4 < CARC_MAX_NAME && !strcmp(de->d_name + len - 4, ".lua"))
      snprintf(names[n++], sizeof names[0], "%.*s", (int)(len - 4), de->d_name);
  }
  if (d) closedir(d);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, names[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

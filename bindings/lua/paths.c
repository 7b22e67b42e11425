/* paths.c - the loader's view of the engine's search path for expansions,
 * and of what a folder on it holds. */
#define _POSIX_C_SOURCE 200809L /* open flags, fstat */
#include "binding.h"
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

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

enum { LISTED_MAX = 128, HEAD_BYTES = 32 << 10 };

/* Whether `path` is a regular file whose first HEAD_BYTES call expansion{}
 * or expansion(...): read in C, a few KiB, so that a huge file or a FIFO
 * beside a ruleset costs a suggestion nothing (opened without blocking). */
static bool calls_expansion(const char *path) {
  const int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  char head[HEAD_BYTES + 1];
  ssize_t n = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, head, HEAD_BYTES) : -1;
  close(fd);
  if (n <= 0) return false;
  head[n] = '\0';
  static const char word[] = "expansion";
  for (const char *p = head; (p = memchr(p, 'e', (size_t)(head + n - p))) != NULL; p++) {
    if (strncmp(p, word, sizeof word - 1)) continue;
    const char *q = p + sizeof word - 1;
    while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
    if (*q == '{' || *q == '(') return true;
  }
  return false;
}

int carc_lua_expansion_files(lua_State *L) {
  const char *dir = luaL_checkstring(L, 1);
  /* the names are gathered before any is pushed: a push may raise an error
   * (no memory), which must not leave the folder open */
  char names[LISTED_MAX][CARC_MAX_NAME];
  int n = 0;
  DIR *d = opendir(dir);
  for (struct dirent *de; d && n < LISTED_MAX && (de = readdir(d));) {
    const size_t len = strlen(de->d_name);
    if (len <= 4 || len - 4 >= CARC_MAX_NAME || strcmp(de->d_name + len - 4, ".lua")) continue;
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= (int)sizeof path || !calls_expansion(path)) continue;
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

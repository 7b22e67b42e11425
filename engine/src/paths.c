/* paths.c - where data files (expansions, rulesets, maps) are looked up.
 *
 * Order: the folder an embedder gave through the API, then the folders in
 * CARCASSONNE_<KIND>_PATH, then share/carcassonne/<kind> of the installation,
 * found relative to the file this code is linked into (the shared library, the
 * Lua module or the program) by looking in its folder and up to four parents.
 * No path of the build machine is compiled in: a build tree mirrors the
 * installed layout (build/share/carcassonne/<kind> links to the sources). */
#define _GNU_SOURCE
#include "internal.h"
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__)
#include <dlfcn.h>
#define CARC_HAVE_DLADDR 1
#endif
#if defined(__GLIBC__)
#include <link.h>
#endif

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif
#define PARENTS 4

static int kind_ok(const char *kind) {
  if (!kind || !kind[0] || strlen(kind) >= sizeof((search_dir *)0)->kind) return 0;
  for (const char *c = kind; *c; c++)
    if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '_')) return 0;
  return 1;
}

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static const search_dir *find_set(const carc_engine *e, const char *kind) {
  for (int i = 0; i < MAX_SEARCH_KINDS; i++)
    if (e->search[i].kind[0] && !strcmp(e->search[i].kind, kind)) return &e->search[i];
  return NULL;
}

carc_result carc_engine_set_search_path(carc_engine *e, const char *kind, const char *dir) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (!kind_ok(kind))
    return engine_fail(e, CARC_ERR_ARGUMENT, "search path: bad kind '%s' (expected a lowercase name like \"expansions\" or \"maps\")",
                       kind ? kind : "(null)");
  search_dir *slot = (search_dir *)find_set(e, kind);
  if (!dir || !dir[0]) { /* clears */
    if (slot) memset(slot, 0, sizeof *slot);
    return CARC_OK;
  }
  size_t n = strlen(dir);
  if (n >= SEARCH_PATH_CAP)
    return engine_fail(e, CARC_ERR_ARGUMENT, "search path for %s: longer than %d bytes", kind, SEARCH_PATH_CAP - 1);
  if (!is_dir(dir))
    return engine_fail(e, CARC_ERR_ARGUMENT, "search path for %s: '%s' is not a folder", kind, dir);
  if (!slot)
    for (int i = 0; i < MAX_SEARCH_KINDS && !slot; i++)
      if (!e->search[i].kind[0]) slot = &e->search[i];
  if (!slot)
    return engine_fail(e, CARC_ERR_LIMIT, "search path for %s: search paths are set for %d kinds already", kind,
                       MAX_SEARCH_KINDS);
  memset(slot, 0, sizeof *slot);
  memcpy(slot->kind, kind, strlen(kind));
  memcpy(slot->dir, dir, n);
  while (n > 1 && slot->dir[n - 1] == '/') slot->dir[--n] = '\0';
  return CARC_OK;
}

/* The absolute path of the file holding this code: the shared library or
 * module when the engine is one, else the program. "" if unknown. */
static void self_file(char *out, size_t cap) {
  char path[PATH_MAX];
  path[0] = '\0';
#if defined(CARC_HAVE_DLADDR)
  Dl_info info;
  void *addr = (void *)(uintptr_t)&carc_engine_search_path;
#if defined(__GLIBC__)
  struct link_map *lm = NULL;
  /* the main program's link map has an empty name (dladdr reports argv[0]) */
  if (dladdr1(addr, &info, (void **)&lm, RTLD_DL_LINKMAP) && lm && lm->l_name && lm->l_name[0] == '/')
    snprintf(path, sizeof path, "%s", lm->l_name);
#else
  if (dladdr(addr, &info) && info.dli_fname && info.dli_fname[0] == '/')
    snprintf(path, sizeof path, "%s", info.dli_fname);
#endif
#endif
#if defined(__linux__)
  if (!path[0]) {
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    path[n > 0 ? n : 0] = '\0';
  }
#endif
  char real[PATH_MAX];
  if (path[0] && realpath(path, real)) snprintf(out, cap, "%s", real);
  else snprintf(out, cap, "%s", path);
}

static void strip_last(char *p) {
  char *s = strrchr(p, '/');
  if (!s) p[0] = '\0';
  else if (s == p) p[1] = '\0';
  else *s = '\0';
}

/* share/carcassonne/<kind> in the nearest of the folder of this code and its
 * parents; when there is none, the place the installed layout would put it. */
static void install_dir(const char *kind, char *out, size_t cap) {
  char d[PATH_MAX], cand[PATH_MAX + 64];
  self_file(d, sizeof d);
  if (!d[0]) {
    snprintf(out, cap, "share/carcassonne/%s", kind);
    return;
  }
  strip_last(d);
  char first[PATH_MAX + 64]; /* <folder of the file>/../share/carcassonne/<kind> */
  snprintf(first, sizeof first, "%s", d);
  strip_last(first);
  snprintf(first + strlen(first), sizeof first - strlen(first), "%sshare/carcassonne/%s",
           strcmp(first, "/") ? "/" : "", kind);
  for (int up = 0; up <= PARENTS && d[0]; up++) {
    snprintf(cand, sizeof cand, "%s%sshare/carcassonne/%s", d, strcmp(d, "/") ? "/" : "", kind);
    if (is_dir(cand)) {
      snprintf(out, cap, "%s", cand);
      return;
    }
    if (!strcmp(d, "/")) break;
    strip_last(d);
  }
  snprintf(out, cap, "%s", first);
}

static size_t emit(const char *s, size_t n, char *buf, size_t cap) {
  if (cap) {
    size_t k = n < cap - 1 ? n : cap - 1;
    memcpy(buf, s, k);
    buf[k] = '\0';
  }
  return n;
}

size_t carc_engine_search_path(const carc_engine *e, const char *kind, int i, char *buf, size_t cap,
                               carc_path_origin *origin) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  if (cap) buf[0] = '\0';
  if (!kind_ok(kind) || i < 0) return 0;
  const search_dir *set = e ? find_set(e, kind) : NULL;
  if (set) {
    if (i == 0) {
      if (origin) *origin = CARC_PATH_API;
      return emit(set->dir, strlen(set->dir), buf, cap);
    }
    i--;
  }
  char var[64];
  snprintf(var, sizeof var, "CARCASSONNE_%s_PATH", kind);
  for (char *c = var; *c; c++) *c = (char)toupper((unsigned char)*c);
  const char *env = getenv(var);
  for (const char *p = env; p && *p;) {
    const char *end = strchr(p, ':');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n > 0) {
      if (i == 0) {
        if (origin) *origin = CARC_PATH_ENV;
        while (n > 1 && p[n - 1] == '/') n--;
        return emit(p, n, buf, cap);
      }
      i--;
    }
    p = end ? end + 1 : p + n;
  }
  if (i == 0) {
    char d[PATH_MAX + 64];
    install_dir(kind, d, sizeof d);
    if (origin) *origin = CARC_PATH_INSTALL;
    return emit(d, strlen(d), buf, cap);
  }
  return 0;
}

const char *carc_path_origin_name(carc_path_origin origin) {
  switch (origin) {
  case CARC_PATH_API: return "api";
  case CARC_PATH_ENV: return "environment";
  case CARC_PATH_INSTALL: return "install";
  }
  return "?";
}

size_t carc_engine_find_data(const carc_engine *e, const char *kind, const char *name, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  if (cap) buf[0] = '\0';
  if (!kind_ok(kind) || !name || !name[0]) return 0;
  char dir[PATH_MAX], file[2 * PATH_MAX];
  for (int i = 0;; i++) {
    size_t n = carc_engine_search_path(e, kind, i, dir, sizeof dir, NULL);
    if (n == 0) return 0;
    if (n >= sizeof dir) continue;
    snprintf(file, sizeof file, "%s/%s", dir, name);
    if (is_file(file)) return emit(file, strlen(file), buf, cap);
  }
}

/* A path as a message shows it: a long one by its last 200 bytes (whole
 * characters), so that the reason after it is not cut from the message. */
static const char *path_tail(const char *p, const char **dots) {
  size_t n = strlen(p), from = n > 200 ? n - 200 : 0;
  while (from > 0 && (p[from] & 0xC0) == 0x80) from++;
  *dots = from ? "..." : "";
  return p + from;
}

size_t carc_engine_find_ruleset(carc_engine *e, const char *spec, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  if (cap) buf[0] = '\0';
  if (!e) return 0;
  if (!spec || !spec[0]) {
    engine_fail(e, CARC_ERR_ARGUMENT, "the ruleset's name is empty (a path, or a shipped ruleset's name such as 'default')");
    return 0;
  }
  struct stat st;
  const char *dots, *shown = path_tail(spec, &dots);
  if (stat(spec, &st) == 0) { /* a file as given (the loader says if it cannot read it) */
    if (!S_ISDIR(st.st_mode)) return emit(spec, strlen(spec), buf, cap);
    engine_fail(e, CARC_ERR_ARGUMENT, "%s%s is a folder, not a ruleset file", dots, shown);
    return 0;
  }
  size_t n = carc_engine_find_data(e, "expansions", spec, buf, cap);
  const size_t len = strlen(spec);
  if (!n && !strchr(spec, '/') && (len < 4 || strcmp(spec + len - 4, ".lua"))) { /* a name: "default" */
    char file[PATH_MAX];
    snprintf(file, sizeof file, "%s.lua", spec);
    n = carc_engine_find_data(e, "expansions", file, buf, cap);
  }
  if (n) return n;
  char dirs[ERR_CAP] = "", dir[PATH_MAX];
  size_t at = 0;
  for (int i = 0; carc_engine_search_path(e, "expansions", i, dir, sizeof dir, NULL) > 0 && at < sizeof dirs; i++)
    at += (size_t)snprintf(dirs + at, sizeof dirs - at, "%s %s", i ? "," : "", dir);
  engine_fail(e, CARC_ERR_UNKNOWN, "ruleset '%s%s' not found: no such file, and not in%s", dots, shown, dirs);
  return 0;
}

int carc_version_number(void) { return CARC_VERSION_NUMBER; }

/* mapfile.c - finds and reads map files (the engine takes text only).
 *
 * A map is named by a path ("x/y.map", relative to the given folder, else to
 * the current one) or by a name looked up as NAME.map in
 * a given folder, its maps/ subfolder, the maps/ folder beside it, and the
 * search path for maps (carc_engine_search_path: CARCASSONNE_MAPS_PATH, then
 * share/carcassonne/maps of the installation or build tree). A pair file holds one line "join WEST EAST": the
 * two maps, from the pair file's folder, are joined along their half squares. */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "binding.h"
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAP_FILE_LIMIT ((size_t)4 << 20) /* a map file is a few KiB: /dev/zero is not read on */

/* A map file's text, or NULL and *why (read_text_file's refusals, and a
 * NUL byte: the text would end there unnoticed). */
static char *slurp(const char *path, const char **why) {
  size_t n;
  errno = 0;
  char *text = read_text_file(path, MAP_FILE_LIMIT, &n);
  if (!text) *why = read_failure(errno, "it is larger than 4 MiB");
  if (text && memchr(text, '\0', n)) {
    free(text);
    *why = "it holds a NUL byte (not text)";
    return NULL;
  }
  return text;
}

/* A path or name as a message shows it, in `buf`: a long one by its last
 * 200 bytes (whole characters) after "...", so that what follows it in the
 * message (the reason, the ruleset's line) is not cut off. */
enum { SHOWN_PATH = 204 };
static const char *short_path(const char *p, char buf[SHOWN_PATH]) {
  size_t n = strlen(p), from = n > 200 ? n - 200 : 0;
  while (from > 0 && (p[from] & 0xC0) == 0x80) from++;
  const size_t dots = from ? 3 : 0; /* n - from <= 200: it fits */
  memcpy(buf, "...", dots);
  memcpy(buf + dots, p + from, n - from + 1);
  return buf;
}

static int is_path(const char *spec) {
  size_t n = strlen(spec);
  return strchr(spec, '/') || (n > 4 && !strcmp(spec + n - 4, ".map"));
}

/* Whether `path` names something, readable or not: a file that is there
 * but cannot be read is reported as such, not as missing. */
static int exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* Writes `fmt`'s text into path; false when it does not fit (a cut path
 * would name another file, or the folder). */
static bool path_fits(char *path, size_t cap, const char *fmt, const char *a, const char *b) {
  const int n = snprintf(path, cap, fmt, a, b);
  return n >= 0 && (size_t)n < cap;
}

/* Finds the file of map `spec`; writes its path (the whole of it, or 0).
 * A relative path is read from `dir` first, the folder of the file that
 * names it, as a user reading that file would; then from the current
 * folder, which is where rulesets before this rule found it. */
static int find_map(const char *spec, const char *dir, char *path, size_t cap) {
  if (is_path(spec)) {
    if (dir && spec[0] != '/' && path_fits(path, cap, "%s/%s", dir, spec) && exists(path)) return 1;
    if (!path_fits(path, cap, "%s%s", spec, "")) return 0;
    const int there = exists(path);
    if (there || strchr(spec, '/')) return there;
    /* "NAME.map" that is no file here: look the name up as the maps' name */
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(spec) - 4), spec);
    return find_map(name, dir, path, cap);
  }
  const char *fmts[] = {"%s/%s.map", "%s/maps/%s.map", "%s/../maps/%s.map"};
  for (int i = 0; dir && i < 3; i++)
    if (path_fits(path, cap, fmts[i], dir, spec) && exists(path)) return 1;
  /* then the search path for maps: CARCASSONNE_MAPS_PATH, the installation */
  char file[256];
  snprintf(file, sizeof file, "%s.map", spec);
  size_t n = carc_engine_find_data(NULL, "maps", file, path, cap);
  return n > 0 && n < cap;
}

/* "join WEST EAST" on a line of its own (comments and blanks aside). */
static int join_line(const char *text, char *west, char *east, size_t cap, int *line) {
  int ln = 1;
  text += binding_bom(text, strlen(text));
  for (const char *p = text; *p; ln++) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    char buf[256];
    if (len >= sizeof buf) len = sizeof buf - 1;
    memcpy(buf, p, len);
    buf[len] = '\0';
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char w[64], a[128], b[128], extra[8];
    int n = sscanf(buf, "%63s %127s %127s %7s", w, a, b, extra);
    if (n >= 1 && !strcmp(w, "join")) {
      *line = ln;
      if (n != 3) return -1;
      snprintf(west, cap, "%s", a);
      snprintf(east, cap, "%s", b);
      return 1;
    }
    if (!e) break;
    p = e + 1;
  }
  return 0;
}

static void dir_of(const char *path, char *dir, size_t cap) {
  snprintf(dir, cap, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = '\0';
  else snprintf(dir, cap, ".");
}

int carc_map_file_find(const char *spec, const char *dir, char *path, size_t cap) {
  char found[4096];
  if (!spec || !find_map(spec, dir, found, sizeof found)) return 0;
  if (!path) return 1; /* only whether it is there */
  return path_fits(path, cap, "%s%s", found, "");
}

static carc_result load_map(carc_engine *e, const char *spec, const char *dir, char *err, size_t errcap) {
  char path[4096];
  if (!spec) {
    snprintf(err, errcap, "a map needs a name or a path (got NULL)");
    return CARC_ERR_UNKNOWN;
  }
  const int found = find_map(spec, dir, path, sizeof path);
  char s1[SHOWN_PATH], s2[SHOWN_PATH], s3[SHOWN_PATH];
  if (!found && strchr(spec, '/')) { /* a path: no search */
    if (spec[0] == '/' || !dir) snprintf(err, errcap, "map file '%s' not found", short_path(spec, s1));
    else
      snprintf(err, errcap, "map file '%s' not found (looked in %s and in the current folder)", short_path(spec, s1),
               short_path(dir, s2));
    return CARC_ERR_UNKNOWN;
  }
  if (!found) { /* a name: the folders searched (find_map's), each shown once */
    char maps[1024], beside[SHOWN_PATH + 48] = "";
    carc_engine_search_path(NULL, "maps", 0, maps, sizeof maps, NULL);
    if (dir) snprintf(beside, sizeof beside, "%s, its maps/ and ../maps/, nor in ", short_path(dir, s2));
    snprintf(err, errcap, "map '%s' not found (no such .map file in %s%s; 'carcassonne maps' lists the maps)",
             short_path(spec, s1), beside, short_path(maps, s3));
    return CARC_ERR_UNKNOWN;
  }
  const char *why = NULL;
  char *text = slurp(path, &why);
  if (!text) {
    snprintf(err, errcap, "%s: cannot read the map: %s", short_path(path, s1), why);
    return CARC_ERR_ARGUMENT;
  }
  char west[128], east[128];
  int line = 0, j = join_line(text, west, east, sizeof west, &line);
  carc_result r;
  if (j < 0) {
    snprintf(err, errcap, "%s:%d:1: 'join' takes two map names, west then east", short_path(path, s1), line);
    free(text);
    return CARC_ERR_PARSE;
  }
  if (j == 0) { /* the engine's messages name the map as `origins` does */
    const char *texts[1] = {text}, *origins[1] = {short_path(path, s1)};
    r = carc_engine_set_map(e, 1, texts, origins);
  } else {
    char pdir[4096], pw[4096], pe[4096];
    dir_of(path, pdir, sizeof pdir);
    const int has_west = find_map(west, pdir, pw, sizeof pw);
    if (!has_west || !find_map(east, pdir, pe, sizeof pe)) {
      snprintf(err, errcap, "%s:%d:1: the pair's %s map '%s' is not there (no such .map file beside the pair file, in "
               "its maps/ and ../maps/, nor in the search path for maps)", short_path(path, s1), line,
               has_west ? "east" : "west", has_west ? east : west);
      free(text);
      return CARC_ERR_UNKNOWN;
    }
    const char *why_w = NULL, *why_e = NULL;
    char *tw = slurp(pw, &why_w), *te = slurp(pe, &why_e);
    char w2[128], e2[128];
    int inner = 0; /* the line of a 'join' in one of the two maps: a pair of pairs */
    const char *nested = tw && join_line(tw, w2, e2, sizeof w2, &inner) ? pw
                         : te && join_line(te, w2, e2, sizeof w2, &inner) ? pe : NULL;
    if (!tw || !te || nested) {
      if (nested)
        snprintf(err, errcap, "%s:%d:1: %s is a pair file itself (its 'join' at line %d): a pair joins two maps",
                 short_path(path, s1), line, short_path(nested, s2), inner);
      else
        snprintf(err, errcap, "%s:%d:1: cannot read '%s': %s", short_path(path, s1), line,
                 short_path(tw ? pe : pw, s2), tw ? why_e : why_w);
      free(tw);
      free(te);
      free(text);
      return nested ? CARC_ERR_PARSE : CARC_ERR_ARGUMENT;
    }
    const char *texts[2] = {tw, te}, *origins[2] = {short_path(pw, s2), short_path(pe, s3)};
    r = carc_engine_set_map(e, 2, texts, origins);
    free(tw);
    free(te);
  }
  free(text);
  if (r != CARC_OK) snprintf(err, errcap, "%s", carc_engine_error(e));
  return r;
}

/* A map's messages are one line each: a control byte in a path or a map's
 * name (a newline) is shown as '?'. */
carc_result carc_map_file_load(carc_engine *e, const char *spec, const char *dir, char *err, size_t errcap) {
  char whole[2048]; /* written whole, then cut to the caller's buffer between characters */
  carc_result r = load_map(e, spec, dir, whole, sizeof whole);
  if (err && errcap) shown_text(r != CARC_OK ? whole : "", err, errcap);
  return r;
}

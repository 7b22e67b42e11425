/* test_binding_misuse.c - the Lua binding's C calls used as an embedder
 * might misuse them: NULL names, buffers too small for a map's path, and
 * an engine played after its Lua state was freed. Each fails cleanly or
 * plays on; none crashes or reports what is not there. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "carc_lua.h"
#include "check.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A NULL map name is a name no folder holds. */
static void null_map_names(void) {
  carc_engine *e = check_base_engine();
  char err[256] = "";
  CHECK_INT(carc_map_file_load(e, NULL, NULL, err, sizeof err), CARC_ERR_UNKNOWN);
  CHECK_HAS(err, "a map needs a name or a path");
  CHECK_INT(carc_map_file_load(e, NULL, NULL, NULL, 0), CARC_ERR_UNKNOWN); /* no message wanted */
  char path[64];
  CHECK_INT(carc_map_file_find(NULL, NULL, path, sizeof path), 0);
  carc_engine_free(e);
}

/* A path that does not fit the caller's buffer is never tested cut: the
 * cut one names the folder, which exists. */
static void short_path_buffers(void) {
  char dir[] = "/tmp/carc_misuse_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char map[128];
  snprintf(map, sizeof map, "%s/here.map", dir);
  FILE *f = fopen(map, "w");
  CHECK(f != NULL);
  if (f) fclose(f);
  char cut[sizeof dir + 2]; /* the folder and a byte or two */
  CHECK_INT(carc_map_file_find("xxno_such_map", dir, cut, sizeof cut), 0);
  CHECK_INT(carc_map_file_find("here", dir, cut, sizeof cut), 0); /* there, but its path does not fit */
  char whole[256];
  CHECK_INT(carc_map_file_find("here", dir, whole, sizeof whole), 1);
  CHECK(strcmp(whole, map) == 0);
  CHECK_INT(carc_map_file_find("here", dir, NULL, 0), 1); /* only whether it is there */
  CHECK_INT(carc_map_file_find("xxno_such_map", dir, NULL, 0), 0);
  unlink(map);
  rmdir(dir);
}

/* NULL names for the loaders: UNKNOWN, with a message that says so (not a
 * Lua library's "bad argument"), and nothing loaded. */
static void null_loader_names(void) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  const int handlers = carc_handler_count(e);
  CHECK_INT(carc_lua_load_list(cl, NULL), CARC_ERR_UNKNOWN);
  CHECK_HAS(carc_lua_error(cl), "no expansion name given");
  CHECK_INT(carc_lua_load_ruleset(cl, NULL), CARC_ERR_UNKNOWN);
  CHECK_HAS(carc_lua_error(cl), "no ruleset path given");
  CHECK_INT(carc_lua_load_expansion(cl, NULL, NULL), CARC_ERR_UNKNOWN);
  CHECK(carc_lua_load_list(cl, " , ") != CARC_OK);
  CHECK(strstr(carc_lua_error(cl), "--expansions") == NULL); /* a library message names no CLI option */
  CHECK_INT(carc_handler_count(e), handlers);
  carc_lua_free(cl);
  carc_engine_free(e);
}

/* An engine whose Lua state is freed plays on with its C rules: the Lua
 * handlers and hooks are retired, and cannot be switched on again. */
static void engine_after_lua_free(void) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK_INT(carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/expansions/default.lua"), CARC_OK);
  CHECK(carc_handler_find(e, "mage_witch.mage") >= 0);
  carc_lua_free(cl);
  const int mage = carc_handler_find(e, "mage_witch.mage");
  CHECK(mage >= 0 && !carc_handler_enabled(e, mage));
  CHECK_INT(carc_handler_enable(e, "mage_witch.mage", 1), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "retired");
  CHECK_INT(carc_handler_enable(e, "land_surveyors.rotate", 1), CARC_ERR_STATE); /* a hook */
  CHECK_INT(carc_handler_enable(e, "base.award", 0), CARC_OK); /* C handlers stay as they were */
  CHECK_INT(carc_handler_enable(e, "base.award", 1), CARC_OK);
  carc_game_options o = {2, 7, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  if (g) {
    CHECK_INT(carc_bot_play_game(g, CARC_BOT_RANDOM), CARC_OK);
    CHECK(carc_game_score(g, 0) + carc_game_score(g, 1) > 0);
    carc_game_free(g);
  }
  carc_engine_free(e);
}

/* Whether s ends on a whole UTF-8 character. */
static int ends_whole(const char *s) {
  size_t n = strlen(s), k = n;
  while (k > 0 && ((unsigned char)s[k - 1] & 0xC0) == 0x80) k--; /* back to the last lead byte */
  if (k == 0) return n == 0;
  const unsigned char lead = (unsigned char)s[k - 1];
  const size_t len = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  return n - (k - 1) == len;
}

/* A message cut to a small buffer is cut between characters: the map's
 * name of 100 three-byte characters, at every size from 1 to 300 bytes. */
static void small_message_buffers(void) {
  carc_engine *e = check_base_engine();
  char name[301] = "";
  for (int i = 0; i < 100; i++) strcat(name, "\xe2\x82\xac"); /* the euro sign */
  for (size_t cap = 1; cap <= 300; cap++) {
    char err[300];
    memset(err, 'x', sizeof err);
    CHECK_INT(carc_map_file_load(e, name, NULL, err, cap), CARC_ERR_UNKNOWN);
    CHECK(strlen(err) < cap);
    CHECK(ends_whole(err));
    if (!ends_whole(err)) fprintf(stderr, "cap %zu: the message ends inside a character\n", cap);
  }
  carc_engine_free(e);
}

int main(void) {
  null_map_names();
  small_message_buffers();
  short_path_buffers();
  null_loader_names();
  engine_after_lua_free();
  return check_done("test_binding_misuse");
}

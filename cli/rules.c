/* rules.c - builds the engine the commands use (the base game plus, with
 * --rules, a Lua ruleset), runs scenario files, and reports expansion state
 * during `play`. */
#include "carc_lua.h"
#include "cli.h"
#include <stdlib.h>
#include <string.h>

carc_engine *cli_engine(const char *rules, const char *cmd) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) {
    fprintf(stderr, "carcassonne %s: %s\n", cmd, e ? carc_engine_error(e) : "out of memory");
    carc_engine_free(e);
    return NULL;
  }
  if (!rules) return e;
  carc_lua *cl = carc_lua_new(e, 0);
  if (!cl) {
    fprintf(stderr, "carcassonne %s: cannot create a Lua state\n", cmd);
    carc_engine_free(e);
    return NULL;
  }
  if (carc_lua_load_ruleset(cl, rules) != CARC_OK) {
    fprintf(stderr, "carcassonne %s: %s\n", cmd, carc_lua_error(cl));
    if (getenv("CARC_LUA_TRACE")) fprintf(stderr, "%s\n", carc_lua_traceback(cl));
    carc_lua_free(cl);
    carc_engine_free(e);
    return NULL;
  }
  return e;
}

void cli_engine_free(carc_engine *e) {
  carc_lua_free(carc_lua_of(e)); /* the Lua state first: its handlers point into it */
  carc_engine_free(e);
}

/* After a turn that changed a game variable or flag named land_surveyors.*,
 * prints the Land Surveyors tiles now active (the flags that are on). */
void cli_after_turn(carc_game *g, FILE *out) {
  static const char prefix[] = "land_surveyors.";
  static const carc_game *last_game;
  static int last[2][64];
  carc_engine *e = carc_game_engine(g);
  carc_lua *cl = carc_lua_of(e);
  if (!cl) return;
  int fresh = g != last_game, changed = fresh, any = 0;
  last_game = g;
  for (int flag = 0; flag < 2; flag++)
    for (int i = 0; i < 64; i++) {
      const char *name = carc_lua_declared(cl, flag, i);
      if (!name) break;
      if (strncmp(name, prefix, sizeof prefix - 1)) continue;
      any = 1;
      int v = flag ? carc_game_flag(g, carc_flag_find(e, name)) : carc_game_var(g, carc_var_find(e, name));
      if (v != last[flag][i]) changed = 1;
      last[flag][i] = v;
    }
  if (!changed || !any) return;
  fprintf(out, "  land_surveyors: active tiles now");
  const char *sep = " ";
  for (int i = 0; i < 64; i++) {
    const char *name = carc_lua_declared(cl, 1, i);
    if (!name) break;
    if (!strncmp(name, prefix, sizeof prefix - 1) && carc_game_flag(g, carc_flag_find(e, name))) {
      fprintf(out, "%s%s", sep, name + sizeof prefix - 1);
      sep = ", ";
    }
  }
  fprintf(out, "\n");
}

int cli_test(int argc, char **argv) {
  if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    printf("usage: carcassonne test FILE|DIR...\n"
           "Runs Lua scenario files (every *.lua under DIR, sorted by path, skipping folders\n"
           "named rules or expansions). Each case(name, fn) is one test; a failing case\n"
           "prints expected and actual values, the scoring breakdowns and the board.\n"
           "Ends with 'N passed, N failed'; exit status 1 if any failed.\n");
    return argc < 1 ? 2 : 0;
  }
  int passed = 0, failed = 0, bad = 0;
  for (int i = 0; i < argc; i++) {
    int p, f;
    if (carc_lua_run_scenarios(argv[i], stdout, &p, &f) < 0) bad = 1;
    else passed += p, failed += f;
  }
  if (argc > 1) printf("%d passed, %d failed\n", passed, failed);
  return failed || bad ? 1 : 0;
}

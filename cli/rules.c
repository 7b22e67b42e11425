/* rules.c - builds the engine the commands use (the base game plus, with
 * --rules, a Lua ruleset, or with --expansions, expansions by name) and runs
 * scenario files. */
#include "carc_lua.h"
#include "cli.h"
#include <stdlib.h>
#include <string.h>

static carc_engine *cli_engine_build(const char *rules, const char *expansions, const char *cmd,
                                     carc_alloc_fn alloc, void *ud);

carc_engine *cli_engine(const char *rules, const char *cmd) { return cli_engine_with(rules, NULL, cmd); }

carc_engine *cli_engine_alloc(const char *rules, const char *cmd, carc_alloc_fn alloc, void *ud) {
  return cli_engine_build(rules, NULL, cmd, alloc, ud);
}

carc_engine *cli_engine_with(const char *rules, const char *expansions, const char *cmd) {
  return cli_engine_build(rules, expansions, cmd, NULL, NULL);
}

static carc_engine *cli_engine_build(const char *rules, const char *expansions, const char *cmd,
                                     carc_alloc_fn alloc, void *ud) {
  carc_engine *e = carc_engine_new(alloc, ud);
  if (!e || carc_tiles_load_base(e) != CARC_OK) {
    fprintf(stderr, "carcassonne %s: %s\n", cmd, e ? carc_engine_error(e) : "out of memory");
    carc_engine_free(e);
    return NULL;
  }
  if (!rules && !expansions) return e;
  carc_lua *cl = carc_lua_new(e, 0);
  if (!cl) {
    fprintf(stderr, "carcassonne %s: cannot create a Lua state\n", cmd);
    carc_engine_free(e);
    return NULL;
  }
  char found[4096];
  const size_t n = rules ? carc_engine_find_ruleset(e, rules, found, sizeof found) : 1;
  if (n == 0 || n >= sizeof found) {
    fprintf(stderr, "carcassonne %s: %s\n", cmd, n ? "the ruleset's path is too long" : carc_engine_error(e));
    carc_lua_free(cl);
    carc_engine_free(e);
    return NULL;
  }
  if (rules) rules = found;
  if ((rules ? carc_lua_load_ruleset(cl, rules) : carc_lua_load_list(cl, expansions)) != CARC_OK) {
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

int cli_test(int argc, char **argv) {
  if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
    printf("usage: carcassonne test FILE|DIR...\n"
           "Runs Lua scenario files (every *.lua under DIR, sorted by path, skipping folders\n"
           "named rules or expansions). Each case(name, fn) is one test; a failing case\n"
           "prints expected and actual values, the scoring breakdowns and the board.\n"
           "Ends with 'N passed, N failed'; exit status 1 if any failed or if no case\n"
           "was found.\n");
    return argc < 1 ? 2 : 0;
  }
  int passed = 0, failed = 0, bad = 0;
  for (int i = 0; i < argc; i++) {
    int p, f;
    if (carc_lua_run_scenarios(argv[i], stdout, &p, &f) < 0) bad = 1;
    else passed += p, failed += f;
  }
  if (argc > 1) printf("%d passed, %d failed\n", passed, failed);
  if (!bad && passed + failed == 0) {
    fprintf(stderr, "carcassonne test: no scenario cases found (a scenario file is a *.lua file "
                    "that calls case(name, fn))\n");
    return 1;
  }
  return failed || bad ? 1 : 0;
}

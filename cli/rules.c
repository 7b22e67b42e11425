/* rules.c - builds the engine the commands use: the base game plus, with
 * --rules, a Lua ruleset. */
#include "cli.h"
#include <stdlib.h>

carc_engine *cli_engine(const char *rules, const char *cmd) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) {
    fprintf(stderr, "carcassonne %s: %s\n", cmd, e ? carc_engine_error(e) : "out of memory");
    carc_engine_free(e);
    return NULL;
  }
  if (rules) {
    fprintf(stderr, "carcassonne %s: %s: rulesets need the Lua binding\n", cmd, rules);
    carc_engine_free(e);
    return NULL;
  }
  return e;
}

void cli_engine_free(carc_engine *e) { carc_engine_free(e); }
void cli_after_turn(carc_game *g, FILE *out) { (void)g, (void)out; }
int cli_test(int argc, char **argv) {
  (void)argc, (void)argv;
  fprintf(stderr, "carcassonne test: scenarios need the Lua binding\n");
  return 2;
}

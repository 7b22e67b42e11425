#include "check.h"
#include <stdlib.h>

int check_failures = 0;

carc_engine *check_base_engine(void) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) {
    fprintf(stderr, "cannot build the base engine: %s\n", e ? carc_engine_error(e) : "no memory");
    exit(1);
  }
  return e;
}

int check_done(const char *name) {
  if (check_failures) fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
  else printf("%s: all checks passed\n", name);
  return check_failures ? 1 : 0;
}

carc_game *check_scenario(carc_engine *e, int players) {
  carc_game_options o = {players, 1, 0, 1};
  carc_game *g = carc_game_new(e, &o);
  if (!g) {
    fprintf(stderr, "cannot create a scenario game: %s\n", carc_engine_error(e));
    exit(1);
  }
  return g;
}

int check_type(const carc_engine *e, const char *name) {
  int t = carc_tile_type_find(e, name);
  if (t < 0) {
    fprintf(stderr, "no tile type %s\n", name);
    exit(1);
  }
  return t;
}

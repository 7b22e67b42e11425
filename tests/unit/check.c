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

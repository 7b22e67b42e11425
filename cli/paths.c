/* paths.c - `carcassonne paths`: the folders searched for expansions and
 * maps, in order, where each comes from and whether it exists. */
#include "carcassonne.h"
#include "cli.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int cli_paths(int argc, char **argv) {
  if (argc > 0 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
    printf("usage: carcassonne paths\n"
           "Prints, in search order, the folders searched for expansions and rulesets\n"
           "(kind expansions) and maps (kind maps): CARCASSONNE_EXPANSIONS_PATH and\n"
           "CARCASSONNE_MAPS_PATH (':'-separated), then share/carcassonne/<kind> of the\n"
           "installation, found relative to the program. A ruleset's expansions are\n"
           "looked for in its own folder and its parent before these, and in expansions/\n"
           "beside it or its parent after them (docs/lua-api.md, section 6).\n");
    return 0;
  }
  if (argc > 0) {
    fprintf(stderr, "carcassonne paths: takes no arguments (try 'carcassonne paths --help')\n");
    return 2;
  }
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e) {
    fprintf(stderr, "carcassonne paths: out of memory\n");
    return 1;
  }
  static const char *const kinds[] = {"expansions", "maps"};
  int installed = 0;
  for (int k = 0; k < 2; k++) {
    printf("%s:\n", kinds[k]);
    char dir[4096];
    carc_path_origin origin;
    for (int i = 0; carc_engine_search_path(e, kinds[k], i, dir, sizeof dir, &origin) > 0; i++) {
      struct stat st;
      int there = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
      printf("  %-12s %s%s\n", carc_path_origin_name(origin), dir, there ? "" : "  (missing)");
      installed |= origin == CARC_PATH_INSTALL;
    }
  }
  if (installed) /* a build tree mirrors the installation's share/carcassonne */
    printf("install: share/carcassonne found from the program's own folder (an installation, or the\n"
           "build tree the program was built in)\n");
  printf("a ruleset's expansions: its folder and its parent first, then the expansions folders\n"
         "listed above (CARCASSONNE_EXPANSIONS_PATH's, then the install's), then expansions/ in\n"
         "its folder or its parent\n");
  carc_engine_free(e);
  return 0;
}

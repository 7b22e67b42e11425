/* test_paths.c - the data search path: explicit folder, then the
 * environment, then share/carcassonne/<kind> next to the program (the build
 * tree mirrors the installed layout); bad kinds and folders that do not
 * exist fail with a message and change nothing. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  char buf[4096];
  carc_path_origin origin = CARC_PATH_API;
  unsetenv("CARCASSONNE_EXPANSIONS_PATH");
  unsetenv("CARCASSONNE_MAPS_PATH");

  /* only the install folder: the build tree's share/carcassonne/expansions */
  CHECK(carc_engine_search_path(e, "expansions", 0, buf, sizeof buf, &origin) > 0);
  CHECK_INT(origin, CARC_PATH_INSTALL);
  CHECK_HAS(buf, "/share/carcassonne/expansions");
  CHECK_INT(carc_engine_search_path(e, "expansions", 1, buf, sizeof buf, NULL), 0);
  CHECK_INT(buf[0], 0);
  char install[4096];
  carc_engine_search_path(e, "expansions", 0, install, sizeof install, NULL);
  CHECK(carc_engine_find_data(e, "expansions", "default.lua", buf, sizeof buf) > 0);
  CHECK_HAS(buf, "share/carcassonne/expansions/default.lua");
  CHECK_INT(carc_engine_find_data(e, "expansions", "no_such_file.lua", buf, sizeof buf), 0);
  /* a ruleset: a file as given, a file in those folders, or a bare name + .lua */
  char by_name[4096];
  CHECK(carc_engine_find_ruleset(e, "default", by_name, sizeof by_name) > 0);
  CHECK_HAS(by_name, "share/carcassonne/expansions/default.lua");
  CHECK_INT(carc_engine_find_ruleset(e, "default.lua", buf, sizeof buf), strlen(by_name));
  CHECK_INT(carc_engine_find_ruleset(e, by_name, NULL, 0), strlen(by_name));
  CHECK_INT(carc_engine_find_ruleset(e, "no_such_ruleset", buf, sizeof buf), 0);
  CHECK_HAS(carc_engine_error(e), "ruleset 'no_such_ruleset' not found: no such file, and not in");
  CHECK_HAS(carc_engine_error(e), install);
  CHECK_INT(carc_engine_find_ruleset(e, "/tmp", buf, sizeof buf), 0);
  CHECK_HAS(carc_engine_error(e), "/tmp is a folder, not a ruleset file");
  /* snprintf style: the length needed, a cut copy */
  size_t need = carc_engine_search_path(e, "expansions", 0, NULL, 0, NULL);
  CHECK_INT(need, strlen(install));
  char small[8];
  CHECK_INT(carc_engine_search_path(e, "expansions", 0, small, sizeof small, NULL), strlen(install));
  CHECK_INT(strlen(small), 7);

  /* bad input: a clear error, nothing changed */
  CHECK_INT(carc_engine_set_search_path(e, "expansions", "/no/such/folder"), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "'/no/such/folder' is not a folder");
  CHECK_INT(carc_engine_set_search_path(e, "Bad Kind", "/tmp"), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "bad kind 'Bad Kind'");
  CHECK_INT(carc_engine_set_search_path(e, NULL, "/tmp"), CARC_ERR_ARGUMENT);
  carc_engine_search_path(e, "expansions", 0, buf, sizeof buf, &origin);
  CHECK_INT(origin, CARC_PATH_INSTALL);
  CHECK(strcmp(buf, install) == 0);
  CHECK_INT(carc_engine_search_path(e, "Bad", 0, buf, sizeof buf, NULL), 0);
  CHECK_INT(carc_engine_search_path(e, "expansions", -1, buf, sizeof buf, NULL), 0);

  /* a folder of our own with one file, set through the API and the environment */
  char dir[] = "/tmp/carc-paths-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char file[4200];
  snprintf(file, sizeof file, "%s/default.lua", dir);
  FILE *f = fopen(file, "w");
  CHECK(f != NULL);
  if (f) fclose(f);

  setenv("CARCASSONNE_EXPANSIONS_PATH", "/env/one::/env/two/", 1);
  CHECK_INT(carc_engine_set_search_path(e, "expansions", dir), CARC_OK);
  const char *want[] = {dir, "/env/one", "/env/two", install};
  const carc_path_origin from[] = {CARC_PATH_API, CARC_PATH_ENV, CARC_PATH_ENV, CARC_PATH_INSTALL};
  for (int i = 0; i < 4; i++) {
    CHECK_INT(carc_engine_search_path(e, "expansions", i, buf, sizeof buf, &origin), strlen(want[i]));
    CHECK(strcmp(buf, want[i]) == 0);
    CHECK_INT(origin, from[i]);
  }
  CHECK_INT(carc_engine_search_path(e, "expansions", 4, buf, sizeof buf, NULL), 0);
  CHECK(strcmp(carc_path_origin_name(CARC_PATH_ENV), "environment") == 0);
  /* the explicit folder wins */
  CHECK_INT(carc_engine_find_data(e, "expansions", "default.lua", buf, sizeof buf), strlen(file));
  CHECK(strcmp(buf, file) == 0);
  /* kinds are separate: maps see the install folder only */
  carc_engine_search_path(e, "maps", 0, buf, sizeof buf, &origin);
  CHECK_INT(origin, CARC_PATH_INSTALL);
  CHECK_HAS(buf, "/share/carcassonne/maps");
  /* clearing */
  CHECK_INT(carc_engine_set_search_path(e, "expansions", NULL), CARC_OK);
  carc_engine_search_path(e, "expansions", 0, buf, sizeof buf, &origin);
  CHECK_INT(origin, CARC_PATH_ENV);
  CHECK(strcmp(buf, "/env/one") == 0);
  unsetenv("CARCASSONNE_EXPANSIONS_PATH");

  remove(file);
  rmdir(dir);
  carc_engine_free(e);
  /* the library's version is the header's */
  CHECK_INT(carc_version_number(), CARC_VERSION_NUMBER);
  CHECK(strcmp(carc_version(), CARC_VERSION) == 0);
  return check_done("paths");
}

/* test_filter_names.c - a Lua hook's flag filter or a handler's attr filter
 * naming what the engine cannot intern (a name longer than CARC_MAX_NAME)
 * is refused when the expansion loads; it is never read as -1, "any",
 * which would run the hook every turn or the handler on every feature; nor
 * is a map's signal flag (x:map's signal), which would be no signal. */
#include "carc_lua.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

/* Loads `ruleset`, which must fail naming `what`; if it loads anyway, seed
 * 3 by the random bot must at least score as the base game does. */
static void check_refused(const char *ruleset, const char *what) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK(cl != NULL);
  carc_result r = carc_lua_load_ruleset(cl, ruleset);
  CHECK(r != CARC_OK);
  if (r != CARC_OK) CHECK_HAS(carc_lua_error(cl), what);
  else { /* loaded: at least it must not change the game */
    carc_engine *base = check_base_engine();
    carc_game_options o = {2, 3, 0, 0};
    carc_game *g = carc_game_new(e, &o), *h = carc_game_new(base, &o);
    CHECK_INT(carc_bot_play_game(g, CARC_BOT_RANDOM), CARC_OK);
    CHECK_INT(carc_bot_play_game(h, CARC_BOT_RANDOM), CARC_OK);
    for (int p = 0; p < 2; p++) CHECK_INT(carc_game_score(g, p), carc_game_score(h, p));
    carc_game_free(g);
    carc_game_free(h);
    carc_engine_free(base);
  }
  carc_lua_free(cl);
  carc_engine_free(e);
}

int main(void) {
  check_refused(CARC_SOURCE_DIR "/tests/lua_unit/rules/filter_names_rules.lua", "flag");
  check_refused(CARC_SOURCE_DIR "/tests/lua_unit/rules/filter_names_attr_rules.lua", "attr");
  check_refused(CARC_SOURCE_DIR "/tests/lua_unit/rules/filter_names_full_rules.lua", "flag");
  check_refused(CARC_SOURCE_DIR "/tests/lua_unit/rules/filter_names_map_rules.lua", "signal");
  return check_done("test_filter_names");
}

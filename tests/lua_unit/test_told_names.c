/* test_told_names.c - a placement hook is told the name of the tile type
 * asked about, also for a type defined after the ruleset loaded whose index
 * an earlier type had held: a placement refused by the hook takes back the
 * ad-hoc type carc_game_put_notation defined for it, and a type defined next
 * takes that index. The binding once kept the first name (and a batched
 * hook its verdicts) for the index. */
#include "carc_lua.h"
#include "check.h"
#include <string.h>

#define ROAD_CITY "city:N road:E,W field:El,Wr field:Er,S,Wl"

static void told(const char *ruleset) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK(cl != NULL);
  CHECK_INT(carc_lua_load_ruleset(cl, ruleset), CARC_OK);
  const int refuse = carc_var_find(e, "told.refuse"), types = carc_tile_type_count(e);
  carc_game_options o = {2, 1, 0, 1};
  carc_game *g = carc_game_new(e, &o);
  CHECK_INT(carc_game_set_var(g, refuse, 1), CARC_OK);
  CHECK(carc_game_put_notation(g, ROAD_CITY, -1, 0, 0) != CARC_OK); /* refused: its ad-hoc type goes */
  CHECK_HAS(carc_game_error(g), "told adhoc");
  CHECK_INT(carc_tile_type_count(e), types);
  carc_game_free(g);
  CHECK_INT(carc_tile_define(e, "omega", "Omega", 1, ROAD_CITY), CARC_OK);
  const int t = carc_tile_type_find(e, "Omega");
  CHECK_INT(t, types); /* the index the ad-hoc type had */
  for (int k = 0; k < 2; k++) { /* twice: a kept verdict would answer the second */
    g = carc_game_new(e, &o);
    CHECK_INT(carc_game_set_var(g, refuse, 1), CARC_OK);
    CHECK(carc_game_put_tile(g, t, -1, 0, 0) != CARC_OK);
    CHECK_HAS(carc_game_error(g), "told Omega");
    carc_game_free(g);
  }
  carc_lua_free(cl);
  carc_engine_free(e);
}

int main(void) {
  told(CARC_SOURCE_DIR "/tests/lua_unit/rules/told_names_one.lua");
  told(CARC_SOURCE_DIR "/tests/lua_unit/rules/told_names_batch.lua");
  return check_done("test_told_names");
}

/* test_tiles_only_earlier.c - an expansion one ruleset loaded for its tiles
 * only cannot be loaded whole by a later ruleset of the same engine, listed
 * or required: the later load fails with a message that says so (not one
 * asking to list it in expansions, which would not help), and the engine
 * keeps the first load. */
#include "carc_lua.h"
#include "check.h"

int main(void) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK(cl != NULL);
  CHECK_INT(carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/tests/lua_unit/rules/signposts_tiles.lua"), CARC_OK);
  const int types = carc_tile_type_count(e), handlers = carc_handler_count(e);
  CHECK_INT(carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/tests/lua_unit/rules/signposts_whole.lua"), CARC_ERR_SCRIPT);
  CHECK_HAS(carc_lua_error(cl), "signposts_whole.lua:2:");
  CHECK_HAS(carc_lua_error(cl), "expansion 'signposts' was loaded for its tiles only by an earlier ruleset");
  CHECK_INT(carc_tile_type_count(e), types);
  CHECK_INT(carc_handler_count(e), handlers);
  /* the same when another expansion's requires= asks for it whole */
  CHECK_INT(carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/tests/lua_unit/rules/needs_signposts_rules.lua"),
            CARC_ERR_SCRIPT);
  CHECK_HAS(carc_lua_error(cl), "expansion 'signposts' was loaded for its tiles only by an earlier ruleset");
  CHECK_INT(carc_tile_type_count(e), types);
  CHECK_INT(carc_handler_count(e), handlers);
  carc_lua_free(cl);
  carc_engine_free(e);
  return check_done("test_tiles_only_earlier");
}

/* Fuzz target: a ruleset file (Lua, sandboxed, with its memory cap and
 * instruction budget). A ruleset that loads must play a whole game. */
#include "carc_lua.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[512];
  if (!fuzz_file(data, size, ".lua", path, sizeof path)) return 0;
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) abort();
  carc_lua *cl = carc_lua_new(e, 16u << 20);
  if (cl) {
    carc_lua_set_budget(cl, 200000);
    if (carc_lua_load_ruleset(cl, path) == CARC_OK) {
      carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
      if (g) carc_bot_play_game(g, CARC_BOT_RANDOM);
      carc_game_free(g);
    }
    carc_lua_free(cl);
  }
  carc_engine_free(e);
  unlink(path);
  return 0;
}

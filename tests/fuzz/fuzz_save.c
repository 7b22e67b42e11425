/* Fuzz target: loading a saved game. A save that loads must save again to
 * the same text and play on to the end. */
#include "carcassonne.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *json = fuzz_text(data, size);
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!json || !e || carc_tiles_load_base(e) != CARC_OK) abort();
  char err[256];
  carc_game *g = carc_game_load(e, json, err, sizeof err);
  if (g) {
    size_t n = carc_game_save(g, NULL, 0);
    char *a = malloc(n + 1), *b = malloc(n + 1);
    if (!a || !b) abort();
    carc_game_save(g, a, n + 1);
    carc_game *again = carc_game_load(e, a, err, sizeof err);
    if (!again) abort(); /* a save the engine wrote must load */
    carc_game_save(again, b, n + 1);
    if (memcmp(a, b, n)) abort(); /* and save to the same text */
    carc_bot_play_game(again, CARC_BOT_RANDOM);
    carc_game_free(again);
    free(a);
    free(b);
    carc_game_free(g);
  }
  carc_engine_free(e);
  free(json);
  return 0;
}

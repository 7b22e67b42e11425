/* Fuzz target: tile data (one type per line) and, for its first line, the
 * tile notation alone. Tiles that load must play a game. */
#include "carcassonne.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!text || !e || carc_tiles_load_base(e) != CARC_OK) abort();
  char *nl = strchr(text, '\n');
  if (nl) *nl = '\0';
  carc_tile_define(e, "fuzz1", "FUZZ_NOTATION", 1, text); /* the first line as notation */
  if (nl) *nl = '\n';
  if (carc_tiles_load(e, "fuzz", text, "fuzz.tiles") == CARC_OK) {
    carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
    if (g) carc_bot_play_game(g, CARC_BOT_RANDOM);
    carc_game_free(g);
  }
  carc_engine_free(e);
  free(text);
  return 0;
}

/* Fuzz target: the map text. A map that loads must play a whole game. */
#include "carcassonne.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!text || !e || carc_tiles_load_base(e) != CARC_OK) abort();
  const char *texts[1] = {text}, *origins[1] = {"fuzz.map"};
  if (carc_engine_set_map(e, 1, texts, origins) == CARC_OK) {
    carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
    if (g) carc_bot_play_game(g, CARC_BOT_RANDOM);
    carc_game_free(g);
  }
  carc_engine_free(e);
  free(text);
  return 0;
}

/* ruleset.c - loads a Lua ruleset into an engine, plays one seeded game with
 * the greedy bot and prints the final scores and every scoring's breakdown.
 *
 *   example_ruleset [RULESET]
 *
 * Without an argument it loads default.lua (the five expansions in scope) from the
 * engine's search path for "expansions": CARCASSONNE_EXPANSIONS_PATH, then
 * share/carcassonne/expansions of the installation. */
#include "carc_lua.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) return 1;
  char path[4096];
  const char *rules = argc > 1 ? argv[1] : NULL;
  if (!rules) {
    if (!carc_engine_find_data(e, "expansions", "default.lua", path, sizeof path)) {
      fprintf(stderr, "default.lua not found; searched the folders below. Set CARCASSONNE_EXPANSIONS_PATH to "
                      "PREFIX/share/carcassonne/expansions, or put this program in PREFIX/bin:\n");
      for (int i = 0; carc_engine_search_path(e, "expansions", i, path, sizeof path, NULL); i++)
        fprintf(stderr, "  %s\n", path);
      return 1;
    }
    rules = path;
  }
  carc_lua *cl = carc_lua_new(e, 0);
  if (!cl) return 1;
  if (carc_lua_load_ruleset(cl, rules) != CARC_OK) {
    fprintf(stderr, "%s\n", carc_lua_error(cl));
    return 1;
  }
  printf("ruleset %s: %d handlers\n", rules, carc_handler_count(e));
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 7});
  if (!g || carc_bot_play_game(g, CARC_BOT_GREEDY) != CARC_OK) {
    fprintf(stderr, "%s\n", g ? carc_game_error(g) : carc_engine_error(e));
    return 1;
  }
  int n = carc_game_scorings(g);
  for (int i = 0; i < n; i++) {
    size_t len = carc_game_describe_scoring(g, i, NULL, 0);
    char *text = malloc(len + 1);
    if (!text) return 1;
    carc_game_describe_scoring(g, i, text, len + 1);
    fputs(text, stdout);
    free(text);
  }
  printf("%d scorings; final scores: %s %d, %s %d\n", n, carc_player_name(0), carc_game_score(g, 0),
         carc_player_name(1), carc_game_score(g, 1));
  carc_game_free(g);
  carc_lua_free(cl);
  carc_engine_free(e);
  return n > 0 ? 0 : 1;
}

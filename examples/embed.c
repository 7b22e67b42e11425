/* embed.c - embedding the Carcassonne engine in a C program.
 *
 * Builds an engine with the base tiles, adds a house rule as a C scoring
 * handler, plays one seeded two-player game with the greedy bot, prints the
 * scores and the first scoring's breakdown, then saves the game as JSON,
 * loads it back and checks that the loaded game saves to the same text.
 * Exit status 0 only if everything worked and the two saves are identical. */
#include "carcassonne.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* House rule: a completed road of four tiles or more is worth 2 points more.
 * The filter (roads, completed) is checked by the engine in C, so the
 * handler only runs for completed roads. Priority 450 puts it in the
 * feature band, after base.total (400) has computed the road's value. */
static carc_result long_road_bonus(carc_score_ctx *ctx, void *ud) {
  (void)ud;
  if (carc_ctx_get(ctx, CARC_F_COUNT) < 4) return CARC_OK;
  return carc_ctx_set(ctx, CARC_F_TOTAL, carc_ctx_get(ctx, CARC_F_TOTAL) + 2);
}

/* Runs a text-writing call twice: once to size the buffer, once to fill it. */
static char *save_json(const carc_game *g) {
  size_t n = carc_game_save(g, NULL, 0);
  char *buf = malloc(n + 1);
  if (buf) carc_game_save(g, buf, n + 1);
  return buf;
}

int main(void) {
  printf("carcassonne engine %s\n", carc_version());
  carc_engine *e = carc_engine_new(NULL, NULL); /* NULL: malloc/realloc/free */
  if (!e) return 1;
  if (carc_tiles_load_base(e) != CARC_OK) {
    fprintf(stderr, "base tiles: %s\n", carc_engine_error(e));
    return 1;
  }

  carc_filter f;
  carc_filter_init(&f);
  f.kinds = 1u << CARC_ROAD;
  f.reasons = CARC_COMPLETED;
  if (carc_handler_add(e, "house.long_road_bonus", 450, &f, long_road_bonus, NULL) != CARC_OK) {
    fprintf(stderr, "handler: %s\n", carc_engine_error(e));
    return 1;
  }

  carc_game_options opt = {2, 2024, 0, 0}; /* players, seed, followers (0: 7), no_bag */
  carc_game *g = carc_game_new(e, &opt);
  if (!g) {
    fprintf(stderr, "new game: %s\n", carc_engine_error(e));
    return 1;
  }
  if (carc_bot_play_game(g, CARC_BOT_GREEDY) != CARC_OK) {
    fprintf(stderr, "play: %s\n", carc_game_error(g));
    return 1;
  }
  /* the breakdowns name every handler that changed a number */
  int fired = 0;
  for (int i = 0; i < carc_game_scorings(g); i++) {
    carc_scoring_info info;
    carc_game_scoring(g, i, &info);
    for (int j = 0; j < info.changes; j++) {
      carc_change c;
      if (carc_game_scoring_change(g, i, j, &c) == CARC_OK &&
          strcmp(c.handler, "house.long_road_bonus") == 0)
        fired++;
    }
  }
  printf("seed %llu, %d turns, %d scorings, house rule applied %d times\n",
         (unsigned long long)carc_game_seed(g), carc_game_turn(g), carc_game_scorings(g), fired);
  for (int p = 0; p < carc_game_players(g); p++)
    printf("  %-6s %3d\n", carc_player_name(p), carc_game_score(g, p));

  if (carc_game_scorings(g) > 0) {
    char text[4096];
    carc_game_describe_scoring(g, 0, text, sizeof text);
    printf("first scoring:\n%s", text);
  }

  char *one = save_json(g);
  if (!one) return 1;
  char err[512];
  carc_game *h = carc_game_load(e, one, err, sizeof err);
  if (!h) {
    fprintf(stderr, "load: %s\n", err);
    free(one);
    return 1;
  }
  char *two = save_json(h);
  int same = two && strcmp(one, two) == 0;
  printf("saved %zu bytes of JSON; reloaded game saves %s\n", strlen(one),
         same ? "identically" : "DIFFERENTLY");

  free(one);
  free(two);
  carc_game_free(h);
  carc_game_free(g);
  carc_engine_free(e); /* the engine outlives its games */
  return same ? 0 : 1;
}

/* test_ahead.c - the random bot's placement found when its tile is drawn
 * (placement_ahead, g->ahead):
 *  - a game that uses it and one made to search afresh every turn play the
 *    same placements, generator states and scores, turn by turn, also when
 *    the generator moves between the draw and the bot (carc_game_random),
 *    when a game is copied or saved and loaded mid-play;
 *  - most turns do use it (it is not dead code), and some picks come from
 *    the count after the rejection draws all missed;
 *  - a placement by hand clears it, and a found placement fits the board;
 *  - a game the random bot never played searches nothing ahead. */
#include "check.h"
#include "internal.h"
#include <stdlib.h>

/* The last placed tile's square and rotation, as one number. */
static long last_placement(const carc_game *g) {
  const board_tile *bt = &g->tiles[g->ntiles - 1];
  return ((long)bt->x * 100000 + bt->y) * 4 + bt->rot;
}

static bool ahead_holds(const carc_game *g) {
  return g->phase == CARC_PHASE_PLACE && g->ahead.valid && g->ahead.rng_from == g->s.rng &&
         g->ahead.drawn == g->drawn;
}

/* Replaces *g by a game loaded from its save (the look-ahead is not saved). */
static void save_and_load(carc_engine *e, carc_game **g) {
  size_t n = carc_game_save(*g, NULL, 0);
  char *buf = malloc(n + 1);
  CHECK(buf != NULL);
  if (!buf) return;
  carc_game_save(*g, buf, n + 1);
  char err[256];
  carc_game *loaded = carc_game_load(e, buf, err, sizeof err);
  free(buf);
  CHECK(loaded != NULL);
  if (!loaded) return;
  CHECK(!ahead_holds(loaded));
  carc_game_free(*g);
  *g = loaded;
}

static void same_games_with_and_without(carc_engine *e) {
  long turns = 0, used = 0, continued = 0;
  for (int seed = 1; seed <= 100 && !check_failures; seed++) {
    carc_game_options o = {2 + seed % 4, (uint64_t)seed, 0, 0};
    carc_game *with = carc_game_new(e, &o), *fresh = carc_game_new(e, &o), *spare = carc_game_new(e, &o);
    CHECK(with && fresh && spare);
    if (!with || !fresh || !spare) return;
    for (int turn = 0; carc_game_phase(with) != CARC_PHASE_OVER && !check_failures; turn++) {
      if (turn % 7 == 3) { /* the generator moves after the draw: the found pick no longer holds */
        CHECK_INT(carc_game_random(with, 10), carc_game_random(fresh, 10));
      }
      if (turn % 5 == 2) { /* a copy carries the pick with the board it was found on */
        CHECK_INT(carc_game_copy(spare, with), CARC_OK);
        carc_game *t = with;
        with = spare;
        spare = t;
      }
      if (turn % 23 == 11) save_and_load(e, &with);
      bool holds = ahead_holds(with);
      used += holds;
      continued += holds && with->ahead.counted;
      if (holds && with->ahead.pos >= 0) { /* the found pair fits the board */
        const fr_square *sq = &with->fsq[with->ahead.pos];
        CHECK(board_fits(with, with->drawn, sq->x, sq->y, with->ahead.rot));
      }
      fresh->ahead.valid = 0; /* this one searches afresh */
      CHECK_INT(carc_bot_play_turn(with, CARC_BOT_RANDOM), CARC_OK);
      CHECK_INT(carc_bot_play_turn(fresh, CARC_BOT_RANDOM), CARC_OK);
      CHECK_INT(with->ntiles, fresh->ntiles);
      if (with->ntiles == fresh->ntiles) CHECK_INT(last_placement(with), last_placement(fresh));
      CHECK(with->s.rng == fresh->s.rng);
      for (int p = 0; p < o.players; p++) CHECK_INT(carc_game_score(with, p), carc_game_score(fresh, p));
      turns++;
    }
    CHECK_INT(carc_game_phase(fresh), CARC_PHASE_OVER);
    carc_game_free(with);
    carc_game_free(fresh);
    carc_game_free(spare);
  }
  CHECK(turns > 100 * 70);
  CHECK(used > turns * 3 / 4); /* every turn but those after a move of the generator or a load */
  CHECK(continued > 0);
}

static void cleared_by_a_placement(carc_engine *e) {
  carc_game_options o = {2, 9, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  if (!g) return;
  CHECK(!ahead_holds(g)); /* the bot has not played this game yet */
  for (int i = 0; i < 5; i++) CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK(ahead_holds(g));
  carc_placement_option opts[64];
  int n = carc_game_placements(g, opts, 64);
  CHECK(n > 0);
  if (n > 0) {
    CHECK_INT(carc_game_place(g, opts[n - 1].x, opts[n - 1].y, opts[n - 1].rotation), CARC_OK);
    CHECK_INT(g->ahead.valid, 0);
  }
  carc_game_free(g);
}

int main(void) {
  carc_engine *e = check_base_engine();
  same_games_with_and_without(e);
  cleared_by_a_placement(e);
  carc_engine_free(e);
  return check_done("test_ahead");
}

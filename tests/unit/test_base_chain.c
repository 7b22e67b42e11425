/* test_base_chain.c - the base game's four scoring handlers run as one call
 * (base_chain_run) when no other handler applies and no records are kept:
 *  - games played with records (each handler runs) and without (the one
 *    call) give the same scores after every turn, over many seeds and with
 *    2 to 5 players;
 *  - a total out of range leaves the context as it was, for the handlers
 *    themselves to fail with their message;
 *  - moving or disabling a base handler, or a handler of another kind that
 *    applies, turns the one call off. */
#include "check.h"
#include "internal.h"

static void same_scores_with_and_without_records(carc_engine *e) {
  int compared = 0;
  for (int seed = 1; seed <= 120; seed++) {
    carc_game_options o = {2 + seed % 4, (uint64_t)seed, 0, 0};
    carc_game *with = carc_game_new(e, &o), *without = carc_game_new(e, &o);
    CHECK(with && without);
    if (!with || !without) return;
    carc_game_keep_records(with, 1);
    carc_game_keep_records(without, 0);
    while (carc_game_phase(with) != CARC_PHASE_OVER) {
      CHECK_INT(carc_bot_play_turn(with, CARC_BOT_RANDOM), CARC_OK);
      CHECK_INT(carc_bot_play_turn(without, CARC_BOT_RANDOM), CARC_OK);
      for (int p = 0; p < o.players; p++) CHECK_INT(carc_game_score(without, p), carc_game_score(with, p));
      compared++;
      if (check_failures) break;
    }
    CHECK_INT(carc_game_phase(without), CARC_PHASE_OVER);
    carc_game_free(with);
    carc_game_free(without);
  }
  CHECK(compared > 120 * 70);
}

static void out_of_range_changes_nothing(void) {
  carc_score_ctx c;
  memset(&c, 0, sizeof c);
  c.kind = CARC_CITY;
  c.reason = CARC_COMPLETED;
  c.players = 2;
  c.strength[0] = 1;
  c.v[CARC_F_COUNT] = CARC_MAX_SCORE; /* 2 points a tile: past the bound */
  c.v[CARC_F_TOTAL] = 7;
  c.award[1] = 3;
  CHECK(!base_chain_run(&c));
  CHECK_INT(c.v[CARC_F_TOTAL], 7);
  CHECK_INT(c.v[CARC_F_UNIT_RATE], 0);
  CHECK_INT(c.scores[0], 0);
  CHECK_INT(c.award[1], 3);
  c.v[CARC_F_COUNT] = 3;
  c.v[CARC_F_SYMBOLS] = 1;
  CHECK(base_chain_run(&c));
  CHECK_INT(c.v[CARC_F_TOTAL], 8); /* 3 tiles x 2 + 1 coat of arms x 2 */
  CHECK_INT(c.scores[0], 1);
  CHECK_INT(c.scores[1], 0);
  CHECK_INT(c.award[0], 8);
  CHECK_INT(c.award[1], 3); /* a player who does not score keeps what the award held */
}

static carc_result noop(carc_score_ctx *c, void *ud) {
  (void)c;
  (void)ud;
  return CARC_OK;
}

static void order_and_others(carc_engine *e) {
  CHECK_INT(e->base_chain[CARC_ROAD][0], 1);
  CHECK_INT(e->base_chain[CARC_FIELD][1], 1);
  CHECK_INT(carc_handler_move(e, "base.total", 250), CARC_OK); /* before the rates */
  CHECK_INT(e->base_chain[CARC_ROAD][0], 0);
  CHECK_INT(carc_handler_move(e, "base.total", 400), CARC_OK);
  CHECK_INT(e->base_chain[CARC_ROAD][0], 1);
  CHECK_INT(carc_handler_enable(e, "base.award", 0), CARC_OK);
  CHECK_INT(e->base_chain[CARC_CITY][1], 0);
  CHECK_INT(carc_handler_enable(e, "base.award", 1), CARC_OK);
  CHECK_INT(e->base_chain[CARC_CITY][1], 1);
  /* a handler for roads: roads take the handlers one by one, cities still the one call */
  carc_filter roads;
  carc_filter_init(&roads);
  roads.kinds = 1u << CARC_ROAD;
  CHECK_INT(carc_handler_add(e, "test.noop", 450, &roads, noop, NULL), CARC_OK);
  CHECK_INT(e->base_chain[CARC_ROAD][0], 1); /* still in order, with another beside them */
  CHECK(e->base_rest[CARC_ROAD][0][0] || e->base_rest[CARC_ROAD][0][1]);
  CHECK(!e->base_rest[CARC_CITY][0][0] && !e->base_rest[CARC_CITY][0][1]);
}

int main(void) {
  carc_engine *e = check_base_engine();
  same_scores_with_and_without_records(e);
  out_of_range_changes_nothing();
  order_and_others(e);
  carc_engine_free(e);
  return check_done("test_base_chain");
}

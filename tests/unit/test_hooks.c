/* test_hooks.c - hooks and handlers through the C API: a filter's ids are
 * checked when a hook or handler is added (they index bit sets), and a hook
 * that waits on a game flag runs on exactly the turns the flag is on, though
 * the engine skips its point without looking at it while the flag is off,
 * even when a feature hook turns the flag on in the turn it ends. The
 * greedy bot weighs moves that hooks make worth hundreds of millions. */
#include "check.h"

static carc_result count_hook(const carc_hook_args *a, void *ud) {
  (void)a;
  ++*(int *)ud;
  return CARC_OK;
}

static carc_result noop_handler(carc_score_ctx *c, void *ud) {
  (void)c;
  (void)ud;
  return CARC_OK;
}

static void test_filter_ranges(void) {
  carc_engine *e = check_base_engine();
  int handlers = carc_handler_count(e);
  carc_filter f;
  carc_filter_init(&f);
  f.flag = 64;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.flag", 100, &f, count_hook, NULL), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "'t.flag': filter flag is out of range");
  CHECK_INT(carc_hook_count(e, CARC_HOOK_TURN_END), 0);
  carc_filter_init(&f);
  f.attr = 64;
  CHECK_INT(carc_handler_add(e, "t.attr", 350, &f, noop_handler, NULL), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "filter attr");
  carc_filter_init(&f);
  f.tile_attr = -2;
  CHECK_INT(carc_handler_add(e, "t.tile_attr", 350, &f, noop_handler, NULL), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "filter tile_attr");
  carc_filter_init(&f);
  f.figure = 32;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_FEATURE_SCORED, "t.figure", 100, &f, count_hook, NULL), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "filter figure");
  CHECK_INT(carc_handler_count(e), handlers);
  carc_filter_init(&f);
  f.flag = 63; /* the last flag is in range */
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.last", 100, &f, count_hook, NULL), CARC_OK);
  carc_engine_free(e);
}

/* Plays `turns` turns with the random bot; returns how many it played. */
static int play(carc_game *g, int turns) {
  int n = 0;
  while (n < turns && carc_game_phase(g) == CARC_PHASE_PLACE && carc_bot_play_turn(g, CARC_BOT_RANDOM) == CARC_OK) n++;
  return n;
}

static void test_flag_gated_hook(void) {
  carc_engine *e = check_base_engine();
  int gate = carc_flag_id(e, "t.gate");
  CHECK(gate >= 0);
  carc_filter f;
  carc_filter_init(&f);
  f.flag = gate;
  int gated = 0, always = 0;
  CHECK(carc_hook_add(e, CARC_HOOK_TURN_END, "t.gated", 100, &f, count_hook, &gated) == CARC_OK);
  carc_game_options o = {2, 11, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK_INT(play(g, 10), 10);
  CHECK_INT(gated, 0);
  CHECK(carc_game_set_flag(g, gate, 1) == CARC_OK);
  CHECK_INT(play(g, 5), 5);
  CHECK_INT(gated, 5);
  CHECK(carc_game_set_flag(g, gate, 0) == CARC_OK);
  CHECK_INT(play(g, 3), 3);
  CHECK_INT(gated, 5);
  carc_game_free(g);
  /* a hook without a flag at the same point: the point runs every turn, the
   * gated hook still only with its flag on */
  CHECK(carc_hook_add(e, CARC_HOOK_TURN_END, "t.always", 200, NULL, count_hook, &always) == CARC_OK);
  g = carc_game_new(e, &o);
  CHECK_INT(play(g, 4), 4);
  CHECK_INT(always, 4);
  CHECK_INT(gated, 5);
  CHECK(carc_game_set_flag(g, gate, 1) == CARC_OK);
  CHECK_INT(play(g, 2), 2);
  CHECK_INT(always, 6);
  CHECK_INT(gated, 7);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A hook that waits on nothing, added after a gated one that it sorts
 * before (a lower priority number): it still runs every turn, whichever
 * order they come in. The engine once read the gated hook's filter for it
 * (the sort had moved that one into the new hook's slot), so a ruleset
 * listing `maps` before `land_surveyors` never turned the stacks. */
static void test_hook_added_before_a_gated_one(void) {
  for (int order = 0; order < 2; order++) {
    carc_engine *e = check_base_engine();
    int gate = carc_flag_id(e, "t.gate");
    carc_filter f;
    carc_filter_init(&f);
    f.flag = gate;
    int gated = 0, always = 0;
    for (int k = 0; k < 2; k++) {
      if (k == order) CHECK(carc_hook_add(e, CARC_HOOK_TURN_END, "t.gated", 300, &f, count_hook, &gated) == CARC_OK);
      else CHECK(carc_hook_add(e, CARC_HOOK_TURN_END, "t.always", 50, NULL, count_hook, &always) == CARC_OK);
    }
    carc_game_options o = {2, 5, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    CHECK_INT(play(g, 6), 6);
    CHECK_INT(always, 6);
    CHECK_INT(gated, 0);
    carc_game_free(g);
    carc_engine_free(e);
  }
}

/* Turns on which a road was scored, seen from the feature-scored hook. */
typedef struct road_turns {
  int last, turns;
} road_turns;
static carc_result note_road_turn(const carc_hook_args *a, void *ud) {
  road_turns *rt = ud;
  int turn = carc_game_turn(a->game);
  if (turn != rt->last) rt->turns++;
  rt->last = turn;
  return CARC_OK;
}

/* A turn-end hook that waits on a kind runs on exactly the turns that scored
 * that kind (the engine skips the point on the others without a call). */
static void test_kind_gated_turn_end(void) {
  carc_engine *e = check_base_engine();
  carc_filter roads;
  carc_filter_init(&roads);
  roads.kinds = 1u << CARC_ROAD;
  road_turns seen = {-1, 0};
  int gated = 0;
  CHECK(carc_hook_add(e, CARC_HOOK_FEATURE_SCORED, "t.roads", 100, &roads, note_road_turn, &seen) == CARC_OK);
  CHECK(carc_hook_add(e, CARC_HOOK_TURN_END, "t.after_roads", 100, &roads, count_hook, &gated) == CARC_OK);
  for (uint64_t seed = 1; seed <= 30; seed++) { /* a road scores about once a game */
    carc_game_options o = {3, seed, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    CHECK(carc_bot_play_game(g, CARC_BOT_RANDOM) == CARC_OK);
    carc_game_free(g);
    seen.last = -1;
  }
  CHECK(seen.turns >= 15);
  CHECK_INT(gated, seen.turns);
  carc_engine_free(e);
}

/* A feature-completed hook that turns the gate flag on (and notes its turn);
 * the gated turn-end hook counts and turns it off. */
typedef struct gate_turns {
  int flag, last, turns, ended;
} gate_turns;
static carc_result open_gate(const carc_hook_args *a, void *ud) {
  gate_turns *gt = ud;
  int turn = carc_game_turn(a->game);
  if (turn != gt->last) gt->turns++;
  gt->last = turn;
  return carc_game_set_flag(a->game, gt->flag, 1);
}
static carc_result close_gate(const carc_hook_args *a, void *ud) {
  gate_turns *gt = ud;
  gt->ended++;
  return carc_game_set_flag(a->game, gt->flag, 0);
}

/* The turn's end reads the flags after the feature hooks: a completion
 * (empty features included, which score nothing) that turns the flag on
 * runs the gated turn-end hook in that same turn, and only then. */
static void test_flag_set_by_feature_hook(void) {
  carc_engine *e = check_base_engine();
  gate_turns gt = {carc_flag_id(e, "t.gate"), -1, 0, 0};
  CHECK(gt.flag >= 0);
  carc_filter f;
  carc_filter_init(&f);
  f.flag = gt.flag;
  CHECK(carc_hook_add(e, CARC_HOOK_FEATURE_COMPLETED, "t.open", 100, NULL, open_gate, &gt) == CARC_OK);
  CHECK(carc_hook_add(e, CARC_HOOK_TURN_END, "t.close", 100, &f, close_gate, &gt) == CARC_OK);
  for (uint64_t seed = 1; seed <= 10; seed++) {
    carc_game_options o = {2, seed, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    CHECK(carc_bot_play_game(g, CARC_BOT_RANDOM) == CARC_OK);
    carc_game_free(g);
    gt.last = -1;
  }
  CHECK(gt.turns >= 50); /* about seven a base game */
  CHECK_INT(gt.ended, gt.turns);
  carc_engine_free(e);
}

/* On turn `turn`, a hook at `point` gives `points` to the active player
 * (mine) or to each other player. */
typedef struct jackpot {
  carc_hook_point point;
  int turn, points, mine;
} jackpot;
static carc_result give_jackpot(const carc_hook_args *a, void *ud) {
  const jackpot *j = ud;
  if (carc_game_turn(a->game) != j->turn) return CARC_OK;
  for (int p = 0; p < carc_game_players(a->game); p++)
    if ((p == a->player) == (j->mine != 0)) {
      carc_result r = carc_game_add_score(a->game, p, j->points);
      if (r != CARC_OK) return r;
    }
  return CARC_OK;
}

/* The greedy bot scores each trial move by the points it gains over the best
 * opponent, times four: a placement that gains 600,000,000 (scores go to
 * 10^9) overflowed 32 bits (UBSan stops there), and a turn whose every
 * action (each ends the turn, when the hook gives the opponent 300,000,000)
 * loses more than 250,000 points left it with "no playable action". Both
 * games now play to the end. */
static void test_greedy_large_gains(void) {
  const jackpot cases[2] = {{CARC_HOOK_TILE_PLACED, 2, 600000000, 1}, {CARC_HOOK_TURN_END, 3, 300000000, 0}};
  for (int k = 0; k < 2; k++) {
    carc_engine *e = check_base_engine();
    jackpot j = cases[k];
    CHECK(carc_hook_add(e, j.point, "t.jackpot", 100, NULL, give_jackpot, &j) == CARC_OK);
    carc_game_options o = {2, 5, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    CHECK(g != NULL);
    CHECK_INT(carc_bot_play_game(g, CARC_BOT_GREEDY), CARC_OK);
    CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
    /* turns count from 0: turn 2 is player 0's, turn 3 player 1's (whose
     * opponent gains): player 0 gets the points either way */
    CHECK(carc_game_score(g, 0) >= j.points && carc_game_score(g, 0) < j.points + 1000);
    CHECK(carc_game_score(g, 1) >= 0 && carc_game_score(g, 1) < 1000);
    carc_game_free(g);
    carc_engine_free(e);
  }
}

int main(void) {
  test_filter_ranges();
  test_flag_gated_hook();
  test_hook_added_before_a_gated_one();
  test_kind_gated_turn_end();
  test_flag_set_by_feature_hook();
  test_greedy_large_gains();
  return check_done("test_hooks");
}

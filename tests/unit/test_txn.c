/* test_txn.c - transactions through the C API: a failed call leaves the save
 * text byte-identical and the engine unchanged; handlers and placement hooks
 * see a read-only game; bounds and integer ranges hold. One test per defect
 * class (see docs/design.md, "Transactions"). */
#include "check.h"
#include "internal.h"
#include <stdlib.h>
#include <string.h>

#define CHECK_SAME_SAVE(g, before)                                   \
  do {                                                               \
    char *after_ = check_save_text(g);                                     \
    CHECK(strcmp(after_, before) == 0);                              \
    free(after_);                                                    \
  } while (0)

static int seg_of_kind(const carc_engine *e, int type, int kind) {
  for (int s = 0; s < carc_tile_type_segments(e, type); s++)
    if (carc_segment_kind(e, type, s) == kind) return s;
  return -1;
}

/* ---- class 4: handlers see a read-only game */
static carc_result greedy_handler(carc_score_ctx *c, void *ud) {
  int *seen = ud;
  carc_game *g = carc_ctx_game(c);
  seen[0] = carc_game_add_score(g, 0, 100);
  seen[1] = carc_game_set_var(g, 0, 5);
  seen[2] = carc_game_read_only(g);
  seen[3] = carc_game_place(g, 0, 1, 0);
  return CARC_OK;
}

static void test_handlers_read_only(void) {
  carc_engine *e = check_base_engine();
  CHECK(carc_var_id(e, "v") == 0);
  int seen[4] = {-1, -1, -1, -1};
  CHECK(carc_handler_add(e, "t.greedy", 350, NULL, greedy_handler, seen) == CARC_OK);
  carc_game *g = check_scenario(e, 2);
  CHECK(carc_game_put_figure(g, 0, 0, 0, seg_of_kind(e, check_type(e, "D"), CARC_CITY)) == CARC_OK);
  CHECK(carc_game_put_tile(g, check_type(e, "E"), 0, -1, 2) == CARC_OK);
  CHECK(carc_game_end_turn(g) == CARC_OK); /* the city D-E completes: the handler runs */
  CHECK_INT(seen[0], CARC_ERR_STATE);
  CHECK_INT(seen[1], CARC_ERR_STATE);
  CHECK_INT(seen[2], 1);
  CHECK_INT(seen[3], CARC_ERR_STATE);
  CHECK_INT(carc_game_var(g, 0), 0);
  CHECK_INT(carc_game_read_only(g), 0);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ---- class 5: placement hooks are predicates; a query changes nothing */
static carc_result sneaky_placement(const carc_hook_args *a, void *ud) {
  int *calls = ud;
  (*calls)++;
  if (carc_game_add_score(a->game, 0, 1) == CARC_OK) return CARC_OK; /* must not succeed */
  return a->x == 1 && a->y == 0 ? CARC_ERR_ILLEGAL : CARC_OK;
}

static void test_placement_hooks_predicates(void) {
  carc_engine *e = check_base_engine();
  int calls = 0;
  CHECK(carc_hook_add(e, CARC_HOOK_PLACEMENT, "t.sneaky", 100, NULL, sneaky_placement, &calls) == CARC_OK);
  carc_game_options o = {2, 9, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  char *before = check_save_text(g);
  carc_placement_option opt[64];
  int n = carc_game_placements(g, opt, 64);
  CHECK(n > 0);
  CHECK(calls > 0);
  CHECK_INT(carc_game_score(g, 0), 0);
  CHECK_SAME_SAVE(g, before);
  CHECK(carc_game_place(g, 1, 0, 0) != CARC_OK); /* refused: by the hook or the edges */
  CHECK_INT(carc_game_score(g, 0), 0);
  CHECK_SAME_SAVE(g, before);
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ---- class 8: a failed reset leaves the game as it was */
static carc_result setup_fails_later(const carc_hook_args *a, void *ud) {
  int *n = ud;
  carc_game_add_score(a->game, 1, 7);
  carc_game_random(a->game, 10);
  return ++*n > 1 ? CARC_ERR_SCRIPT : CARC_OK;
}

static void test_failed_reset(void) {
  carc_engine *e = check_base_engine();
  int n = 0;
  CHECK(carc_hook_add(e, CARC_HOOK_SETUP, "t.setup", 100, NULL, setup_fails_later, &n) == CARC_OK);
  carc_game_options o = {3, 5, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  for (int i = 0; i < 4; i++) CHECK(carc_bot_play_turn(g, CARC_BOT_RANDOM) == CARC_OK);
  char *before = check_save_text(g);
  CHECK(carc_game_reset(g, 77) == CARC_ERR_SCRIPT);
  CHECK_HAS(carc_game_error(g), "t.setup");
  CHECK_SAME_SAVE(g, before);
  CHECK(carc_bot_play_turn(g, CARC_BOT_RANDOM) == CARC_OK);
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A turn-end hook that draws from the game's generator, then fails: the
 * draws are undone with the rest (the transaction keeps the generator's
 * state at its begin; no copy of the board is taken for this hook point).
 * With `write`, it sets a variable after its draws, so the copy of the
 * small state the setter takes already holds the moved generator. */
typedef struct draws_hook {
  int write;
  int draws[3];
} draws_hook;

static carc_result draws_then_fails(const carc_hook_args *a, void *ud) {
  draws_hook *h = ud;
  for (int i = 0; i < 3; i++) h->draws[i] = carc_game_random(a->game, 1000);
  if (h->write && carc_game_set_var(a->game, 0, 9) != CARC_OK) return CARC_ERR_STATE;
  return CARC_ERR_SCRIPT;
}

static void failed_turn_end_draws(int write) {
  carc_engine *e = check_base_engine();
  CHECK(carc_var_id(e, "v") == 0);
  draws_hook h = {write, {-1, -1, -1}};
  CHECK(carc_hook_add(e, CARC_HOOK_TURN_END, "t.draws", 100, NULL, draws_then_fails, &h) == CARC_OK);
  carc_game *g = check_scenario(e, 2);
  CHECK(carc_game_put_tile(g, check_type(e, "E"), 0, -1, 2) == CARC_OK);
  char *before = check_save_text(g);
  CHECK(carc_game_end_turn(g) == CARC_ERR_SCRIPT);
  CHECK_HAS(carc_game_error(g), "t.draws");
  CHECK(h.draws[0] >= 0 && h.draws[1] >= 0 && h.draws[2] >= 0);
  CHECK_SAME_SAVE(g, before);
  CHECK_INT(carc_game_var(g, 0), 0);
  for (int i = 0; i < 3; i++) CHECK_INT(carc_game_random(g, 1000), h.draws[i]); /* the same three, again */
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

static void test_failed_turn_end_draws(void) {
  failed_turn_end_draws(0);
  failed_turn_end_draws(1);
}

/* A setup hook promised never to fail: no copy of the game; if it fails
 * all the same, the reset fails and leaves the new game over. */
static void test_infallible_setup(void) {
  carc_engine *e = check_base_engine();
  int n = 0;
  CHECK(carc_hook_add(e, CARC_HOOK_SETUP, "t.setup", 100, NULL, setup_fails_later, &n) == CARC_OK);
  CHECK(carc_hook_set_infallible(e, "t.nothing", 1) == CARC_ERR_UNKNOWN);
  CHECK(carc_hook_set_infallible(e, "t.setup", 1) == CARC_OK);
  carc_game_options o = {2, 5, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  CHECK(carc_bot_play_turn(g, CARC_BOT_RANDOM) == CARC_OK);
  CHECK(carc_game_reset(g, 77) == CARC_ERR_SCRIPT);
  CHECK_HAS(carc_game_error(g), "t.setup");
  CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
  CHECK(carc_bot_play_turn(g, CARC_BOT_RANDOM) != CARC_OK);
  n = -100; /* the hook keeps its promise from now on */
  CHECK(carc_game_reset(g, 78) == CARC_OK);
  CHECK(carc_bot_play_game(g, CARC_BOT_RANDOM) == CARC_OK);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ---- class 8: a refused load or ad-hoc placement leaves no tile type behind */
static void test_failed_load_and_notation(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  CHECK(carc_game_put_notation(g, "C...", 0, 1, 0) == CARC_OK || 1); /* whatever it says */
  int types = carc_tile_type_count(e);
  char *before = check_save_text(g);
  /* a valid ad-hoc notation placed where it cannot go: refused, type dropped */
  CHECK(carc_game_put_notation(g, carc_tile_type_notation(e, check_type(e, "B")), 0, 0, 0) != CARC_OK);
  CHECK_INT(carc_tile_type_count(e), types);
  CHECK_SAME_SAVE(g, before);
  /* a save whose ad-hoc tile is defined, then a later error refuses the load */
  carc_game *h = check_scenario(e, 2);
  CHECK(carc_game_put_notation(h, carc_tile_type_notation(e, check_type(e, "E")), 0, -1, 2) == CARC_OK);
  char *text = check_save_text(h);
  carc_game_free(h);
  int with = carc_tile_type_count(e);
  carc_engine *f = check_base_engine();
  int fresh = carc_tile_type_count(f);
  char *bad = malloc(strlen(text) + 32);
  strcpy(bad, text);
  char *sc = strstr(bad, "\"scores\"");
  CHECK(sc != NULL);
  if (sc) memcpy(sc, "\"scorez\"", 8); /* a missing key, after the tiles were read */
  char err[512];
  CHECK(carc_game_load(f, bad, err, sizeof err) == NULL);
  CHECK_INT(carc_tile_type_count(f), fresh);
  CHECK(with == types + 1);
  free(bad);
  free(text);
  free(before);
  carc_game_free(g);
  carc_engine_free(f);
  carc_engine_free(e);
}

/* ---- class 2: many features completed at once; figures beyond the limit */
static void test_many_features_at_once(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  int E = check_type(e, "E");
  int pairs = 0;
  for (int k = 0; k < 180; k++) { /* columns 0, 1, -1, 2, -2 ...: E facing E, a closed city each */
    int x = k % 2 ? (k + 1) / 2 : -(k / 2);
    if (carc_game_put_tile(g, E, x, 1, 2) == CARC_OK && carc_game_put_tile(g, E, x, 2, 0) == CARC_OK)
      pairs++;
  }
  CHECK(pairs > 170); /* more than the old fixed array of 160 */
  int t = carc_board_tile_at(g, 5, 2);
  CHECK(carc_game_put_figure(g, 0, 0, t, seg_of_kind(e, E, CARC_CITY)) == CARC_OK);
  CHECK(carc_game_end_turn(g) == CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 4);
  carc_game_free(g);

  carc_figure_def d = {"giant", 1, 16, 1, CARC_PLACE_FOLLOWER, 0, NULL, NULL, 0};
  CHECK(carc_figure_define(e, &d) == CARC_OK);
  carc_game_options o = {6, 1, 16, 0}; /* 6 x (16 + 16) = 192 figures */
  CHECK(carc_game_new(e, &o) == NULL);
  CHECK_HAS(carc_engine_error(e), "192 figures");
  carc_engine_free(e);
}

/* ---- class 9: scores cannot overflow; every reachable score saves and loads */
static carc_result huge_award(carc_score_ctx *c, void *ud) {
  (void)ud;
  return carc_ctx_set(c, CARC_F_ADJUST, CARC_MAX_SCORE);
}

static void test_score_limits(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  CHECK(carc_game_add_score(g, 0, CARC_MAX_SCORE) == CARC_OK);
  char *before = check_save_text(g);
  CHECK(carc_game_add_score(g, 0, 1) == CARC_ERR_LIMIT);
  CHECK_HAS(carc_game_error(g), "outside the allowed");
  CHECK_SAME_SAVE(g, before);
  char err[256];
  carc_game *h = carc_game_load(e, before, err, sizeof err);
  CHECK(h != NULL);
  carc_game_free(h);
  free(before);
  carc_game_free(g);

  CHECK(carc_handler_add(e, "t.huge", 350, NULL, huge_award, NULL) == CARC_OK);
  g = check_scenario(e, 2);
  CHECK(carc_game_put_figure(g, 0, 0, 0, seg_of_kind(e, check_type(e, "D"), CARC_CITY)) == CARC_OK);
  CHECK(carc_game_put_tile(g, check_type(e, "E"), 0, -1, 2) == CARC_OK);
  CHECK(carc_game_add_score(g, 0, CARC_MAX_SCORE - 5) == CARC_OK);
  CHECK(carc_game_add_score(g, 1, CARC_MAX_SCORE - 5) == CARC_OK);
  before = check_save_text(g);
  carc_result r = carc_game_end_turn(g);
  CHECK_INT(r, CARC_ERR_LIMIT); /* base.total refuses a total past the limit */
  CHECK_HAS(carc_game_error(g), "outside the allowed");
  CHECK_SAME_SAVE(g, before);
  for (int p = 0; p < 2; p++) CHECK(carc_game_score(g, p) <= CARC_MAX_SCORE);
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ---- class 12: out-of-range rotations */
static void test_rotations(void) {
  carc_engine *e = check_base_engine();
  char buf[64];
  carc_tile_picture(e, check_type(e, "D"), 7, buf, sizeof buf);
  CHECK(strcmp(buf, "?") == 0);
  carc_tile_picture(e, check_type(e, "D"), -100000, buf, sizeof buf);
  CHECK(strcmp(buf, "?") == 0);
  carc_engine_free(e);
}

/* ---- fault injection: an allocator that fails at the N-th allocation, for
 * every N until the call succeeds; each failure leaves the save text and the
 * engine's tile types as they were. */
typedef struct failing { long countdown; } failing;
static void *failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  failing *f = ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (nsize > (ptr ? osize : 0) && f->countdown >= 0 && f->countdown-- == 0) return NULL;
  return realloc(ptr, nsize);
}
static carc_result placed_ok(const carc_hook_args *a, void *ud) {
  (void)a;
  (void)ud;
  return CARC_OK;
}

static void test_allocation_faults(void) {
  failing f = {-1};
  carc_engine *e = carc_engine_new(failing_alloc, &f);
  CHECK(e != NULL && carc_tiles_load_base(e) == CARC_OK);
  CHECK(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "t.placed", 100, NULL, placed_ok, NULL) == CARC_OK);
  carc_game *g = check_scenario(e, 2);
  char *before = check_save_text(g);
  int types = carc_tile_type_count(e), failures = 0;
  const char *notation = carc_tile_type_notation(e, check_type(e, "E"));
  for (long n = 0; n < 1000; n++) {
    f.countdown = n;
    carc_result r = carc_game_put_notation(g, notation, 0, -1, 2);
    f.countdown = -1;
    if (r == CARC_OK) break;
    failures++;
    CHECK_INT(r == CARC_ERR_MEMORY || r == CARC_ERR_PARSE, 1);
    CHECK_INT(carc_tile_type_count(e), types);
    CHECK_SAME_SAVE(g, before);
  }
  CHECK(failures > 0);
  CHECK_INT(carc_tile_type_count(e), types + 1);
  CHECK(carc_board_tile_at(g, 0, -1) >= 0);
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

static carc_result noop_handler(carc_score_ctx *c, void *ud) {
  (void)c;
  (void)ud;
  return CARC_OK;
}
static carc_result noop_hook(const carc_hook_args *a, void *ud) {
  (void)a;
  (void)ud;
  return CARC_OK;
}

/* The engine's tables as text: what an engine transaction must put back. */
static void engine_text(carc_engine *e, char *out, size_t cap) {
  size_t n = 0;
  CHECK_INT(carc_engine_describe_pipeline(e, out, cap), CARC_OK);
  n = strlen(out);
  for (int i = 0; i < carc_handler_count(e) && n < cap; i++)
    n += (size_t)snprintf(out + n, cap - n, "%s [%s]\n", carc_handler_name(e, i), carc_handler_description(e, i));
  for (int t = 0; t < carc_tile_type_count(e) && n < cap; t++)
    n += (size_t)snprintf(out + n, cap - n, "%s %d %s %d\n", carc_tile_type_name(e, t), carc_tile_type_copies(e, t),
                          carc_tile_type_notation(e, t), carc_tile_type_attr(e, t, 0));
  if (n < cap)
    snprintf(out + n, cap - n, "%d %d %d %d %d %d %d\n", carc_figure_type_count(e), carc_token_type_count(e),
             carc_var_count(e), carc_flag_count(e), carc_attr_find(e, "t.attr"), carc_kind_find(e, "t.kind"),
             carc_hook_count(e, CARC_HOOK_TURN_END));
}

/* carc_engine_begin / _rollback / _commit without Lua: every kind of
 * declaration is taken back, a description replaced inside the transaction
 * comes back (and is freed once, at commit, when kept). */
static void test_engine_transaction(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_handler_add(e, "t.before", 450, NULL, noop_handler, NULL), CARC_OK);
  CHECK_INT(carc_handler_describe(e, "t.before", "old words"), CARC_OK);
  static char before[1 << 16], after[1 << 16];
  engine_text(e, before, sizeof before);
  for (int round = 0; round < 2; round++) {
    CHECK_INT(carc_engine_begin(e), CARC_OK);
    CHECK_INT(carc_engine_begin(e), CARC_ERR_STATE);
    CHECK_INT(carc_handler_describe(e, "t.before", "new words"), CARC_OK);
    CHECK_INT(carc_handler_describe(e, "t.before", "newer words"), CARC_OK);
    CHECK_INT(carc_handler_add(e, "t.new", 10, NULL, noop_handler, NULL), CARC_OK);
    CHECK_INT(carc_handler_describe(e, "t.new", "a new one"), CARC_OK);
    CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.hook", 5, NULL, noop_hook, NULL), CARC_OK);
    CHECK_INT(carc_handler_describe(e, "t.hook", "a hook"), CARC_OK);
    CHECK_INT(carc_handler_move(e, "base.rates", 5), CARC_OK);
    CHECK_INT(carc_handler_enable(e, "base.award", 0), CARC_OK);
    for (int k = 0; k < 40; k++) { /* enough to move the type table */
      char name[16];
      snprintf(name, sizeof name, "T%d", k);
      CHECK_INT(carc_tile_define(e, "t.set", name, 2, "city:N field:E,S,W"), CARC_OK);
    }
    CHECK_INT(carc_tile_set_attr(e, 0, carc_attr_id(e, "t.attr"), 3), CARC_OK);
    CHECK_INT(carc_tile_split(e, carc_tile_type_find(e, "E"), "E2", 1), CARC_OK);
    CHECK(carc_kind_id(e, "t.kind") >= 0 && carc_var_id(e, "t.var") >= 0 && carc_flag_id(e, "t.flag") >= 0);
    carc_figure_def fig = {"t.fig", 1, 1, 1, CARC_PLACE_FOLLOWER, 0, NULL, NULL, 0};
    CHECK_INT(carc_figure_define(e, &fig), CARC_OK);
    carc_token_def tok = {"t.tok", 2, 1};
    CHECK_INT(carc_token_define(e, &tok), CARC_OK);
    engine_text(e, after, sizeof after);
    CHECK(strcmp(before, after) != 0);
    carc_engine_rollback(e);
    engine_text(e, after, sizeof after);
    CHECK(strcmp(before, after) == 0);
    carc_engine_rollback(e); /* outside a transaction: nothing */
  }
  CHECK_INT(carc_engine_begin(e), CARC_OK);
  CHECK_INT(carc_handler_describe(e, "t.before", "kept words"), CARC_OK);
  carc_engine_commit(e);
  CHECK(!strcmp(carc_handler_description(e, carc_handler_find(e, "t.before")), "kept words"));
  CHECK_INT(carc_engine_begin(e), CARC_OK); /* freed with the engine, rolled back */
  CHECK_INT(carc_handler_add(e, "t.open", 10, NULL, noop_handler, NULL), CARC_OK);
  CHECK_INT(carc_handler_describe(e, "t.open", "left open"), CARC_OK);
  carc_engine_free(e);
}

int main(void) {
  test_engine_transaction();
  test_allocation_faults();
  test_handlers_read_only();
  test_placement_hooks_predicates();
  test_failed_reset();
  test_infallible_setup();
  test_failed_turn_end_draws();
  test_failed_load_and_notation();
  test_many_features_at_once();
  test_score_limits();
  test_rotations();
  return check_done("test_txn");
}

/* test_attack2.c - adversarial checks of the board's incremental features:
 * a square whose placement completes more monastery-like segments than it
 * has neighbours (tiles with two of them), and, over many seeded games,
 * copies, saves and resets, every feature's open count against a recount
 * from the board (eight squares around an area segment, empty squares
 * beyond a feature's ports). */
#include "check.h"
#include <stdint.h>
#include "internal.h" /* map_area_squares: which squares around a map square count */
#include <stdlib.h>
#include <sys/mman.h>

/* A 5x5 block of field tiles south of the start tile, the eight squares
 * around its centre (0,3) holding tiles with two monasteries each: placing
 * the centre completes sixteen monasteries at once. */
static void test_double_monastery_ring(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  const char *F = "field:N,E,S,W", *MM = "monastery monastery field:N,E,S,W";
  int placed = 0;
  for (int pass = 0; pass < 6; pass++)
    for (int y = 1; y <= 5; y++)
      for (int x = -2; x <= 2; x++) {
        if ((x == 0 && y == 3) || carc_board_tile_at(g, x, y) >= 0) continue;
        if (carc_board_tile_at(g, x, y - 1) < 0 && carc_board_tile_at(g, x - 1, y) < 0 &&
            carc_board_tile_at(g, x + 1, y) < 0 && carc_board_tile_at(g, x, y + 1) < 0)
          continue;
        int mm = x >= -1 && x <= 1 && y >= 2 && y <= 4;
        CHECK_INT(carc_game_put_notation(g, mm ? MM : F, x, y, 0), CARC_OK);
        placed++;
      }
  CHECK_INT(placed, 24);
  /* a monk on each monastery of two of the eight, for player 1 and 2 */
  int a = carc_board_tile_at(g, -1, 2), b = carc_board_tile_at(g, 1, 4);
  CHECK_INT(carc_game_put_figure(g, 0, 0, a, 0), CARC_OK);
  CHECK_INT(carc_game_put_figure(g, 0, 0, a, 1), CARC_OK);
  CHECK_INT(carc_game_put_figure(g, 1, 0, b, 0), CARC_OK);
  CHECK_INT(carc_game_put_figure(g, 1, 0, b, 1), CARC_OK);
  for (int y = 2; y <= 4; y++)
    for (int x = -1; x <= 1; x++) {
      if (x == 0 && y == 3) continue;
      int t = carc_board_tile_at(g, x, y);
      for (int s = 0; s < 2; s++) CHECK_INT(carc_feature_open(g, carc_board_segment_id(g, t, s)), 1);
    }
  /* the centre: its placement completes all sixteen */
  CHECK_INT(carc_game_put_notation(g, F, 0, 3, 0), CARC_OK);
  for (int y = 2; y <= 4; y++)
    for (int x = -1; x <= 1; x++) {
      if (x == 0 && y == 3) continue;
      int t = carc_board_tile_at(g, x, y);
      for (int s = 0; s < 2; s++) {
        CHECK_INT(carc_feature_open(g, carc_board_segment_id(g, t, s)), 0);
        CHECK_INT(carc_feature_complete(g, carc_board_segment_id(g, t, s)), 1);
      }
    }
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 18);
  CHECK_INT(carc_game_score(g, 1), 18);
  CHECK_INT(carc_game_supply(g, 0, 0), 7);
  CHECK_INT(carc_game_supply(g, 1, 0), 7);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ------------------------------------------------ recount from the board */

static int mismatches;

static int occupied(const carc_game *g, int x, int y) { return carc_board_tile_at(g, x, y) >= 0; }

/* Every feature's open count recounted (plane only), and no follower left
 * on a completed feature. */
static int recount(const carc_game *g, const char *where) {
  int bad = check_recount_open(g, where);
  /* a follower never stays on a completed road, city or monastery after a turn */
  for (int f = 0; carc_game_phase(g) == CARC_PHASE_PLACE && f < carc_game_figures(g); f++) {
    int s = carc_figure_segment(g, f);
    if (s >= 0 && carc_feature_kind(g, s) != 0 && carc_feature_complete(g, s) && bad++ < 3)
      fprintf(stderr, "%s: figure %d stays on completed feature %d\n", where, f, carc_feature_root(g, s));
  }
  mismatches += bad;
  return bad;
}

/* Base games by both bots, recounted every turn; at turn 30 a clone, a copy
 * into a used game and a save loaded again each play on and must end as the
 * game itself does; then a reset replays the seed to the same save. */
static void test_recount_base(void) {
  carc_engine *e = check_base_engine();
  carc_game_options o0 = {3, 99, 0, 0};
  carc_game *used = carc_game_new(e, &o0);
  for (int i = 0; i < 50 && carc_game_phase(used) == CARC_PHASE_PLACE; i++) carc_bot_play_turn(used, CARC_BOT_RANDOM);
  for (int seed = 1; seed <= 24; seed++) {
    carc_bot bot = seed % 2 ? CARC_BOT_RANDOM : CARC_BOT_GREEDY;
    carc_game_options o = {2 + seed % 4, (uint64_t)seed, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    carc_game *others[4] = {NULL, NULL, NULL, NULL};
    char where[64];
    int turn = 0;
    while (carc_game_phase(g) == CARC_PHASE_PLACE) {
      CHECK_INT(carc_bot_play_turn(g, bot), CARC_OK);
      turn++;
      snprintf(where, sizeof where, "seed %d turn %d", seed, turn);
      if (recount(g, where)) break;
      if (turn == 30) {
        others[0] = carc_game_clone(g);
        CHECK_INT(carc_game_copy(used, g), CARC_OK);
        others[1] = used;
        char *t = check_save_text(g);
        char err[256];
        others[2] = carc_game_load(e, t, err, sizeof err);
        CHECK(others[2] != NULL);
        free(t);
        carc_game_options small = {o.players, 5, 0, 0}; /* a fresh game: its grid smaller */
        others[3] = carc_game_new(e, &small);
        CHECK_INT(carc_game_copy(others[3], g), CARC_OK);
      }
    }
    if (carc_game_phase(g) == CARC_PHASE_END) CHECK_INT(carc_game_final_scoring(g), CARC_OK);
    char *final = check_save_text(g);
    for (int k = 0; k < 4; k++) {
      carc_game *h = others[k];
      if (!h) continue;
      int t2 = 30;
      while (carc_game_phase(h) == CARC_PHASE_PLACE) {
        CHECK_INT(carc_bot_play_turn(h, bot), CARC_OK);
        snprintf(where, sizeof where, "seed %d copy %d turn %d", seed, k, ++t2);
        if (recount(h, where)) break;
      }
      if (carc_game_phase(h) == CARC_PHASE_END) CHECK_INT(carc_game_final_scoring(h), CARC_OK);
      CHECK(check_save_is(h, final));
      if (k != 1) carc_game_free(h);
    }
    CHECK_INT(carc_game_reset(g, (uint64_t)seed), CARC_OK);
    CHECK_INT(recount(g, "after reset"), 0);
    CHECK_INT(carc_bot_play_game(g, bot), CARC_OK);
    CHECK(check_save_is(g, final));
    free(final);
    carc_game_free(g);
  }
  carc_game_free(used);
  carc_engine_free(e);
}

/* 3,000 tiles of roads, monasteries and double monasteries: the grid grows
 * many times with monasteries near its old borders; recounted as it grows,
 * a copy half way plays on to the same end. */
static void test_recount_large(void) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  CHECK_INT(carc_tile_define(e, "big", "R", 1500, "road:E,W field:N,El,Wr field:Er,S,Wl"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "MR", 800, "monastery road:E,W field:N,El,Wr field:Er,S,Wl"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "M", 400, "monastery field:N,E,S,W"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "MM", 300, "monastery monastery field:N,E,S,W"), CARC_OK);
  CHECK_INT(carc_tile_set_start(e, "R"), CARC_OK);
  for (int seed = 1; seed <= 2; seed++) {
    carc_game_options o = {5, (uint64_t)seed, 0, 0};
    carc_game *g = carc_game_new(e, &o), *half = NULL;
    CHECK(g != NULL);
    if (!g) break;
    int turn = 0;
    char where[64];
    while (carc_game_phase(g) == CARC_PHASE_PLACE) {
      CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
      if (++turn % 250 == 0 || carc_game_phase(g) != CARC_PHASE_PLACE) {
        snprintf(where, sizeof where, "large seed %d turn %d", seed, turn);
        if (recount(g, where)) break;
      }
      if (turn == 1500) half = carc_game_clone(g);
    }
    CHECK(turn > 2900);
    CHECK(half != NULL);
    if (half) {
      while (carc_game_phase(half) == CARC_PHASE_PLACE) CHECK_INT(carc_bot_play_turn(half, CARC_BOT_RANDOM), CARC_OK);
      CHECK_INT(recount(half, "large copy"), 0);
      CHECK(check_same_save(g, half));
      carc_game_free(half);
    }
    carc_game_free(g);
  }
  carc_engine_free(e);
}

/* --------------------------------- a placement without hooks, refused */

static long alloc_left = -1; /* check_failing_alloc's countdown: -1 never fails */

/* No placement or tile-placed hooks, so carc_game_place runs without a
 * transaction: on a board of 1,200 tiles whose grid grows again and again,
 * every placement is tried with the N-th allocation failing, for every N
 * until it succeeds; a refusal leaves the save text byte-identical and the
 * success matches a game that never failed. */
static void test_place_refused_without_hooks(void) {
  carc_engine *e = carc_engine_new(check_failing_alloc, &alloc_left);
  CHECK_INT(carc_tile_define(e, "big", "R", 700, "road:E,W field:N,El,Wr field:Er,S,Wl"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "MR", 300, "monastery road:E,W field:N,El,Wr field:Er,S,Wl"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "MM", 200, "monastery monastery field:N,E,S,W"), CARC_OK);
  CHECK_INT(carc_tile_set_start(e, "R"), CARC_OK);
  CHECK_INT(carc_hook_count(e, CARC_HOOK_PLACEMENT) + carc_hook_count(e, CARC_HOOK_TILE_PLACED), 0);
  carc_game_options o = {2, 7, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  int refused = 0, turns = 0;
  while (g && carc_game_phase(g) == CARC_PHASE_PLACE) {
    carc_game *ref = carc_game_clone(g);
    CHECK_INT(carc_bot_play_turn(ref, CARC_BOT_RANDOM), CARC_OK);
    int last = carc_board_tiles(ref) - 1;
    int x = carc_board_tile_x(ref, last), y = carc_board_tile_y(ref, last), rot = carc_board_tile_rotation(ref, last);
    carc_game_free(ref);
    ref = carc_game_clone(g);
    CHECK_INT(carc_game_place(ref, x, y, rot), CARC_OK);
    char *before = check_save_text(g), *want = check_save_text(ref);
    carc_result r = CARC_ERR_MEMORY;
    for (long n = 0; r != CARC_OK && n < 50; n++) {
      alloc_left = n;
      r = carc_game_place(g, x, y, rot);
      alloc_left = -1;
      if (r == CARC_OK) break;
      CHECK_INT(r, CARC_ERR_MEMORY);
      refused++;
      CHECK(check_save_is(g, before));
    }
    CHECK_INT(r, CARC_OK);
    CHECK(check_save_is(g, want));
    free(before);
    free(want);
    carc_game_free(ref);
    carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
    CHECK_INT(carc_game_act(g, &pass), CARC_OK);
    if (++turns % 200 == 0) CHECK_INT(recount(g, "refused placements"), 0);
  }
  CHECK_INT(turns, 1199);
  CHECK(refused >= 3); /* the grid grew, and was refused first, three times */
  CHECK_INT(recount(g, "refused placements, end"), 0);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ----------------------------------- placements rolled back by a hook */

static int tile_placed_calls;
static carc_result refuse_every_other(const carc_hook_args *a, void *ud) {
  (void)a;
  (void)ud;
  return tile_placed_calls++ % 2 ? CARC_OK : CARC_ERR_SCRIPT;
}

/* A tile-placed hook fails every other placement: the transaction copies
 * the board first and puts it back (grid and near marks with it); the
 * placement tried next, elsewhere, must still count the monasteries right.
 * Tiles with two monasteries, 600 turns, so the grid grows under it too. */
static void test_rollback_recount(void) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  CHECK_INT(carc_tile_define(e, "big", "R", 250, "road:E,W field:N,El,Wr field:Er,S,Wl"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "MR", 200, "monastery road:E,W field:N,El,Wr field:Er,S,Wl"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "MM", 150, "monastery monastery field:N,E,S,W"), CARC_OK);
  CHECK_INT(carc_tile_set_start(e, "R"), CARC_OK);
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "t.refuse", 100, NULL, refuse_every_other, NULL), CARC_OK);
  carc_game_options o = {3, 11, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  carc_placement_option *opts = malloc(sizeof *opts * 20000);
  int turns = 0, refused = 0, completed = 0;
  while (g && carc_game_phase(g) == CARC_PHASE_PLACE) {
    int n = carc_game_placements(g, opts, 20000);
    CHECK(n > 0);
    /* the two most crowded squares (a compact board: monasteries complete) */
    int best[2] = {0, 0}, most[2] = {-1, -1};
    for (int i = 0; i < n; i++) {
      int around = 0;
      for (int ddy = -1; ddy <= 1; ddy++)
        for (int ddx = -1; ddx <= 1; ddx++) around += occupied(g, opts[i].x + ddx, opts[i].y + ddy);
      if (around > most[0]) {
        best[1] = best[0], most[1] = most[0];
        best[0] = i, most[0] = around;
      } else if (around > most[1]) {
        best[1] = i, most[1] = around;
      }
    }
    carc_result r = carc_game_place(g, opts[best[0]].x, opts[best[0]].y, opts[best[0]].rotation);
    if (r != CARC_OK) {
      refused++;
      CHECK_INT(recount(g, "rolled back"), 0);
      int k = n > 1 ? best[1] : best[0];
      r = carc_game_place(g, opts[k].x, opts[k].y, opts[k].rotation);
    }
    CHECK_INT(r, CARC_OK);
    carc_action acts[64];
    int na = carc_game_actions(g, acts, 64), pick = 0;
    for (int i = 0; i < na && i < 64; i++) /* a monk on a monastery when there is one */
      if (acts[i].type == CARC_ACT_FIGURE && carc_segment_kind(e, carc_board_tile_type(g, carc_board_tiles(g) - 1), acts[i].segment) == 4) pick = i;
    CHECK_INT(carc_game_act(g, &acts[pick]), CARC_OK);
    turns++;
    if (recount(g, "after a rolled back placement")) break;
  }
  for (int i = 0; i < carc_game_scorings(g); i++) {
    carc_scoring_info info;
    CHECK_INT(carc_game_scoring(g, i, &info), CARC_OK);
    completed += info.kind == 4 && info.reason == CARC_COMPLETED;
  }
  CHECK_INT(turns, 599);
  CHECK_INT(refused, turns); /* each turn's first try fails */
  CHECK(completed > 50); /* 86 monasteries completed and scored */
  free(opts);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ------------------------------ a call from the event callback, mid-place */

static carc_result count_ok(const carc_hook_args *a, void *ud) {
  (void)a;
  (void)ud;
  return CARC_OK;
}

typedef struct reenter {
  carc_game *g;
  carc_placement_option other; /* a placement listed before the call */
  int calls;
  carc_result got[4];
} reenter;

/* On the "place" event, still inside carc_game_place (the callback runs
 * before the call returns), places again. */
static void place_again(const carc_game *cg, const char *json, void *ud) {
  (void)cg;
  reenter *r = ud;
  if (!strstr(json, "\"event\":\"place\"") || r->calls >= 4) return;
  int k = r->calls++;
  r->got[k] = carc_game_place(r->g, r->other.x, r->other.y, r->other.rotation);
}

/* A placement without hooks runs without a transaction: a placement made
 * from the event callback while it runs must still be refused as one from
 * a hook is (the drawn tile would go down twice), with or without hooks. */
static void test_place_from_event_callback(int with_hook) {
  carc_engine *e = check_base_engine();
  if (with_hook) CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "t.ok", 100, NULL, count_ok, NULL), CARC_OK);
  carc_game_options o = {2, 3, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  reenter r = {g, {0, 0, 0}, 0, {0}};
  carc_game_set_event_callback(g, place_again, &r);
  carc_placement_option opt[256];
  int n = carc_game_placements(g, opt, 256);
  CHECK(n > 1);
  r.other = opt[0];
  CHECK_INT(carc_game_place(g, opt[n - 1].x, opt[n - 1].y, opt[n - 1].rotation), CARC_OK);
  CHECK_INT(r.calls, 1);
  CHECK_INT(r.got[0], CARC_ERR_STATE);
  CHECK_INT(carc_board_tiles(g), 2); /* the start tile and the drawn one, once */
  CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ------------------------------------------------------ maps' monasteries */

static char *slurp_map(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/maps/%s.map", CARC_SOURCE_DIR, name);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = malloc(1 << 16);
  size_t n = fread(buf, 1, (1 << 16) - 1, f);
  fclose(f);
  buf[n] = '\0';
  return buf;
}

/* On each shipped map, every monastery's open count is the squares around it
 * that count on the map less those holding a tile (printed ones included),
 * each turn of seeded games, in clones and reloaded saves too. */
static void test_map_monasteries(const char *name, const char *east) {
  carc_engine *e = check_base_engine();
  char *text[2] = {slurp_map(name), east ? slurp_map(east) : NULL};
  CHECK(text[0] != NULL && (!east || text[1] != NULL));
  const char *texts[2] = {text[0], text[1]}, *origins[2] = {name, east};
  carc_result mr = carc_engine_set_map(e, east ? 2 : 1, texts, origins);
  free(text[0]);
  free(text[1]);
  if (mr != CARC_OK) fprintf(stderr, "%s: %s\n", name, carc_engine_error(e));
  CHECK_INT(mr, CARC_OK);
  if (mr != CARC_OK) {
    carc_engine_free(e);
    return;
  }
  int monasteries = 0;
  for (int seed = 1; seed <= 6; seed++) {
    carc_game_options o = {2 + seed % 3, (uint64_t)seed, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    CHECK(g != NULL);
    if (!g) break;
    int turn = 0, bad = 0;
    while (!bad && carc_game_phase(g) == CARC_PHASE_PLACE) {
      CHECK_INT(carc_bot_play_turn(g, seed % 2 ? CARC_BOT_RANDOM : CARC_BOT_GREEDY), CARC_OK);
      carc_game *views[3] = {g, carc_game_clone(g), NULL};
      char *t = check_save_text(g), err[256];
      views[2] = carc_game_load(e, t, err, sizeof err);
      free(t);
      CHECK(views[2] != NULL);
      turn++;
      for (int v = 0; v < 3 && views[v]; v++) {
        carc_game *h = views[v];
        for (int ti = carc_board_printed_tiles(h); ti < carc_board_tiles(h); ti++) {
          int type = carc_board_tile_type(h, ti), x = carc_board_tile_x(h, ti), y = carc_board_tile_y(h, ti);
          for (int s = 0; s < carc_tile_type_segments(e, type); s++) {
            if (carc_segment_kind(e, type, s) < 4) continue;
            int around = 0;
            for (int ddy = -1; ddy <= 1; ddy++)
              for (int ddx = -1; ddx <= 1; ddx++) around += (ddx || ddy) && occupied(h, x + ddx, y + ddy);
            int id = carc_board_segment_id(h, ti, s), want = map_area_squares(h, x, y) - around;
            monasteries += v == 0;
            if (carc_feature_open(h, id) != want && bad++ < 3)
              fprintf(stderr, "%s seed %d turn %d view %d: monastery at (%d,%d) open %d, recounted %d\n", name, seed,
                      turn, v, x, y, carc_feature_open(h, id), want);
          }
        }
      }
      carc_game_free(views[1]);
      carc_game_free(views[2]);
    }
    CHECK_INT(bad, 0);
    carc_game_free(g);
  }
  CHECK(monasteries > 100);
  carc_engine_free(e);
}

/* ------------------------------------------- hooks waiting on game flags */

static int flag_mon = -1, flag_even = -1;
static int monastery_turns, even_turns;

/* Tile placed (no flag): the flags say whether this turn's tile has a
 * monastery and whether the turn is even. */
static carc_result set_flags_hook(const carc_hook_args *a, void *ud) {
  (void)ud;
  carc_game *g = a->game;
  const carc_engine *e = carc_game_engine(g);
  int type = carc_board_tile_type(g, a->tile), mon = 0;
  for (int s = 0; s < carc_tile_type_segments(e, type); s++) mon |= carc_segment_kind(e, type, s) == 4;
  monastery_turns += mon;
  even_turns += carc_game_turn(g) % 2 == 0;
  if (carc_game_set_flag(g, flag_mon, mon) != CARC_OK) return CARC_ERR_SCRIPT;
  return carc_game_set_flag(g, flag_even, carc_game_turn(g) % 2 == 0);
}

static carc_result count_if_flag(const carc_hook_args *a, void *ud) {
  int *n = ud;
  if (!carc_game_flag(a->game, n[1])) n[2]++; /* ran with its flag off */
  n[0]++;
  return CARC_OK;
}

/* Flags turned on and off by a tile-placed hook each turn; turn-end and
 * feature-scored hooks waiting on them (their points closed: every hook
 * there waits on a flag) run on exactly the turns whose flag is on. A hook
 * added inside an engine transaction rolled back never runs; one added
 * after the game started does; a disabled hook without a flag keeps the
 * point open, and the gated ones still only run with their flag. */
static void test_flag_gates(void) {
  carc_engine *e = check_base_engine();
  flag_mon = carc_flag_id(e, "t.monastery");
  flag_even = carc_flag_id(e, "t.even");
  int other = carc_flag_id(e, "t.other");
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "t.set", 100, NULL, set_flags_hook, NULL), CARC_OK);
  carc_filter f;
  carc_filter_init(&f);
  int mon[3] = {0, flag_mon, 0}, even[3] = {0, flag_even, 0}, scored[3] = {0, flag_even, 0}, rolled[3] = {0, other, 0},
      late[3] = {0, flag_mon, 0};
  f.flag = flag_mon;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.mon", 100, &f, count_if_flag, mon), CARC_OK);
  f.flag = flag_even;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.even", 110, &f, count_if_flag, even), CARC_OK);
  CHECK_INT(carc_hook_add(e, CARC_HOOK_FEATURE_SCORED, "t.scored", 100, &f, count_if_flag, scored), CARC_OK);
  /* a hook on a third flag, always on, added and rolled back */
  CHECK_INT(carc_engine_begin(e), CARC_OK);
  f.flag = other;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_FEATURE_COMPLETED, "t.rolled", 100, &f, count_if_flag, rolled), CARC_OK);
  carc_engine_rollback(e);
  CHECK_INT(carc_hook_count(e, CARC_HOOK_FEATURE_COMPLETED), 0);
  carc_game_options o = {3, 21, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK_INT(carc_game_set_flag(g, other, 1), CARC_OK);
  int turns = 0, scorings_even = 0;
  while (carc_game_phase(g) == CARC_PHASE_PLACE && turns < 40) {
    int before = carc_game_scorings(g);
    CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
    turns++;
    if (carc_game_flag(g, flag_even)) /* feature-scored runs once per feature scored with figures */
      for (int i = before; i < carc_game_scorings(g); i++) {
        carc_scoring_info info;
        carc_game_scoring(g, i, &info);
        scorings_even += info.reason == CARC_COMPLETED;
      }
    if (turns == 20) { /* added mid-game: a second hook on the monastery flag */
      f.flag = flag_mon;
      CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.late", 120, &f, count_if_flag, late), CARC_OK);
      late[2] = monastery_turns; /* monastery turns before it: not counted */
    }
  }
  CHECK_INT(turns, 40);
  CHECK_INT(mon[0], monastery_turns);
  CHECK(monastery_turns > 0 && monastery_turns < 40);
  CHECK_INT(even[0], even_turns);
  CHECK_INT(even_turns, 20);
  CHECK_INT(scored[0], scorings_even);
  CHECK(scorings_even > 0);
  CHECK_INT(late[0], monastery_turns - late[2]);
  CHECK_INT(rolled[0], 0);
  CHECK_INT(mon[2] + even[2] + scored[2], 0); /* none ran with its flag off */
  carc_game_free(g);
  /* a disabled hook without a flag opens the point; the gated one still waits */
  int open[3] = {0, -1, 0};
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.open", 130, NULL, count_if_flag, open), CARC_OK);
  CHECK_INT(carc_handler_enable(e, "t.open", 0), CARC_OK);
  CHECK_INT(carc_handler_enable(e, "t.even", 0), CARC_OK);
  monastery_turns = even_turns = mon[0] = even[0] = 0;
  g = carc_game_new(e, &o);
  for (int i = 0; i < 10; i++) CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(open[0], 0);
  CHECK_INT(even[0], 0);
  CHECK_INT(even_turns, 5);
  CHECK_INT(mon[0], monastery_turns);
  CHECK_INT(mon[2], 0);
  carc_game_free(g);
  carc_engine_free(e);
}

/* ------------------------------------------------- a scoring's breakdown */

/* The base handlers write the context directly: with records kept, the
 * breakdown of a two-tile city still lists each handler that ran and each
 * number it changed, in order, and nothing when records are off. */
static void test_breakdown_lines(int keep) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  carc_game_keep_records(g, keep);
  CHECK_INT(carc_game_put_figure(g, 0, 0, 0, 0), CARC_OK); /* on D's city */
  CHECK_INT(carc_game_put_tile(g, check_type(e, "E"), 0, -1, 2), CARC_OK);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 4);
  CHECK_INT(carc_game_scorings(g), keep ? 1 : 0);
  if (keep) {
    carc_scoring_info info;
    CHECK_INT(carc_game_scoring(g, 0, &info), CARC_OK);
    CHECK_INT(info.total, 4);
    CHECK_INT(info.award[0], 4);
    static const struct { const char *h; int field, player, before, after; } want[] = {
        {"base.majority", CARC_CHANGE_RAN, -1, 0, 0}, {"base.majority", -2, 0, 0, 1},
        {"base.rates", CARC_CHANGE_RAN, -1, 0, 0},    {"base.rates", CARC_F_UNIT_RATE, -1, 0, 2},
        {"base.rates", CARC_F_SYMBOL_RATE, -1, 0, 2}, {"base.total", CARC_CHANGE_RAN, -1, 0, 0},
        {"base.total", CARC_F_TOTAL, -1, 0, 4},       {"base.award", CARC_CHANGE_RAN, -1, 0, 0},
        {"base.award", -3, 0, 0, 4}};
    int n = (int)(sizeof want / sizeof *want);
    CHECK_INT(info.changes, n);
    for (int j = 0; j < n && j < info.changes; j++) {
      carc_change c;
      CHECK_INT(carc_game_scoring_change(g, 0, j, &c), CARC_OK);
      CHECK(strcmp(c.handler, want[j].h) == 0);
      CHECK_INT(c.field, want[j].field);
      CHECK_INT(c.player, want[j].player);
      CHECK_INT(c.before, want[j].before);
      CHECK_INT(c.after, want[j].after);
    }
  }
  carc_game_free(g);
  carc_engine_free(e);
}

/* ------------------------------- the hook list changed by a running hook */

static int adder_calls, added_calls, mover_calls, moved_calls;
static carc_result added_hook(const carc_hook_args *a, void *ud) {
  (void)a;
  ++*(int *)ud;
  return CARC_OK;
}
/* Adds a hook before itself at its own point, on its first call. */
static carc_result adder_hook(const carc_hook_args *a, void *ud) {
  (void)ud;
  if (adder_calls++ == 0)
    CHECK_INT(carc_hook_add(carc_game_engine(a->game), CARC_HOOK_TURN_END, "t.added", 100, NULL, added_hook,
                            &added_calls), CARC_OK);
  return CARC_OK;
}
/* Moves the hook that ran before it to the end of the point, on its first call. */
static carc_result mover_hook(const carc_hook_args *a, void *ud) {
  (void)ud;
  if (mover_calls++ == 0) CHECK_INT(carc_handler_move(carc_game_engine(a->game), "t.moved", 900), CARC_OK);
  return CARC_OK;
}

/* Adds a hook before itself, then fails. */
static carc_result add_then_fail(const carc_hook_args *a, void *ud) {
  (void)ud;
  carc_engine *e = carc_game_engine(a->game);
  if (carc_hook_count(e, CARC_HOOK_TILE_PLACED) == 1)
    CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "t.before", 100, NULL, added_hook, &added_calls), CARC_OK);
  return CARC_ERR_SCRIPT;
}

/* A hook that adds a hook at its own point, or moves one there, while the
 * point runs: every hook still runs at most once per turn. (The list is
 * sorted again under the running loop: the adder ran twice.) */
static void test_hook_list_changed_inside(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.adder", 500, NULL, adder_hook, NULL), CARC_OK);
  carc_game_options o = {2, 1, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(adder_calls, 1);
  CHECK(added_calls <= 1); /* added while the point runs: this turn or from the next */
  int first = added_calls;
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(adder_calls, 2);
  CHECK_INT(added_calls, first + 1);
  carc_game_free(g);
  carc_engine_free(e);

  e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.moved", 100, NULL, added_hook, &moved_calls), CARC_OK);
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.mover", 500, NULL, mover_hook, NULL), CARC_OK);
  g = carc_game_new(e, &o);
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(moved_calls, 1); /* it ran before the move, not again after it */
  CHECK_INT(mover_calls, 1);
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(moved_calls, 2);
  CHECK_INT(mover_calls, 2);
  carc_game_free(g);
  carc_engine_free(e);

  /* the failure names the hook that failed, not the one now in its place */
  e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "t.addfail", 500, NULL, add_then_fail, NULL), CARC_OK);
  g = carc_game_new(e, &o);
  carc_placement_option opt[1];
  CHECK(carc_game_placements(g, opt, 1) >= 1);
  CHECK_INT(carc_game_place(g, opt[0].x, opt[0].y, opt[0].rotation), CARC_ERR_SCRIPT);
  CHECK_HAS(carc_game_error(g), "hook 't.addfail' (tile_placed) failed");
  carc_game_free(g);
  carc_engine_free(e);
}

/* A scoring handler that adds a handler before itself on its first call,
 * then adds 1 to the adjustment. */
static int h_adder_calls, h_added_calls;
static carc_result h_added(carc_score_ctx *c, void *ud) {
  (void)c;
  (void)ud;
  h_added_calls++;
  return CARC_OK;
}
static carc_result h_adder(carc_score_ctx *c, void *ud) {
  (void)ud;
  if (h_adder_calls++ == 0)
    CHECK_INT(carc_handler_add(carc_game_engine(carc_ctx_game(c)), "t.h_added", 100, NULL, h_added, NULL), CARC_OK);
  return carc_ctx_set(c, CARC_F_ADJUST, carc_ctx_get(c, CARC_F_ADJUST) + 1);
}

/* The same for scoring handlers: a handler that adds one before itself
 * while a feature scores runs once for that scoring, and the number it sets
 * afterwards is noted under its own name. */
static void test_handler_list_changed_inside(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_handler_add(e, "t.h_adder", 350, NULL, h_adder, NULL), CARC_OK);
  carc_game *g = check_scenario(e, 2);
  CHECK_INT(carc_game_put_figure(g, 0, 0, 0, 0), CARC_OK); /* on D's city */
  CHECK_INT(carc_game_put_tile(g, check_type(e, "E"), 0, -1, 2), CARC_OK);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_scorings(g), 1);
  CHECK_INT(h_adder_calls, 1);
  CHECK_INT(carc_game_score(g, 0), 5); /* 4 for the city, +1 once */
  carc_scoring_info info;
  CHECK_INT(carc_game_scoring(g, 0, &info), CARC_OK);
  int adjust_by_adder = 0;
  for (int j = 0; j < info.changes; j++) {
    carc_change ch;
    carc_game_scoring_change(g, 0, j, &ch);
    adjust_by_adder += ch.field == CARC_F_ADJUST && strcmp(ch.handler, "t.h_adder") == 0;
  }
  CHECK_INT(adjust_by_adder, 1);
  carc_game_free(g);
  carc_engine_free(e);
}

/* Handlers switched on or off by a running handler: the scoring goes on as
 * a scan of the list would, taking the switch from the next handler on
 * (one before the switcher that was off stays passed), and the filters
 * pick handlers as before, a switched-on one's too (its figure filter
 * holds, its flag filter does not). */
static int sw_counts[8];
static carc_result sw_count(carc_score_ctx *c, void *ud) {
  (void)c;
  sw_counts[(intptr_t)ud]++;
  return CARC_OK;
}
static carc_result sw_switcher(carc_score_ctx *c, void *ud) {
  (void)ud;
  carc_engine *e = carc_game_engine(carc_ctx_game(c));
  if (sw_counts[0]++ == 0) {
    CHECK_INT(carc_handler_enable(e, "t.sw_before", 1), CARC_OK);
    CHECK_INT(carc_handler_enable(e, "t.sw_on", 1), CARC_OK);
    CHECK_INT(carc_handler_enable(e, "t.sw_off", 0), CARC_OK);
    CHECK_INT(carc_handler_enable(e, "t.sw_figure", 1), CARC_OK);
    CHECK_INT(carc_handler_enable(e, "t.sw_flag", 1), CARC_OK);
  }
  return CARC_OK;
}
static void test_handler_switched_inside(void) {
  carc_engine *e = check_base_engine();
  carc_filter city, road, final;
  carc_filter_init(&city);
  carc_filter_init(&road);
  carc_filter_init(&final);
  city.kinds = 1u << CARC_CITY;
  road.kinds = 1u << CARC_ROAD;
  final.reasons = CARC_FINAL;
  CHECK_INT(carc_handler_add(e, "t.sw_before", 50, NULL, sw_count, (void *)(intptr_t)1), CARC_OK);
  CHECK_INT(carc_handler_add(e, "t.sw", 350, NULL, sw_switcher, NULL), CARC_OK);
  CHECK_INT(carc_handler_add(e, "t.sw_on", 360, NULL, sw_count, (void *)(intptr_t)2), CARC_OK);
  CHECK_INT(carc_handler_add(e, "t.sw_off", 370, NULL, sw_count, (void *)(intptr_t)3), CARC_OK);
  CHECK_INT(carc_handler_add(e, "t.sw_city", 380, &city, sw_count, (void *)(intptr_t)4), CARC_OK);
  CHECK_INT(carc_handler_add(e, "t.sw_road", 390, &road, sw_count, (void *)(intptr_t)5), CARC_OK);
  CHECK_INT(carc_handler_add(e, "t.sw_final", 395, &final, sw_count, (void *)(intptr_t)0), CARC_OK);
  carc_filter follower, flag;
  carc_filter_init(&follower);
  carc_filter_init(&flag);
  follower.figure = 0; /* the follower, which stands on the city */
  flag.flag = carc_flag_id(e, "t.sw_flag_never_set");
  CHECK(flag.flag >= 0);
  CHECK_INT(carc_handler_add(e, "t.sw_figure", 396, &follower, sw_count, (void *)(intptr_t)6), CARC_OK);
  CHECK_INT(carc_handler_add(e, "t.sw_flag", 397, &flag, sw_count, (void *)(intptr_t)7), CARC_OK);
  CHECK_INT(carc_handler_enable(e, "t.sw_before", 0), CARC_OK);
  CHECK_INT(carc_handler_enable(e, "t.sw_on", 0), CARC_OK);
  CHECK_INT(carc_handler_enable(e, "t.sw_figure", 0), CARC_OK);
  CHECK_INT(carc_handler_enable(e, "t.sw_flag", 0), CARC_OK);
  carc_game *g = check_scenario(e, 2);
  CHECK_INT(carc_game_put_figure(g, 0, 0, 0, 0), CARC_OK); /* on D's city */
  CHECK_INT(carc_game_put_tile(g, check_type(e, "E"), 0, -1, 2), CARC_OK);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_scorings(g), 1);
  CHECK_INT(carc_game_score(g, 0), 4);
  CHECK_INT(sw_counts[0], 1); /* the switcher; t.sw_final (also counted at 0) did not run */
  CHECK_INT(sw_counts[1], 0); /* switched on, but before the switcher: passed */
  CHECK_INT(sw_counts[2], 1); /* switched on after it: runs */
  CHECK_INT(sw_counts[3], 0); /* switched off after it: does not */
  CHECK_INT(sw_counts[4], 1); /* a city handler, for a city */
  CHECK_INT(sw_counts[5], 0); /* a road handler, not */
  CHECK_INT(sw_counts[6], 1); /* switched on, its figure filter holds: runs */
  CHECK_INT(sw_counts[7], 0); /* switched on, its flag is off: does not */
  carc_game_free(g);
  carc_engine_free(e);
}

/* Line and column numbers in messages stop at INT_MAX: a text of over 2 GiB
 * (a save, a notation) gave negative columns, and signed overflow. The
 * columns are measured on a reserved, untouched 2 GiB + 16 mapping. */
static void test_counts_stop(void) {
  CHECK_INT(count_on(1), 2);
  CHECK_INT(count_on(INT_MAX - 1), INT_MAX);
  CHECK_INT(count_on(INT_MAX), INT_MAX);
  const size_t span = ((size_t)1 << 31) + 16;
  char *text = mmap(NULL, span, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (text == MAP_FAILED) return; /* no address space to spare: nothing to measure */
  CHECK_INT(column_of(text, text + 9), 10);
  CHECK_INT(column_of(text, text + INT_MAX - 1), INT_MAX);
  CHECK_INT(column_of(text, text + ((size_t)1 << 31) + 5), INT_MAX);
  munmap(text, span);
}

int main(void) {
  test_counts_stop();
  test_handler_list_changed_inside();
  test_handler_switched_inside();
  test_hook_list_changed_inside();
  test_breakdown_lines(1);
  test_breakdown_lines(0);
  test_flag_gates();
  test_map_monasteries("demo", NULL);
  test_map_monasteries("ostwald_west", "ostwald_east");
  test_map_monasteries("skarnholm", NULL);
  test_map_monasteries("veldmark", NULL);
  test_place_from_event_callback(1);
  test_place_from_event_callback(0);
  test_rollback_recount();
  test_place_refused_without_hooks();
  test_recount_large();
  test_double_monastery_ring();
  test_recount_base();
  CHECK_INT(mismatches, 0);
  return check_done("test_attack2");
}

/* test_reentry.c - calls made from inside other calls (hooks and event
 * callbacks), and refusals that must say why: the engine's table of tile
 * types grows under a running call, a neutral figure leaves the board in the
 * event log, the "final" line's callback, messages of game-level refusals. */
#include "check.h"
#include <stdlib.h>

/* A placement hook of game `busy` that adds 100 ad-hoc tile types through
 * game `other` of the same engine, the first time it is asked. */
typedef struct grower {
  carc_game *busy, *other;
  int grown, calls;
} grower;

static carc_result grow_types(const carc_hook_args *a, void *ud) {
  grower *gr = ud;
  gr->calls++;
  if (a->game != gr->busy || gr->grown) return CARC_OK;
  gr->grown = 1;
  for (int i = 1; i <= 100; i++) {
    char notation[64];
    snprintf(notation, sizeof notation, "field:N,E,S,W @grown=%d", i);
    if (carc_game_put_notation(gr->other, notation, 0, i, 0) != CARC_OK) return CARC_ERR_STATE;
  }
  return CARC_OK;
}

/* The listing reads the drawn type's record after every hook call: the table
 * it read from moved when it outgrew its block (found by ASan before). */
static void types_added_while_listing(void) {
  carc_engine *e = check_base_engine();
  grower gr = {0};
  CHECK_INT(carc_hook_add(e, CARC_HOOK_PLACEMENT, "t.grow", 500, NULL, grow_types, &gr), CARC_OK);
  gr.other = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1, .no_bag = 1});
  gr.busy = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
  const int types_before = carc_tile_type_count(e);
  carc_placement_option opts[256];
  const int listed = carc_game_placements(gr.busy, opts, 256);
  CHECK(gr.grown);
  CHECK_INT(carc_tile_type_count(e), types_before + 100);
  /* the same list again, with the larger table: the hook allows everything */
  carc_placement_option again[256];
  CHECK_INT(carc_game_placements(gr.busy, again, 256), listed);
  CHECK(listed > 0 && memcmp(opts, again, sizeof opts[0] * (size_t)listed) == 0);
  CHECK_INT(carc_game_place(gr.busy, opts[0].x, opts[0].y, opts[0].rotation), CARC_OK);
  carc_game_free(gr.busy);
  carc_game_free(gr.other);
  carc_engine_free(e);
}

static void keep_line(const carc_game *g, const char *json, void *ud) {
  (void)g;
  char *last = ud;
  snprintf(last, 512, "%s", json);
}

/* A neutral figure taken off the board: its "move" line says "to":null. */
static void neutral_figure_leaves(void) {
  carc_engine *e = check_base_engine();
  const int lake = carc_kind_id(e, "lake");
  carc_figure_def ghost = {.name = "ghost", .per_player = 1, .placement = CARC_PLACE_NEUTRAL, .kinds = 1u << lake,
                           .moved_by_tile_attr = "spook"};
  CHECK_INT(carc_figure_define(e, &ghost), CARC_OK);
  const int spook = carc_attr_id(e, "spook");
  for (int t = 0; t < carc_tile_type_count(e); t++) CHECK_INT(carc_tile_set_attr(e, t, spook, 1), CARC_OK);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 3});
  char last[512] = "";
  carc_game_set_event_callback(g, keep_line, last);
  carc_placement_option o[64];
  CHECK(carc_game_placements(g, o, 64) > 0);
  CHECK_INT(carc_game_place(g, o[0].x, o[0].y, o[0].rotation), CARC_OK);
  const carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
  CHECK_INT(carc_game_act(g, &pass), CARC_OK);
  carc_action acts[64];
  const int n = carc_game_actions(g, acts, 64);
  int off = -1;
  for (int i = 0; i < n && i < 64; i++)
    if (acts[i].type == CARC_ACT_MOVE_NEUTRAL && acts[i].segment < 0) off = i;
  CHECK(off >= 0);
  if (off >= 0) {
    CHECK_INT(carc_game_act(g, &acts[off]), CARC_OK);
    CHECK_HAS(last, "\"event\":\"move\"");
    CHECK_HAS(last, "\"figure\":\"ghost\",\"to\":null}");
  }
  carc_game_free(g);
  carc_engine_free(e);
}

/* The callback of the "final" line runs inside final scoring: a reset or a
 * copy into the game is refused there, as for every other line. */
typedef struct final_probe {
  carc_game *g, *other;
  carc_result reset, copy;
} final_probe;

static void on_final(const carc_game *g, const char *json, void *ud) {
  (void)g;
  final_probe *p = ud;
  if (!strstr(json, "\"event\":\"final\"")) return;
  p->reset = carc_game_reset(p->g, 99);
  p->copy = carc_game_copy(p->g, p->other);
}

static void final_line_refuses_calls(void) {
  carc_engine *e = check_base_engine();
  final_probe p = {carc_game_new(e, &(carc_game_options){.players = 2, .seed = 4}),
                   carc_game_new(e, &(carc_game_options){.players = 2, .seed = 5}), CARC_OK, CARC_OK};
  while (carc_game_phase(p.g) != CARC_PHASE_END) CHECK_INT(carc_bot_play_turn(p.g, CARC_BOT_RANDOM), CARC_OK);
  carc_game_set_event_callback(p.g, on_final, &p);
  CHECK_INT(carc_game_final_scoring(p.g), CARC_OK);
  CHECK_INT(p.reset, CARC_ERR_STATE);
  CHECK_INT(p.copy, CARC_ERR_STATE);
  CHECK_INT(carc_game_phase(p.g), CARC_PHASE_OVER);
  CHECK(carc_board_tiles(p.g) > 1);
  carc_game_free(p.g);
  carc_game_free(p.other);
  carc_engine_free(e);
}

/* Refusals of game calls name their reason in carc_game_error. */
static void refusals_say_why(void) {
  carc_engine *e = check_base_engine(), *f = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
  carc_game *h = carc_game_new(f, &(carc_game_options){.players = 2, .seed = 1});
  CHECK_INT(carc_game_copy(g, h), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_game_error(g), "a game copies only a game of its own engine");
  int award = -1, scores = -1;
  CHECK_INT(carc_game_pending_award(g, 0, 0, &award, &scores), CARC_ERR_STATE);
  CHECK_HAS(carc_game_error(g), "the feature of segment 0 is not being scored");
  CHECK_INT(carc_game_pending_award(g, 0, 7, &award, &scores), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_game_error(g), "no player 7");
  CHECK_INT(carc_game_pending_award(g, 1 << 20, 0, &award, &scores), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_game_error(g), "no segment 1048576");
  CHECK_INT(award, -1);
  carc_game_free(g);
  carc_game_free(h);
  carc_engine_free(e);
  carc_engine_free(f);
}

typedef struct event_count {
  const carc_game *own;
  int mine, others;
} event_count;

static void count_event(const carc_game *g, const char *json, void *ud) {
  (void)json;
  event_count *c = ud;
  if (g == c->own) c->mine++;
  else c->others++;
}

/* The greedy bot tries acts on copies of the game: they report no events. */
static void greedy_trials_are_silent(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
  event_count c = {g, 0, 0};
  carc_game_set_event_callback(g, count_event, &c);
  CHECK_INT(carc_bot_play_game(g, CARC_BOT_GREEDY), CARC_OK);
  CHECK_INT(c.others, 0);
  char *log = malloc(carc_game_log(g, NULL, 0) + 1);
  int lines = 0;
  if (log) {
    carc_game_log(g, log, carc_game_log(g, NULL, 0) + 1);
    for (const char *p = log; *p; p++) lines += *p == '\n';
  }
  CHECK_INT(c.mine, lines); /* one event a line of the game's own log */
  CHECK(c.mine >= 72); /* at least the 71 drawn tiles' "place" lines and the "final" one */
  free(log);
  carc_game_free(g);
  carc_engine_free(e);
}

static carc_result refuse_when_set(const carc_hook_args *a, void *ud) {
  (void)a;
  return *(const int *)ud ? CARC_ERR_STATE : CARC_OK;
}

/* A call that fails and rolls back reports no event: the lines of a call
 * under a transaction reach the callback when it commits. */
static void refused_calls_report_nothing(void) {
  carc_engine *e = check_base_engine();
  int refuse = 0;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.refuse", 100, NULL, refuse_when_set, &refuse), CARC_OK);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
  event_count c = {g, 0, 0};
  carc_game_set_event_callback(g, count_event, &c);
  int moves[64];
  CHECK(carc_game_moves(g, moves, 64) > 0);
  CHECK_INT(carc_game_play(g, moves[0]), CARC_OK);
  CHECK_INT(c.mine, 1); /* the "place" line */
  const int n = carc_game_moves(g, moves, 64);
  CHECK(n > 1);
  char *before = check_save_text(g);
  refuse = 1;
  CHECK_INT(carc_game_play(g, moves[n - 1]), CARC_ERR_STATE); /* an act: its turn end refuses */
  CHECK_INT(c.mine, 1);
  char *after = check_save_text(g);
  CHECK(strcmp(before, after) == 0);
  refuse = 0;
  CHECK_INT(carc_game_play(g, moves[n - 1]), CARC_OK);
  CHECK(c.mine >= 2); /* the act's line, once it holds */
  free(before);
  free(after);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A bot's turn refused at its first call leaves the game byte for byte as
 * it was, its random generator included. */
static void refused_bot_turn_keeps_generator(void) {
  carc_engine *e = check_base_engine();
  int refuse = 0;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "t.refuse", 100, NULL, refuse_when_set, &refuse), CARC_OK);
  for (int bot = 0; bot < 2; bot++) {
    carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 9});
    for (int t = 0; t < 5; t++) CHECK_INT(carc_bot_play_turn(g, (carc_bot)bot), CARC_OK);
    char *before = check_save_text(g);
    refuse = 1;
    CHECK_INT(carc_bot_play_turn(g, (carc_bot)bot), CARC_ERR_STATE);
    CHECK_HAS(carc_game_error(g), "t.refuse");
    char *after = check_save_text(g);
    CHECK(strcmp(before, after) == 0);
    refuse = 0;
    free(before);
    free(after);
    carc_game_free(g);
  }
  carc_engine_free(e);
}

/* An observation hides the seed, which fixes the bag's order. */
static void observation_hides_the_seed(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 3, .seed = 12345});
  for (int t = 0; t < 20; t++) CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  carc_game *o = carc_game_observe(g, 1);
  CHECK(o != NULL);
  if (o) {
    CHECK_INT(carc_game_seed(o), 0);
    char *saved = check_save_text(o);
    CHECK(strstr(saved, "12345") == NULL);
    free(saved);
    carc_game_free(o);
  }
  /* a player that does not exist: NULL, and the engine's message is not
   * written (threads sharing the engine may observe at once) */
  CHECK(carc_game_new(e, &(carc_game_options){.players = 0}) == NULL); /* a message to keep */
  CHECK_HAS(carc_engine_error(e), "players: 0 is outside");
  CHECK(carc_game_observe(g, 3) == NULL);
  CHECK(carc_game_observe(g, -1) == NULL);
  CHECK_HAS(carc_engine_error(e), "players: 0 is outside");
  carc_game_free(g);
  carc_engine_free(e);
}

/* carc_game_lend_read_only as c-api.md promises: while lent, setters,
 * moves, bots and the generator are refused and the save stays the same;
 * loans nest; only the host's own loans end (a second end is refused); a
 * clone of a lent game is not lent. */
static void lent_game_refuses_changes(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 9});
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  char *before = check_save_text(g);
  CHECK_INT(carc_game_lend_read_only(g, 1), CARC_OK);
  CHECK_INT(carc_game_lend_read_only(g, 1), CARC_OK); /* nested */
  CHECK_INT(carc_game_read_only(g), 1);
  CHECK_INT(carc_game_add_score(g, 0, 5), CARC_ERR_STATE);
  CHECK_HAS(carc_game_error(g), "read-only");
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_ERR_STATE);
  CHECK_INT(carc_game_random(g, 6), 0);
  carc_game *copy = carc_game_clone(g);
  CHECK(copy != NULL);
  CHECK_INT(carc_game_read_only(copy), 0);
  CHECK_INT(carc_bot_play_turn(copy, CARC_BOT_RANDOM), CARC_OK);
  carc_game_free(copy);
  char *during = check_save_text(g);
  CHECK(strcmp(before, during) == 0);
  free(during);
  CHECK_INT(carc_game_lend_read_only(g, 0), CARC_OK);
  CHECK_INT(carc_game_read_only(g), 1); /* one loan left */
  CHECK_INT(carc_game_lend_read_only(g, 0), CARC_OK);
  CHECK_INT(carc_game_read_only(g), 0);
  CHECK_INT(carc_game_lend_read_only(g, 0), CARC_ERR_STATE); /* no loan to end */
  CHECK_INT(carc_game_read_only(g), 0);
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A hook of game G that gives another game O a tile of a new notation (or
 * loads a save holding one), then fails: G is as it was, and O keeps its
 * tile and the engine its type (G's rollback once dropped the type from
 * under O, and O's save read freed memory). */
typedef struct lender {
  carc_game *other;
  const char *save; /* loaded instead, when set */
  carc_game *loaded;
  int fail;
} lender;

static carc_result give_then_fail(const carc_hook_args *a, void *ud) {
  lender *l = ud;
  if (a->game == l->other || a->game == l->loaded) return CARC_OK;
  if (l->save) {
    char err[256];
    l->loaded = carc_game_load(carc_game_engine(a->game), l->save, err, sizeof err);
    CHECK(l->loaded != NULL);
  } else {
    CHECK_INT(carc_game_put_notation(l->other, "road:E,W field:N,El,Wl field:S,Er,Wr", 1, 0, 0), CARC_OK);
  }
  carc_game_set_error(a->game, "this hook fails");
  return l->fail ? CARC_ERR_SCRIPT : CARC_OK;
}

static void other_games_types_survive_a_failed_call(void) {
  for (int via_load = 0; via_load <= 1; via_load++) {
    carc_engine *e = check_base_engine();
    char *save = NULL;
    if (via_load) { /* a save holding an ad-hoc tile, made on an engine of its own */
      carc_engine *maker = check_base_engine();
      carc_game *m = carc_game_new(maker, &(carc_game_options){.players = 2, .no_bag = 1});
      CHECK_INT(carc_game_put_notation(m, "road:E,W field:N,El,Wl field:S,Er,Wr", 1, 0, 0), CARC_OK);
      save = check_save_text(m);
      carc_game_free(m);
      carc_engine_free(maker);
    }
    lender l = {NULL, save, NULL, 1};
    CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "test.give", 500, NULL, give_then_fail, &l), CARC_OK);
    carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 3});
    l.other = carc_game_new(e, &(carc_game_options){.players = 2, .no_bag = 1});
    const int types = carc_tile_type_count(e);
    char *before = check_save_text(g);
    carc_placement_option p;
    CHECK(carc_game_placements(g, &p, 1) >= 1);
    CHECK_INT(carc_game_place(g, p.x, p.y, p.rotation), CARC_ERR_SCRIPT);
    CHECK(check_save_is(g, before));
    CHECK_INT(carc_tile_type_count(e), types + 1); /* the other game's type stays */
    carc_game *holder = via_load ? l.loaded : l.other;
    CHECK(holder != NULL);
    if (holder) {
      CHECK_INT(carc_board_tile_type(holder, 1), types);
      char *kept = check_save_text(holder); /* reads the type's notation: freed memory before */
      CHECK(strstr(kept, "road:E,W field:N,El,Wl field:S,Er,Wr") != NULL);
      free(kept);
    }
    /* and G's own failed put of a new notation still leaves no type behind */
    l.fail = 0;
    carc_handler_enable(e, "test.give", 0);
    CHECK_INT(carc_game_put_notation(g, "city:N,E,S,W road:N", 5, 5, 0), CARC_ERR_PARSE);
    CHECK_INT(carc_game_put_notation(g, "city:N,E,S field:W", 0, 0, 0), CARC_ERR_ILLEGAL); /* (0,0) is taken */
    CHECK_INT(carc_tile_type_count(e), types + 1);
    free(before);
    free(save);
    carc_game_free(l.loaded);
    carc_game_free(l.other);
    carc_game_free(g);
    carc_engine_free(e);
  }
}

/* A hook that lends its game read-only and fails: the failed call ends the
 * loan with it and puts the board back (the copy back was once refused as
 * read-only, and the placement stayed). */
static carc_result lend_then_fail(const carc_hook_args *a, void *ud) {
  (void)ud;
  CHECK_INT(carc_game_lend_read_only(a->game, 1), CARC_OK);
  carc_game_set_error(a->game, "lent, then failed");
  return CARC_ERR_SCRIPT;
}

static void a_failed_call_ends_its_loans(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "test.lend", 500, NULL, lend_then_fail, NULL), CARC_OK);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 5});
  char *before = check_save_text(g);
  carc_placement_option p;
  CHECK(carc_game_placements(g, &p, 1) >= 1);
  CHECK_INT(carc_game_place(g, p.x, p.y, p.rotation), CARC_ERR_SCRIPT);
  CHECK_HAS(carc_game_error(g), "lent, then failed");
  CHECK(check_save_is(g, before));
  CHECK_INT(carc_game_read_only(g), 0);
  CHECK_INT(carc_board_tiles(g), 1);
  CHECK_INT(carc_game_lend_read_only(g, 0), CARC_ERR_STATE); /* no loan left to end */
  carc_handler_enable(e, "test.lend", 0);
  CHECK_INT(carc_game_place(g, p.x, p.y, p.rotation), CARC_OK); /* the square is free */
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

/* No tile type is added under live games by the engine's own definers; no
 * engine transaction opens under live games, and no game is made or loaded
 * while one is open (its rollback would take types back from under it). */
static void types_are_not_added_under_live_games(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .no_bag = 1});
  const int types = carc_tile_type_count(e);
  CHECK_INT(carc_tile_define(e, "house", "LATE", 1, "field:N,E,S,W"), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "carc_tile_define: the engine has 1 game alive");
  CHECK_INT(carc_tiles_load(e, "house", "LATE 1 field:N,E,S,W\n", "late.tiles"), CARC_ERR_STATE);
  CHECK_INT(carc_tile_split(e, check_type(e, "V"), "V_LATE", 2), CARC_ERR_STATE);
  CHECK_INT(carc_tile_type_count(e), types);
  CHECK_INT(carc_engine_begin(e), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "carc_engine_begin: the engine has 1 game alive");
  CHECK_INT(carc_game_put_notation(g, "road:E,W field:N,El,Wl field:S,Er,Wr", 1, 0, 0), CARC_OK);
  char *save = check_save_text(g); /* holds an ad-hoc type */
  carc_game_free(g);
  CHECK_INT(carc_tile_define(e, "house", "LATE", 1, "field:N,E,S,W"), CARC_OK); /* no game alive */
  CHECK_INT(carc_engine_begin(e), CARC_OK);
  CHECK(carc_game_new(e, NULL) == NULL);
  CHECK_HAS(carc_engine_error(e), "an engine transaction is open");
  char err[256];
  CHECK(carc_game_load(e, save, err, sizeof err) == NULL);
  CHECK_HAS(err, "an engine transaction is open");
  carc_engine_rollback(e);
  carc_game *loaded = carc_game_load(e, save, err, sizeof err);
  CHECK(loaded != NULL);
  carc_game_free(loaded);
  free(save);
  carc_engine_free(e);
}

/* G's own carc_game_put_notation defines a type; its tile-placed hook hands
 * it to another game before the call fails: by a clone of G, a copy of G
 * into O, the same notation put on O, or a load of G's save. Each way the
 * other game keeps the type (a clone, a copy or a reuse once left it to be
 * dropped: found by an attack, a read of freed memory). */
typedef struct handover {
  int mode, armed;
  carc_game *other;
} handover;

static const char *const HANDED = "road:E,W field:N,El,Wl field:S,Er,Wr";

static carc_result hand_over_then_fail(const carc_hook_args *a, void *ud) {
  handover *h = ud;
  if (!h->armed || a->game == h->other) return CARC_OK;
  h->armed = 0;
  if (h->mode == 0) {
    h->other = carc_game_clone(a->game);
  } else if (h->mode == 1) {
    CHECK_INT(carc_game_copy(h->other, a->game), CARC_OK);
  } else if (h->mode == 2) {
    CHECK_INT(carc_game_put_notation(h->other, HANDED, 1, 0, 0), CARC_OK);
  } else {
    char *save = check_save_text(a->game), err[256];
    h->other = carc_game_load(carc_game_engine(a->game), save, err, sizeof err);
    free(save);
  }
  carc_game_set_error(a->game, "the hook fails");
  return CARC_ERR_SCRIPT;
}

static void handed_over_types_survive(void) {
  for (int mode = 0; mode < 4; mode++) {
    carc_engine *e = check_base_engine();
    handover h = {mode, 0, NULL};
    CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "test.hand", 500, NULL, hand_over_then_fail, &h), CARC_OK);
    const carc_game_options o = {.players = 2, .no_bag = 1};
    carc_game *g = carc_game_new(e, &o);
    if (mode == 1 || mode == 2) h.other = carc_game_new(e, &o);
    const int types = carc_tile_type_count(e);
    char *before = check_save_text(g);
    h.armed = 1;
    CHECK_INT(carc_game_put_notation(g, HANDED, 1, 0, 0), CARC_ERR_SCRIPT);
    CHECK(check_save_is(g, before));
    CHECK(h.other != NULL);
    CHECK_INT(carc_tile_type_count(e), types + 1);
    if (h.other) {
      CHECK_INT(carc_board_tile_type(h.other, carc_board_tiles(h.other) - 1), types);
      char *kept = check_save_text(h.other);
      CHECK(strstr(kept, HANDED) != NULL);
      free(kept);
    }
    carc_game_free(h.other);
    free(before);
    carc_game_free(g);
    carc_engine_free(e);
  }
  /* handed to nobody, the failed call's type is taken back, as before */
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TILE_PLACED, "test.fail", 500, NULL, lend_then_fail, NULL), CARC_OK);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .no_bag = 1});
  const int types = carc_tile_type_count(e);
  CHECK_INT(carc_game_put_notation(g, HANDED, 1, 0, 0), CARC_ERR_SCRIPT);
  CHECK_INT(carc_tile_type_count(e), types);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A setup hook promised infallible that lends its game and fails: the reset
 * leaves the game over and writable, so that a reset may follow. */
static int setup_armed;
static carc_result setup_lend_then_fail(const carc_hook_args *a, void *ud) {
  (void)ud;
  if (!setup_armed) return CARC_OK;
  CHECK_INT(carc_game_lend_read_only(a->game, 1), CARC_OK);
  carc_game_set_error(a->game, "setup lent, then failed");
  return CARC_ERR_SCRIPT;
}

static void failed_reset_ends_its_loans(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_SETUP, "test.setup", 500, NULL, setup_lend_then_fail, NULL), CARC_OK);
  CHECK_INT(carc_hook_set_infallible(e, "test.setup", 1), CARC_OK);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1});
  setup_armed = 1;
  CHECK(carc_game_reset(g, 7) != CARC_OK);
  CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
  CHECK_INT(carc_game_read_only(g), 0);
  setup_armed = 0;
  CHECK_INT(carc_game_reset(g, 7), CARC_OK);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A copy and a clone made in a feature_scored hook hold no running call:
 * once the call is over, a score up to the limit is taken on them (the copy
 * had kept the call's count of staged scorings without their records, and
 * counted stale awards against the limit). */
static carc_game *hooked_copy, *hooked_clone;
static int hook_armed;
static carc_result copy_in_hook(const carc_hook_args *a, void *ud) {
  (void)ud;
  if (hook_armed && !hooked_clone) {
    CHECK_INT(carc_game_copy(hooked_copy, a->game), CARC_OK);
    hooked_clone = carc_game_clone(a->game);
  }
  return CARC_OK;
}
static carc_result award_1000(carc_score_ctx *c, void *ud) {
  (void)ud;
  for (int p = 0; p < carc_ctx_players(c); p++) carc_ctx_set_award(c, p, 1000);
  return CARC_OK;
}
static void copies_in_hooks_hold_no_call(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_FEATURE_SCORED, "test.copy", 500, NULL, copy_in_hook, NULL), CARC_OK);
  CHECK_INT(carc_handler_add(e, "test.big", 650, NULL, award_1000, NULL), CARC_OK);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 3});
  hooked_copy = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 99});
  hooked_clone = NULL;
  hook_armed = 0; /* first the copy's own scorings fill its staging area */
  for (int i = 0; i < 100 && carc_game_score(hooked_copy, 0) + carc_game_score(hooked_copy, 1) == 0; i++)
    carc_bot_play_turn(hooked_copy, CARC_BOT_RANDOM);
  CHECK(carc_game_score(hooked_copy, 0) + carc_game_score(hooked_copy, 1) > 0);
  hook_armed = 1;
  for (int i = 0; i < 200 && !hooked_clone && carc_game_phase(g) != CARC_PHASE_OVER; i++)
    carc_bot_play_turn(g, CARC_BOT_RANDOM);
  CHECK(hooked_clone != NULL);
  carc_game *both[2] = {hooked_copy, hooked_clone};
  for (int k = 0; k < 2 && hooked_clone; k++) {
    const int room = 1000000000 - carc_game_score(both[k], 0);
    CHECK_INT(carc_game_add_score(both[k], 0, room), CARC_OK);
    CHECK_INT(carc_game_score(both[k], 0), 1000000000);
    int award = 0, scored = 0;
    const int last = carc_board_tiles(both[k]) - 1, segs = carc_board_segment_id(both[k], last, 0) + 12;
    for (int seg = 0; seg < segs; seg++) /* no scoring runs on it: no award is pending */
      CHECK(carc_game_pending_award(both[k], seg, 0, &award, &scored) != CARC_OK);
  }
  carc_game_free(hooked_clone);
  carc_game_free(hooked_copy);
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  handed_over_types_survive();
  failed_reset_ends_its_loans();
  other_games_types_survive_a_failed_call();
  a_failed_call_ends_its_loans();
  types_are_not_added_under_live_games();
  lent_game_refuses_changes();
  refused_calls_report_nothing();
  refused_bot_turn_keeps_generator();
  observation_hides_the_seed();
  greedy_trials_are_silent();
  types_added_while_listing();
  neutral_figure_leaves();
  final_line_refuses_calls();
  refusals_say_why();
  copies_in_hooks_hold_no_call();
  return check_done("reentry");
}

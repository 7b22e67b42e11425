/* test_refusals.c - calls that change a game, made where the game may not
 * change (a placement hook or a scoring handler: read-only; the event
 * callback: a call is running), are refused with CARC_ERR_STATE and change
 * nothing (carc_game_random there returns 0 and leaves the generator); play_again is part of the game's state (taken back with a
 * failed call, saved and loaded); and arguments at the ends of int's range
 * are refused, not overflowed (the UBSan build checks the arithmetic). */
#include "check.h"
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

static carc_game *other; /* a second game of the same engine, to copy from */
static carc_result got_copy, got_determinize, got_again;
static uint32_t got_random;   /* carc_game_random where it is refused: 0 */
static int random_refused;    /* ... and the game's error said why */

static void try_random(carc_game *g) {
  got_random = carc_game_random(g, 1000000);
  random_refused = strstr(carc_game_error(g), "generator is read-only") != NULL;
}

static carc_result try_in_hook(const carc_hook_args *a, void *ud) {
  (void)ud;
  got_copy = carc_game_copy(a->game, other);
  got_determinize = carc_game_determinize(a->game, 7);
  got_again = carc_game_play_again(a->game);
  try_random(a->game);
  return CARC_OK;
}

/* A placement hook sees a read-only game: copy, determinize and play_again
 * are refused, and listing the placements leaves the save as it was. */
static void test_in_placement_hook(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_hook_add(e, CARC_HOOK_PLACEMENT, "t.try", 100, NULL, try_in_hook, NULL), CARC_OK);
  carc_game_options o = {2, 3, 5, 0};
  carc_game *g = carc_game_new(e, &o);
  other = carc_game_new(e, &o);
  CHECK_INT(carc_bot_play_turn(other, CARC_BOT_RANDOM), CARC_OK);
  char *before = check_save_text(g);
  carc_placement_option opts[256];
  CHECK(carc_game_placements(g, opts, 256) > 0);
  CHECK_INT(got_copy, CARC_ERR_STATE);
  CHECK_INT(got_determinize, CARC_ERR_STATE);
  CHECK_INT(got_again, CARC_ERR_STATE);
  CHECK_INT(got_random, 0);
  CHECK(random_refused);
  CHECK(check_save_is(g, before)); /* the generator too */
  free(before);
  carc_game_free(other);
  carc_game_free(g);
  carc_engine_free(e);
}

static carc_result copy_in_handler(carc_score_ctx *c, void *ud) {
  (void)ud;
  got_copy = carc_game_copy(carc_ctx_game(c), other);
  try_random(carc_ctx_game(c));
  return CARC_OK;
}

/* A scoring handler's game is read-only too: a copy into it is refused and
 * the scoring goes on over the game it started with. */
static void test_in_handler(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_handler_add(e, "t.copy", 450, NULL, copy_in_handler, NULL), CARC_OK);
  carc_game *g = check_scenario(e, 2);
  carc_game_options o = {2, 3, 9, 0};
  other = carc_game_new(e, &o);
  got_copy = CARC_OK;
  CHECK_INT(carc_game_put_figure(g, 0, 0, 0, 1), CARC_OK); /* red on the start tile's road */
  CHECK_INT(carc_game_put_tile(g, check_type(e, "A"), 1, 0, 1), CARC_OK); /* road ends west */
  CHECK_INT(carc_game_put_tile(g, check_type(e, "A"), -1, 0, 3), CARC_OK); /* and east */
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(got_copy, CARC_ERR_STATE);
  CHECK_INT(got_random, 0);
  CHECK(random_refused);
  CHECK_INT(carc_game_score(g, 0), 3); /* the road of three tiles */
  carc_game_free(other);
  carc_game_free(g);
  carc_engine_free(e);
}

typedef struct {
  carc_game *fresh;
  carc_result got;
  int calls;
} in_event;

static void copy_in_event(const carc_game *g, const char *json, void *ud) {
  (void)json;
  in_event *ev = ud;
  /* the callback's game is const; an embedder who casts that away still
   * meets the running call's refusal */
  if (ev->calls++ == 0) ev->got = carc_game_copy((carc_game *)(uintptr_t)g, ev->fresh);
}

/* The event callback runs inside the call that logged the event: a copy
 * into the game there would replace it under that call. */
static void test_in_event_callback(void) {
  carc_engine *e = check_base_engine();
  carc_game_options o = {2, 3, 11, 0};
  carc_game *g = carc_game_new(e, &o);
  in_event ev = {carc_game_new(e, &o), CARC_OK, 0};
  carc_game_set_event_callback(g, copy_in_event, &ev);
  carc_placement_option opts[256];
  CHECK(carc_game_placements(g, opts, 256) > 0);
  CHECK_INT(carc_game_place(g, opts[0].x, opts[0].y, opts[0].rotation), CARC_OK);
  CHECK(ev.calls >= 1);
  CHECK_INT(ev.got, CARC_ERR_STATE);
  CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
  CHECK_INT(carc_board_tiles(g), 2);
  carc_action acts[64];
  CHECK(carc_game_actions(g, acts, 64) > 0); /* the placed tile is the game's last: its actions list */
  carc_game_set_event_callback(g, NULL, NULL);
  carc_game_free(ev.fresh);
  carc_game_free(g);
  carc_engine_free(e);
}

static carc_result again_then(const carc_hook_args *a, void *ud) {
  CHECK_INT(carc_game_play_again(a->game), CARC_OK);
  return ud ? CARC_ERR_SCRIPT : CARC_OK; /* ud: fail after asking */
}

/* play_again asked by a turn-end hook whose call then fails is taken back
 * with the rest of the call; asked by one that succeeds, it is in the save
 * until the turn ends, and a loaded copy plays on alike. */
static void test_play_again_state(void) {
  for (int fail = 0; fail <= 1; fail++) {
    carc_engine *e = check_base_engine();
    CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.again", 100, NULL, again_then, fail ? e : NULL),
              CARC_OK);
    carc_game_options o = {2, 3, 3, 0};
    carc_game *g = carc_game_new(e, &o);
    carc_placement_option opts[256];
    CHECK(carc_game_placements(g, opts, 256) > 0);
    CHECK_INT(carc_game_place(g, opts[0].x, opts[0].y, opts[0].rotation), CARC_OK);
    char *before = check_save_text(g);
    carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
    CHECK_INT(carc_game_act(g, &pass), fail ? CARC_ERR_SCRIPT : CARC_OK);
    if (fail) {
      CHECK(check_save_is(g, before));
      CHECK_INT(carc_game_current_player(g), 0);
    } else {
      CHECK_INT(carc_game_current_player(g), 0); /* red again */
      CHECK_INT(carc_game_turn(g), 1);
    }
    free(before);
    carc_game_free(g);
    carc_engine_free(e);
  }
  /* asked from outside a call (a host), the mark waits for the turn's end: saved, loaded */
  carc_engine *e = check_base_engine();
  carc_game_options o = {2, 3, 4, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK_INT(carc_game_play_again(g), CARC_OK);
  char *text = check_save_text(g);
  CHECK(strstr(text, "\"play_again\": 1") != NULL);
  char err[256];
  carc_game *copy = carc_game_load(e, text, err, sizeof err);
  CHECK(copy != NULL);
  CHECK(check_save_is(copy, text));
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(carc_bot_play_turn(copy, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(carc_game_current_player(g), 0);
  CHECK_INT(carc_game_current_player(copy), 0);
  char *after = check_save_text(g);
  CHECK(strstr(after, "play_again") == NULL); /* used up: saves read as before */
  CHECK(check_save_is(copy, after));
  free(after);
  free(text);
  carc_game_free(copy);
  carc_game_free(g);
  carc_engine_free(e);
}

/* int's ends, where an index or coordinate is checked: an error, the same
 * save, and no overflow in the check or in the message. */
static void test_int_extremes(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  char *before = check_save_text(g);
  static const int ends[] = {INT_MAX, INT_MAX - 1, INT_MIN, INT_MIN + 1};
  for (int i = 0; i < 4; i++) {
    const int v = ends[i];
    CHECK_INT(carc_game_set_current_player(g, v), CARC_ERR_ARGUMENT);
    CHECK_INT(carc_game_add_score(g, v, 1), CARC_ERR_ARGUMENT);
    CHECK_INT(carc_game_set_token_supply(g, v, 0, 1), CARC_ERR_ARGUMENT);
    CHECK(carc_game_put_figure(g, v, 0, 0, 1) != CARC_OK);
    CHECK(carc_game_put_token(g, v, 0, 0) != CARC_OK);
    CHECK(carc_game_put_tile(g, check_type(e, "A"), v, 0, 0) != CARC_OK);
    CHECK_HAS(carc_game_error(g), "off the board");
    CHECK(carc_game_put_tile(g, check_type(e, "A"), 0, v, 0) != CARC_OK);
    CHECK_HAS(carc_game_error(g), "off the board");
    CHECK(check_save_is(g, before));
  }
  CHECK_INT(carc_game_set_current_player(g, INT_MAX), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_game_error(g), "no player 2147483648");
  free(before);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A NULL name is a name no table holds: the finds say -1, the calls that
 * take a name an error (they dereferenced it). The UBSan build splits a
 * tile type apart by INT_MIN copies, which once overflowed before its check. */
static void test_null_names(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_attr_find(e, NULL), -1);
  CHECK_INT(carc_kind_find(e, NULL), -1);
  CHECK_INT(carc_var_find(e, NULL), -1);
  CHECK_INT(carc_flag_find(e, NULL), -1);
  CHECK_INT(carc_tile_type_find(e, NULL), -1);
  CHECK_INT(carc_figure_type_find(e, NULL), -1);
  CHECK_INT(carc_token_type_find(e, NULL), -1);
  CHECK_INT(carc_handler_find(e, NULL), -1);
  CHECK_INT(carc_tile_set_start(e, NULL), CARC_ERR_UNKNOWN);
  CHECK_INT(carc_engine_use_set(e, NULL, 1), CARC_ERR_UNKNOWN);
  CHECK_INT(carc_handler_describe(e, NULL, "x"), CARC_ERR_UNKNOWN);
  CHECK_INT(carc_handler_enable(e, NULL, 0), CARC_ERR_UNKNOWN);
  CHECK_INT(carc_handler_move(e, NULL, 10), CARC_ERR_UNKNOWN);
  CHECK_INT(carc_handler_move(e, NULL, 1000), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "'?': priority 1000");
  /* names are UTF-8 text without control characters: C1 and surrogates too */
  CHECK_INT(carc_kind_id(e, "sea\xc2\x9b"), -1);
  CHECK_INT(carc_kind_id(e, "sea\xed\xa0\x80"), -1);
  CHECK(carc_kind_id(e, "s\xc3\xa9" "a") >= 0);
  /* followers occupy their feature; no type -1 */
  CHECK_INT(carc_figure_type_occupies(e, 0), 1);
  CHECK_INT(carc_figure_type_occupies(e, -1), -1);
  CHECK_INT(carc_figure_type_occupies(e, carc_figure_type_count(e)), -1);
  const int types = carc_tile_type_count(e);
  CHECK_INT(carc_tile_split(e, check_type(e, "A"), "A_SPLIT", INT_MIN), CARC_ERR_ARGUMENT);
  CHECK_INT(carc_tile_split(e, check_type(e, "A"), "A_SPLIT", INT_MAX), CARC_ERR_ARGUMENT);
  CHECK_INT(carc_tile_type_count(e), types);
  carc_engine_free(e);
}

/* Figures, tokens and a map change what a game's save holds: with games of
 * the engine alive (clones included) they are refused, and allowed again
 * once the last is freed; an engine transaction's rollback keeps the count. */
static void test_define_under_games(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  carc_game *c = carc_game_clone(g);
  CHECK(c != NULL);
  char *before = check_save_text(g);
  const carc_figure_def dragon = {"dragon", 0, 1, 0, CARC_PLACE_NEUTRAL, 1u << CARC_FIELD, NULL, NULL, 0};
  const carc_token_def coin = {"coin", 2, 1};
  const char *map[1] = {"name M\nstart 1,1\ngrid\n. . .\n. . .\nend\n"}, *origin[1] = {"m.map"};
  CHECK_INT(carc_figure_define(e, &dragon), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "figure: the engine has 2 games alive");
  CHECK_INT(carc_token_define(e, &coin), CARC_ERR_STATE);
  CHECK_INT(carc_engine_set_map(e, 1, map, origin), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "map: the engine has 2 games alive");
  CHECK_INT(carc_figure_type_find(e, "dragon"), -1);
  CHECK(check_save_is(g, before));
  CHECK_INT(carc_engine_begin(e), CARC_ERR_STATE); /* its rollback takes back types a game could hold */
  CHECK_HAS(carc_engine_error(e), "carc_engine_begin: the engine has 2 games alive");
  carc_game_free(c);
  CHECK_INT(carc_token_define(e, &coin), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "the engine has 1 game alive");
  carc_game_free(g);
  CHECK_INT(carc_figure_define(e, &dragon), CARC_OK);
  CHECK_INT(carc_token_define(e, &coin), CARC_OK);
  free(before);
  carc_engine_free(e);

  /* the greedy bot's scratch games are not games of the user's */
  e = check_base_engine();
  carc_game_options o = {2, 42, 0, 0};
  g = carc_game_new(e, &o);
  CHECK(g != NULL);
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_GREEDY), CARC_OK);
  CHECK_INT(carc_token_define(e, &coin), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "the engine has 1 game alive");
  carc_game_free(g);
  CHECK_INT(carc_token_define(e, &coin), CARC_OK);
  carc_engine_free(e);
}

int main(void) {
  test_null_names();
  test_define_under_games();
  test_in_placement_hook();
  test_in_handler();
  test_in_event_callback();
  test_play_again_state();
  test_int_extremes();
  return check_done("test_refusals");
}

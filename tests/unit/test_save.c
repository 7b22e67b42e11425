/* test_save.c - carc_game_save / carc_game_load: a save loads into a game that
 * saves byte for byte the same and plays on exactly as the original; bad input
 * gives NULL and a message that names the problem and where it is. */
#include "check.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static char *save_text(const carc_game *g) {
  size_t n = carc_game_save(g, NULL, 0);
  char *buf = malloc(n + 1);
  size_t m = carc_game_save(g, buf, n + 1);
  CHECK_INT(m, n);
  CHECK_INT(strlen(buf), n);
  return buf;
}

/* Whether g's save loads again into e (the message on stderr, under `label`, when not). */
static bool loads_again(carc_engine *e, const carc_game *g, const char *label) {
  char *text = save_text(g), err[512] = "";
  carc_game *k = carc_game_load(e, text, err, sizeof err);
  if (!k) fprintf(stderr, "%s: %s\n", label, err);
  carc_game_free(k);
  free(text);
  return k != NULL;
}

static char *log_text(const carc_game *g) {
  size_t n = carc_game_log(g, NULL, 0);
  char *buf = malloc(n + 1);
  carc_game_log(g, buf, n + 1);
  return buf;
}

/* Features and placements seen through the public API: same order expected. */
static void check_same_board(carc_game *a, carc_game *b) {
  CHECK_INT(carc_board_tiles(b), carc_board_tiles(a));
  static int fa[4096], fb[4096];
  int na = carc_game_features(a, -1, fa, 4096), nb = carc_game_features(b, -1, fb, 4096);
  CHECK_INT(nb, na);
  if (na == nb && na <= 4096) CHECK(memcmp(fa, fb, sizeof(int) * (size_t)na) == 0);
  for (int i = 0; i < na && i < 4096 && na == nb; i++) {
    CHECK_INT(carc_feature_complete(b, fb[i]), carc_feature_complete(a, fa[i]));
    CHECK_INT(carc_feature_open(b, fb[i]), carc_feature_open(a, fa[i]));
    CHECK_INT(carc_feature_tiles(b, fb[i]), carc_feature_tiles(a, fa[i]));
  }
  static carc_placement_option pa[2048], pb[2048];
  int ma = carc_game_placements(a, pa, 2048), mb = carc_game_placements(b, pb, 2048);
  CHECK_INT(mb, ma);
  if (ma == mb && ma <= 2048) CHECK(memcmp(pa, pb, sizeof pa[0] * (size_t)ma) == 0);
  static carc_action aa[512], ab[512];
  int ka = carc_game_actions(a, aa, 512), kb = carc_game_actions(b, ab, 512);
  CHECK_INT(kb, ka);
  if (ka == kb && ka <= 512) CHECK(memcmp(aa, ab, sizeof aa[0] * (size_t)ka) == 0);
}

/* Save, load, save again; then both games play on with the same bot. */
static void round_trip(carc_engine *e, carc_game *g, carc_bot bot, const char *label) {
  char *one = save_text(g);
  char err[512];
  carc_game *h = carc_game_load(e, one, err, sizeof err);
  CHECK(h != NULL);
  if (!h) {
    fprintf(stderr, "%s: load failed: %s\n", label, err);
    free(one);
    return;
  }
  char *two = save_text(h);
  CHECK(strcmp(one, two) == 0);
  if (strcmp(one, two) != 0) fprintf(stderr, "%s: second save differs\n", label);
  CHECK_INT(carc_game_phase(h), carc_game_phase(g));
  CHECK_INT(carc_game_turn(h), carc_game_turn(g));
  CHECK_INT(carc_game_current_player(h), carc_game_current_player(g));
  CHECK_INT(carc_game_drawn_tile(h), carc_game_drawn_tile(g));
  CHECK_INT(carc_game_bag_left(h), carc_game_bag_left(g));
  CHECK_INT(carc_game_set_aside(h), carc_game_set_aside(g));
  CHECK(carc_game_seed(h) == carc_game_seed(g));
  CHECK_INT(carc_game_figures(h), carc_game_figures(g));
  for (int f = 0; f < carc_game_figures(g); f++) {
    CHECK_INT(carc_figure_type(h, f), carc_figure_type(g, f));
    CHECK_INT(carc_figure_owner(h, f), carc_figure_owner(g, f));
    CHECK_INT(carc_figure_segment(h, f), carc_figure_segment(g, f));
  }
  CHECK_INT(carc_game_scorings(h), 0); /* records are not part of the state */
  check_same_board(g, h);

  size_t mark = carc_game_log(g, NULL, 0);
  CHECK(carc_bot_play_game(g, bot) == CARC_OK);
  CHECK(carc_bot_play_game(h, bot) == CARC_OK);
  for (int p = 0; p < carc_game_players(g); p++) CHECK_INT(carc_game_score(h, p), carc_game_score(g, p));
  char *la = log_text(g), *lb = log_text(h);
  CHECK(strcmp(la + mark, lb) == 0);
  if (strcmp(la + mark, lb) != 0) fprintf(stderr, "%s: log tails differ\n", label);
  char *three = save_text(g), *four = save_text(h);
  CHECK(strcmp(three, four) == 0);
  free(la);
  free(lb);
  free(one);
  free(two);
  free(three);
  free(four);
  carc_game_free(h);
}

static carc_game *new_game(carc_engine *e, int players, uint64_t seed) {
  carc_game_options o = {players, seed, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  if (!g) {
    fprintf(stderr, "cannot create a game: %s\n", carc_engine_error(e));
    exit(1);
  }
  return g;
}

static void play_turns(carc_game *g, int n, carc_bot bot) {
  for (int i = 0; i < n && carc_game_phase(g) <= CARC_PHASE_ACT; i++)
    CHECK(carc_bot_play_turn(g, bot) == CARC_OK);
}

static void test_points_of_games(carc_engine *e) {
  static const uint64_t seeds[] = {1, 7, 42, 20261122};
  for (int k = 0; k < 4; k++) {
    int players = 2 + k % 3;
    char label[64];
    /* place phase, at the start and in the middle */
    carc_game *g = new_game(e, players, seeds[k]);
    snprintf(label, sizeof label, "seed %d start", (int)seeds[k]);
    round_trip(e, g, CARC_BOT_RANDOM, label);
    carc_game_free(g);
    g = new_game(e, players, seeds[k]);
    play_turns(g, 20 + 7 * k, CARC_BOT_RANDOM);
    CHECK_INT(carc_game_phase(g), CARC_PHASE_PLACE);
    snprintf(label, sizeof label, "seed %d place", (int)seeds[k]);
    round_trip(e, g, CARC_BOT_RANDOM, label);
    carc_game_free(g);
    /* act phase: a tile placed, its action not taken */
    g = new_game(e, players, seeds[k]);
    play_turns(g, 30 + k, CARC_BOT_RANDOM);
    carc_placement_option opt[8];
    CHECK(carc_game_placements(g, opt, 8) > 0);
    CHECK(carc_game_place(g, opt[0].x, opt[0].y, opt[0].rotation) == CARC_OK);
    CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
    snprintf(label, sizeof label, "seed %d act", (int)seeds[k]);
    round_trip(e, g, CARC_BOT_RANDOM, label);
    carc_game_free(g);
    /* end phase: bag empty, final scoring not yet done */
    g = new_game(e, players, seeds[k]);
    while (carc_game_phase(g) == CARC_PHASE_PLACE || carc_game_phase(g) == CARC_PHASE_ACT)
      CHECK(carc_bot_play_turn(g, CARC_BOT_RANDOM) == CARC_OK);
    CHECK_INT(carc_game_phase(g), CARC_PHASE_END);
    snprintf(label, sizeof label, "seed %d end", (int)seeds[k]);
    round_trip(e, g, CARC_BOT_RANDOM, label);
    carc_game_free(g);
    /* over */
    g = new_game(e, players, seeds[k]);
    CHECK(carc_bot_play_game(g, CARC_BOT_RANDOM) == CARC_OK);
    CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
    snprintf(label, sizeof label, "seed %d over", (int)seeds[k]);
    round_trip(e, g, CARC_BOT_RANDOM, label);
    carc_game_free(g);
  }
  /* a six-player game, saved late */
  carc_game *g = new_game(e, 6, 99);
  play_turns(g, 60, CARC_BOT_RANDOM);
  round_trip(e, g, CARC_BOT_RANDOM, "six players");
  carc_game_free(g);
  /* the greedy bot clones the loaded game while it plays on */
  g = new_game(e, 2, 99);
  play_turns(g, 15, CARC_BOT_GREEDY);
  round_trip(e, g, CARC_BOT_GREEDY, "greedy");
  carc_game_free(g);
}

/* The save's figure list reordered: the even-numbered figures first, then
 * the odd ones, so that each player's figures are split in two runs with
 * the other players' figures between. */
static char *figures_shuffled(const char *text) {
  const char *start = strstr(text, "\"figures\": [\n"), *end = start ? strstr(start, "\n  ],") : NULL;
  if (!end) return NULL;
  start += strlen("\"figures\": [\n");
  const char *lines[256];
  size_t lens[256];
  int n = 0;
  for (const char *l = start; l < end && n < 256; n++) { /* "    {...}," or the last "    {...}" */
    const char *nl = memchr(l, '\n', (size_t)(end - l));
    if (!nl) nl = end;
    lens[n] = (size_t)(nl - l) - (nl[-1] == ',');
    lines[n] = l;
    l = nl + 1;
  }
  char *out = malloc(strlen(text) + 8), *w = out;
  memcpy(w, text, (size_t)(start - text));
  w += start - text;
  for (int k = 0; k < n; k++) {
    const int i = k < (n + 1) / 2 ? 2 * k : 2 * (k - (n + 1) / 2) + 1;
    memcpy(w, lines[i], lens[i]);
    w += lens[i];
    if (k < n - 1) w += sprintf(w, ",\n");
  }
  strcpy(w, end);
  return out;
}

/* The current player's lowest-numbered figure of type ft in the supply. */
static int lowest_free(const carc_game *g, int ft) {
  const int me = carc_game_current_player(g);
  for (int f = 0; f < carc_game_figures(g); f++)
    if (carc_figure_type(g, f) == ft && carc_figure_owner(g, f) == me && carc_figure_segment(g, f) < 0) return f;
  return -1;
}

/* Games a and b hold one position with their figures numbered apart. Played
 * on in step to the end, they offer the same actions, each figure offered
 * being the player's lowest-numbered one of its type in its game's supply.
 * Every third turn the player takes the last figure offered, so that the
 * figures go out and come back as their features close. Returns the
 * figure offers checked. */
static int offers_lowest_free(carc_game *a, carc_game *b) {
  int checked = 0;
  for (int turn = 0; turn < 200 && carc_game_phase(a) == CARC_PHASE_PLACE; turn++) {
    carc_placement_option opt;
    CHECK(carc_game_placements(a, &opt, 1) > 0);
    CHECK(carc_game_place(a, opt.x, opt.y, opt.rotation) == CARC_OK);
    CHECK(carc_game_place(b, opt.x, opt.y, opt.rotation) == CARC_OK);
    carc_action la[64], lb[64];
    const int n = carc_game_actions(a, la, 64);
    CHECK_INT(carc_game_actions(b, lb, 64), n);
    int take = 0;
    for (int k = 0; k < n && k < 64; k++) {
      CHECK_INT(lb[k].type, la[k].type);
      CHECK_INT(lb[k].segment, la[k].segment);
      if (la[k].type != CARC_ACT_FIGURE) continue;
      CHECK_INT(la[k].figure, lowest_free(a, la[k].figure_type));
      CHECK_INT(lb[k].figure, lowest_free(b, lb[k].figure_type));
      checked++;
      if (turn % 3 == 0) take = k;
    }
    CHECK(carc_game_act(a, &la[take]) == CARC_OK);
    CHECK(carc_game_act(b, &lb[take]) == CARC_OK);
  }
  CHECK_INT(carc_game_phase(b), carc_game_phase(a));
  return checked;
}

/* A save may list the figures in any order (players' figures interleaved,
 * some out on the board): the supply's next figure is found in the loaded
 * layout, not assumed to follow the one placed. */
static void test_figure_order(carc_engine *e) {
  carc_game *g = new_game(e, 3, 5);
  play_turns(g, 14, CARC_BOT_RANDOM);
  char *text = save_text(g), *shuffled = figures_shuffled(text), err[512];
  CHECK(shuffled != NULL);
  carc_game *h = shuffled ? carc_game_load(e, shuffled, err, sizeof err) : NULL;
  CHECK(h != NULL);
  if (h) {
    /* shuffled indeed: of 21 figures, 0..10 were 0, 2, .., 20 and 11.. were 1, 3, .. */
    CHECK_INT(carc_game_figures(h), 21);
    CHECK_INT(carc_figure_owner(h, 3), 0);
    CHECK_INT(carc_figure_owner(h, 4), 1);
    CHECK_INT(carc_figure_owner(h, 11), 0);
    CHECK(offers_lowest_free(g, h) > 60);
    carc_game_free(h);
  }
  free(shuffled);
  free(text);
  carc_game_free(g);
}

/* Tokens, variables, flags, a neutral figure and an ad-hoc tile. */
static void test_extras(void) {
  carc_engine *e = check_base_engine();
  carc_token_def gold = {"gold \"bar\"", 3, 1};
  CHECK(carc_token_define(e, &gold) == CARC_OK);
  carc_figure_def dragon = {"dragon", 0, 1, 0, CARC_PLACE_NEUTRAL, 1u << CARC_CITY | 1u << CARC_ROAD,
                            NULL, NULL, 0};
  CHECK(carc_figure_define(e, &dragon) == CARC_OK);
  int var = carc_var_id(e, "test.counter");
  int flag = carc_flag_id(e, "test.flag");
  carc_flag_id(e, "test.other");
  carc_game *g = new_game(e, 3, 5);
  play_turns(g, 12, CARC_BOT_RANDOM);
  CHECK(carc_game_set_var(g, var, -17) == CARC_OK);
  CHECK(carc_game_set_flag(g, flag, 1) == CARC_OK);
  CHECK(carc_game_put_figure(g, -1, carc_figure_type_find(e, "dragon"), 0, 0) == CARC_OK);
  int free_tile = -1;
  for (int t = 0; t < carc_board_tiles(g) && free_tile < 0; t++)
    if (carc_board_tokens(g, t, -1) == 0) free_tile = t;
  CHECK(carc_game_set_token_supply(g, 1, 0, 2) == CARC_OK);
  CHECK(carc_game_put_token(g, 1, 0, free_tile) == CARC_OK);
  round_trip(e, g, CARC_BOT_RANDOM, "extras");
  carc_game_free(g);

  /* a scenario without a bag, with an ad-hoc tile, loaded into a new engine */
  carc_game_options o = {2, 3, 0, 1};
  g = carc_game_new(e, &o);
  CHECK(g != NULL);
  CHECK(carc_game_put_notation(g, "city:N road:E,W field:El,Wr field:Er,S,Wl", 0, -1, 2) == CARC_OK);
  CHECK(carc_game_put_figure(g, 1, 0, 1, 0) == CARC_OK);
  CHECK_INT(carc_game_phase(g), CARC_PHASE_END);
  char *one = save_text(g);
  CHECK(strstr(one, "\"adhoc\": 1") != NULL);
  carc_engine *e2 = check_base_engine();
  carc_token_define(e2, &gold);
  carc_figure_define(e2, &dragon);
  carc_var_id(e2, "test.counter");
  carc_flag_id(e2, "test.flag");
  char err[512];
  carc_game *h = carc_game_load(e2, one, err, sizeof err);
  CHECK(h != NULL);
  if (h) {
    char *two = save_text(h);
    CHECK(strcmp(one, two) == 0);
    CHECK_INT(carc_feature_complete(h, carc_board_segment_id(h, 1, 0)), 1);
    free(two);
    round_trip(e2, h, CARC_BOT_RANDOM, "adhoc");
    carc_game_free(h);
  } else {
    fprintf(stderr, "adhoc load: %s\n", err);
  }
  free(one);
  carc_game_free(g);
  carc_engine_free(e2);
  carc_engine_free(e);
}

/* Replaces the first occurrence of `from` after `after` in text. */
static char *edit(const char *text, const char *after, const char *from, const char *to) {
  const char *start = after ? strstr(text, after) : text;
  const char *at = start ? strstr(start, from) : NULL;
  if (!at) return NULL;
  size_t n = strlen(text) + strlen(to) + 1;
  char *out = malloc(n);
  size_t k = (size_t)(at - text);
  memcpy(out, text, k);
  strcpy(out + k, to);
  strcat(out, at + strlen(from));
  return out;
}

/* Leaves printable bytes in the stack below the caller's frame, where the
 * next call's locals will lie: a buffer read before it is written then shows. */
__attribute__((noinline)) static void dirty_stack(void) {
  volatile char junk[32768];
  for (size_t i = 0; i < sizeof junk; i++) junk[i] = 'Q';
}

static void expect_fail(carc_engine *e, const char *json, const char *needle, const char *label) {
  char err[512] = "untouched";
  carc_game *g = json ? carc_game_load(e, json, err, sizeof err) : NULL;
  CHECK(json != NULL);
  CHECK(g == NULL);
  carc_game_free(g);
  CHECK(strstr(err, needle) != NULL);
  CHECK(strstr(carc_engine_error(e), needle) != NULL);
  if (!strstr(err, needle)) fprintf(stderr, "%s: message '%s' lacks '%s'\n", label, err, needle);
}

/* Replaces the value after the first "key": at or after `after` (the text's
 * start when NULL), up to the next comma, brace or line end. */
static char *set_value_after(const char *text, const char *after, const char *key, const char *value) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": ", key);
  const char *at = strstr(after ? after : text, pat);
  if (!at) return NULL;
  at += strlen(pat);
  const char *end = at + strcspn(at, ",}\n");
  size_t k = (size_t)(at - text);
  char *out = malloc(strlen(text) + strlen(value) + 1);
  memcpy(out, text, k);
  strcpy(out + k, value);
  strcat(out, end);
  return out;
}
static char *set_value(const char *text, const char *key, const char *value) {
  return set_value_after(text, NULL, key, value);
}

/* The act phase on a tile whose feature is scored already: features are
 * scored when the turn ends, so no game reaches it (a follower put there
 * would never come back). E closes the start tile's city, the turn scores
 * it, then U is placed: a save of that act phase moved back to E's tile. */
static void test_act_on_scored_tile(carc_engine *e) {
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1, .no_bag = 1});
  CHECK_INT(carc_game_place_named(g, check_type(e, "E"), 0, -1, 2), CARC_OK);
  const carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
  CHECK_INT(carc_game_act(g, &pass), CARC_OK);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_place_named(g, check_type(e, "U"), 0, 1, 1), CARC_OK);
  CHECK(loads_again(e, g, "act phase after a scored city"));
  char *good = save_text(g);
  char *t = set_value(good, "last_tile", "1");
  expect_fail(e, t, "the act phase's tile 1 has a feature scored already", "act on a scored tile");
  CHECK(t && strstr(carc_engine_error(e), "last_tile (line") != NULL);
  free(t);
  free(good);
  carc_game_free(g);
}

/* States no game can reach are refused, naming where. */
static void test_unreachable(carc_engine *e) {
  /* more followers out than the supply: one more follower for player 0 */
  carc_game *g = new_game(e, 2, 11);
  play_turns(g, 12, CARC_BOT_RANDOM);
  char *good = save_text(g);
  char *t = edit(good, NULL, "\"figures\": [",
                 "\"figures\": [\n    {\"type\": \"follower\", \"owner\": 0, \"at\": null},");
  expect_fail(e, t, "of the supply", "extra follower");
  CHECK(t && strstr(carc_engine_error(e), "figures[") != NULL);
  free(t);
  /* one follower fewer: also not a game's figures */
  t = edit(good, NULL, ",\n    {\"type\": \"follower\", \"owner\": 1, \"at\": null}", "");
  expect_fail(e, t, "player 1 has", "missing follower");
  CHECK(t && strstr(carc_engine_error(e), "figures (line") != NULL);
  free(t);

  /* several followers on one segment */
  const char *out = strstr(strstr(good, "\"figures\""), "\"at\": [");
  CHECK(out != NULL);
  if (out) {
    char where[64];
    size_t n = strcspn(out, "}");
    snprintf(where, sizeof where, "%.*s", (int)n, out);
    t = edit(good, "\"figures\"", "\"at\": null", where);
    expect_fail(e, t, "already holds figures[", "two on one segment");
    CHECK(t && strstr(carc_engine_error(e), "].at (line") != NULL);
    free(t);
  }

  /* a scored incomplete feature: the start tile's fields never complete */
  int open_seg = -1;
  for (int s = 0; s < 16 && open_seg < 0; s++) {
    int id = carc_board_segment_id(g, 0, s);
    if (id >= 0 && !carc_feature_complete(g, id)) open_seg = id;
  }
  CHECK(open_seg >= 0);
  char num[32];
  snprintf(num, sizeof num, "\"scored\": [%d", open_seg);
  const char *sc = strstr(good, "\"scored\": [");
  CHECK(sc != NULL);
  if (sc) {
    t = edit(good, NULL, "\"scored\": [", sc[11] == ']' ? num : strcat(num, ", "));
    expect_fail(e, t, "incomplete", "scored open feature");
    CHECK(t && strstr(carc_engine_error(e), "scored[0] (line") != NULL);
    free(t);
  }

  /* an act phase on the start tile */
  char *a = set_value(good, "phase", "\"act\"");
  t = a ? set_value(a, "last_tile", "0") : NULL;
  expect_fail(e, t, "start tile", "act on start");
  CHECK(t && strstr(carc_engine_error(e), "last_tile (line") != NULL);
  free(t);
  /* no tile just placed: the message points at last_tile, not the document */
  t = a ? set_value(a, "last_tile", "-1") : NULL;
  expect_fail(e, t, "needs the tile just placed", "act without a tile");
  CHECK(t && strstr(carc_engine_error(e), "last_tile (line 1, column 1)") == NULL);
  free(t);
  /* a neutral step after a base tile: no neutral figure could move, the
   * game would wait for ever */
  char *b = a ? set_value(a, "last_tile", "1") : NULL;
  t = b ? set_value(b, "act_step", "\"neutral\"") : NULL;
  expect_fail(e, t, "act_step (line", "neutral step without a trigger");
  CHECK(t && strstr(carc_engine_error(e), "moves no neutral figure") != NULL);
  free(b);
  free(a);
  free(t);
  free(good);
  carc_game_free(g);

  /* a board at the coordinate limit: its neighbours would be off the board */
  g = new_game(e, 2, 5);
  good = save_text(g);
  const char *tl = strstr(good, "\"tiles\"");
  t = tl ? edit(good, "\"tiles\"", "\"x\": 0", "\"x\": 30000") : NULL;
  expect_fail(e, t, "outside", "tile at the limit");
  CHECK(t && strstr(carc_engine_error(e), "tiles[0].x (line") != NULL);
  free(t);
  t = tl ? edit(good, "\"tiles\"", "\"y\": 0", "\"y\": -30000") : NULL;
  expect_fail(e, t, "outside", "tile at the limit");
  free(t);
  /* one square in, every offered placement is taken */
  t = tl ? edit(good, "\"tiles\"", "\"x\": 0", "\"x\": 29999") : NULL;
  char err[512];
  carc_game *h = t ? carc_game_load(e, t, err, sizeof err) : NULL;
  CHECK(h != NULL);
  if (h) {
    static carc_placement_option po[512];
    int n = carc_game_placements(h, po, 512);
    CHECK(n > 0);
    for (int i = 0; i < n && i < 512; i++) {
      carc_game *k = carc_game_load(e, t, err, sizeof err);
      CHECK(po[i].x <= 29999); /* the squares beyond the last column are not offered */
      CHECK(k && carc_game_place(k, po[i].x, po[i].y, po[i].rotation) == CARC_OK);
      carc_game_free(k);
    }
  }
  carc_game_free(h);
  free(t);
  /* in the corner, the random bot's own draws stay on the board too: its
   * game saves and loads again (a load refuses a tile beyond the limit) */
  char *cx = tl ? edit(good, "\"tiles\"", "\"x\": 0", "\"x\": 29999") : NULL;
  t = cx ? edit(cx, "\"tiles\"", "\"y\": 0", "\"y\": -29999") : NULL;
  free(cx);
  h = t ? carc_game_load(e, t, err, sizeof err) : NULL;
  CHECK(h != NULL);
  if (h) {
    play_turns(h, 40, CARC_BOT_RANDOM);
    CHECK(carc_board_tiles(h) > 30);
    CHECK(loads_again(e, h, "corner game"));
  }
  carc_game_free(h);
  free(t);
  free(good);
  carc_game_free(g);
}

/* `json` loads, and saves again as `want`. */
static void expect_loads_as(carc_engine *e, const char *json, const char *want) {
  char err[256];
  carc_game *h = carc_game_load(e, json, err, sizeof err);
  CHECK(h != NULL);
  char *again = h ? save_text(h) : NULL;
  CHECK(again && strcmp(again, want) == 0);
  free(again);
  carc_game_free(h);
}

static void test_malformed(carc_engine *e) {
  carc_game *g = new_game(e, 2, 11);
  play_turns(g, 10, CARC_BOT_RANDOM);
  char *good = save_text(g);

  /* the snprintf contract: a short buffer gets a prefix and the full length */
  char small[16];
  CHECK_INT(carc_game_save(g, small, sizeof small), strlen(good));
  CHECK(strncmp(small, good, sizeof small - 1) == 0 && small[sizeof small - 1] == '\0');

  char *cut = malloc(strlen(good) + 1);
  strcpy(cut, good);
  cut[strlen(cut) / 2] = '\0';
  expect_fail(e, cut, "end of input", "truncated");
  free(cut);
  expect_fail(e, "", "line 1, column 1", "empty");
  expect_fail(e, "{\"format\": \"carcassonne-save\",\n \"version\": 1 x", "line 2, column 15", "junk");
  expect_fail(e, "[1, 2]", "expected an object", "array");
  /* a name given twice is ambiguous (the first counted before) */
  expect_fail(e, "{\"format\": \"carcassonne-save\",\n \"version\": 1, \"format\": \"x\"}",
              "line 2, column 16, at format: duplicate member name", "duplicate");
  /* a UTF-8 byte order mark first (an editor's) is no part of the save */
  char *bom = malloc(strlen(good) + 4);
  if (bom) {
    snprintf(bom, strlen(good) + 4, "\xEF\xBB\xBF%s", good);
    expect_loads_as(e, bom, good);
    bom[strlen(bom) - 1] = ','; /* the last '}' */
    expect_fail(e, bom, "column", "a byte order mark and a syntax error");
  }
  free(bom);
  /* past the members compared one by one (256): the object is checked when
   * it closes. Padded with 300 unknown names, the save still loads; with a
   * second "scores" before the save's own, it is refused at the later one. */
  size_t pad_len = strlen(good) + 300 * 24 + 64;
  char *padded = malloc(pad_len), *twice = malloc(pad_len);
  if (padded && twice) {
    size_t n = (size_t)snprintf(padded, pad_len, "{");
    for (int i = 0; i < 300; i++) n += (size_t)snprintf(padded + n, pad_len - n, "\"pad%d\": 0, ", i);
    snprintf(twice, pad_len, "%s\"scores\": [500, 7], %s", padded, good + 1);
    snprintf(padded + n, pad_len - n, "%s", good + 1);
    expect_loads_as(e, padded, good);
    expect_fail(e, twice, "at scores: duplicate member name", "duplicate past 256 members");
  }
  free(padded);
  free(twice);
  expect_fail(e, "{\"format\": \"chess\"}", "format", "format");
  expect_fail(e, "{\"format\": \"carcassonne-save\"}", "version (line 1, column 1): missing",
              "missing");

  char *t = edit(good, "\"tiles\"", "{\"type\": \"", "{\"type\": \"NOPE");
  expect_fail(e, t, "unknown tile 'NOPE", "unknown tile");
  CHECK(t && strstr(carc_engine_error(e), "tiles[0].type") != NULL);
  free(t);
  t = edit(good, "\"bag\"", "[\"", "[\"ZZ");
  expect_fail(e, t, "bag[0]", "unknown bag tile");
  free(t);
  /* the second tile moved far away: it touches nothing */
  const char *second = strstr(strstr(good, "\"tiles\""), "},\n    {");
  CHECK(second != NULL);
  if (second) {
    char *moved = set_value_after(good, second, "x", "900");
    expect_fail(e, moved, "does not fit", "far tile");
    CHECK(moved && strstr(carc_engine_error(e), "tiles[1]") != NULL);
    free(moved);
    /* a syntax error names the path it is at, as a bad value does; a long
     * member name is cut between characters, an empty one shown as "" */
    static const struct {
      const char *x, *needle, *label;
    } syntax[] = {
        {"1.5", ", at tiles[1].x: only whole numbers are expected", "fraction"},
        {"[[{\"a\\u0001b\": tru}]]", ", at tiles[1].x[0][0].a?b: unexpected word", "deep bad word"},
        {"{\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9\": {\"\": 1.5}}",
         ", at tiles[1].x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa....\"\": only whole", "cut name"},
    };
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++) {
      moved = set_value_after(good, second, "x", syntax[i].x);
      expect_fail(e, moved, syntax[i].needle, syntax[i].label);
      free(moved);
    }
  }
  /* a tile on the start tile's square */
  if (second) {
    const char *x = strstr(second, "\"x\": ");
    const char *y = x ? strstr(x, "\"y\": ") : NULL;
    const char *end = y ? strstr(y, ", \"rotation\"") : NULL;
    if (end) {
      size_t k = (size_t)(x - good);
      char *stacked = malloc(strlen(good) + 32);
      memcpy(stacked, good, k);
      strcpy(stacked + k, "\"x\": 0, \"y\": 0");
      strcat(stacked, end);
      expect_fail(e, stacked, "square is taken", "stacked tile");
      free(stacked);
    }
  }
  t = edit(good, "\"figures\"", "{\"type\": \"follower\"", "{\"type\": \"wizard\"");
  expect_fail(e, t, "unknown figure 'wizard'", "unknown figure");
  free(t);
  t = edit(good, NULL, "\"rng\": \"", "\"rng\": \"xyz");
  expect_fail(e, t, "rng (line", "rng");
  free(t);
  t = edit(good, NULL, "\"vars\": {", "\"vars\": {\"nobody\": 3");
  expect_fail(e, t, "unknown variable 'nobody'", "var");
  free(t);
  t = edit(good, NULL, "\"phase\": \"place\"", "\"phase\": \"lunch\"");
  expect_fail(e, t, "unknown phase", "phase");
  free(t);
  /* a value quoted in the message shows its control characters as '?' */
  t = edit(good, NULL, "\"phase\": \"place\"", "\"phase\": \"\\u001b[2Jx\\n\"");
  expect_fail(e, t, "unknown phase '?[2Jx?'", "phase with an escape");
  free(t);
  t = edit(good, NULL, "\"act_step\": \"main\"", "\"act_step\": \"neutral\"");
  expect_fail(e, t, "only the act phase", "act step");
  free(t);
  t = edit(good, NULL, "\"current\": ", "\"current\": 9");
  expect_fail(e, t, "current", "current");
  free(t);
  char deep[300];
  memset(deep, '[', 299);
  deep[299] = '\0';
  expect_fail(e, deep, "nested too deeply", "deep");
  expect_fail(e, "{\"format\": \"carc\\qx\"}", "bad escape", "escape");
  expect_fail(e, "{\"seed\": 1.5}", "whole numbers", "fraction");
  /* outside any container a syntax error has no path (the path's buffer
   * was once read unwritten there) */
  const char *bare[] = {"", "x", "   "};
  for (size_t i = 0; i < sizeof bare / sizeof bare[0]; i++) {
    char msg[256];
    memset(msg, 'Z', sizeof msg);
    dirty_stack();
    CHECK(carc_game_load(e, bare[i], msg, sizeof msg) == NULL);
    CHECK(strstr(msg, "JSON line 1, column ") != NULL && strstr(msg, ", at ") == NULL &&
          strlen(msg) < 100);
  }
  CHECK(carc_game_load(e, NULL, NULL, 0) == NULL);

  /* the good text still loads after all that */
  char err[512];
  carc_game *h = carc_game_load(e, good, err, sizeof err);
  CHECK(h != NULL);
  carc_game_free(h);
  free(good);
  carc_game_free(g);
}

/* A game of millions of tiles has millions of turns: a save says so, and
 * loads (the turn was once bounded by 1,000,000). */
static void test_long_game_turn(carc_engine *e) {
  carc_game *g = new_game(e, 2, 3);
  play_turns(g, 6, CARC_BOT_RANDOM);
  char *good = save_text(g);
  char *t = set_value(good, "turn", "1048612");
  char err[256] = "";
  carc_game *h = t ? carc_game_load(e, t, err, sizeof err) : NULL;
  CHECK(h != NULL);
  if (!h) fprintf(stderr, "load refused: %s\n", err);
  CHECK_INT(h ? carc_game_turn(h) : -1, 1048612);
  if (h) CHECK_INT(carc_bot_play_turn(h, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(h ? carc_game_turn(h) : -1, 1048613);
  carc_game_free(h);
  free(t);
  t = set_value(good, "turn", "2147483648");
  expect_fail(e, t, "turn", "turn past 32 bits");
  free(t);
  /* the count stops at 2^30 (at 2^31 - 1 the next turn overflowed): a save
   * is taken only while its bag's tiles fit under it, and then plays to its
   * end and saves a game its loader takes */
  t = set_value(good, "turn", "2147483647");
  expect_fail(e, t, "turn (line", "turn at the top of 32 bits");
  free(t);
  /* the drawn tile and the bag's: the last turn may end at the limit, not past it */
  char last[32], past[32];
  snprintf(last, sizeof last, "%d", (1 << 30) - 1 - carc_game_bag_left(g));
  snprintf(past, sizeof past, "%d", (1 << 30) - carc_game_bag_left(g));
  CHECK_INT(carc_game_phase(g), CARC_PHASE_PLACE);
  t = set_value(good, "turn", past);
  expect_fail(e, t, "tiles in the bag would pass 1073741824 turns", "a turn too near the limit for its bag");
  free(t);
  t = set_value(good, "turn", last);
  h = t ? carc_game_load(e, t, err, sizeof err) : NULL;
  CHECK(h != NULL);
  while (h && carc_game_phase(h) != CARC_PHASE_OVER && carc_bot_play_turn(h, CARC_BOT_RANDOM) == CARC_OK) {}
  CHECK(h && carc_game_phase(h) == CARC_PHASE_OVER);
  CHECK(h && carc_game_turn(h) > 1073741700 && carc_game_turn(h) <= 1073741824);
  CHECK(h && loads_again(e, h, "a game ended at the turn limit"));
  carc_game_free(h);
  free(t);
  free(good);
  carc_game_free(g);
}

/* A variable's range (carc_var_set_range): a set outside it fails naming
 * the variable and leaves the value; a save holding a value outside it, or
 * leaving a variable out, is refused at its path. */
static void test_var_ranges(void) {
  carc_engine *e = check_base_engine();
  const int v = carc_var_id(e, "t.count"), w = carc_var_id(e, "t.free");
  CHECK_INT(carc_var_set_range(e, v, 1, 5), CARC_ERR_ARGUMENT); /* 0 is a new game's value */
  CHECK(strstr(carc_engine_error(e), "must hold 0") != NULL);
  CHECK_INT(carc_var_set_range(e, 99, 0, 5), CARC_ERR_UNKNOWN);
  CHECK_INT(carc_var_set_range(e, v, 0, 5), CARC_OK);
  int lo = 1, hi = 1;
  carc_var_range(e, w, &lo, &hi);
  CHECK(lo == INT32_MIN && hi == INT32_MAX);
  carc_var_range(e, v, &lo, &hi);
  CHECK(lo == 0 && hi == 5);
  carc_game *g = new_game(e, 2, 5);
  CHECK_INT(carc_var_set_range(e, v, 0, 9), CARC_ERR_STATE); /* a game holds values under the old one */
  CHECK_INT(carc_game_set_var(g, v, 5), CARC_OK);
  CHECK_INT(carc_game_set_var(g, v, 6), CARC_ERR_ARGUMENT);
  CHECK(strstr(carc_game_error(g), "variable 't.count': 6 is outside its range 0..5") != NULL);
  CHECK_INT(carc_game_var(g, v), 5);
  CHECK_INT(carc_game_set_var(g, w, INT32_MIN), CARC_OK);
  char *good = save_text(g);
  char *t = edit(good, "\"vars\"", "\"t.count\": 5", "\"t.count\": 6");
  expect_fail(e, t, "vars.t.count (line", "a variable past its range");
  free(t);
  t = edit(good, "\"vars\"", "\"t.count\": 5, ", "");
  expect_fail(e, t, "variable 't.count' is missing", "a variable left out");
  free(t);
  carc_game *h = carc_game_load(e, good, NULL, 0);
  CHECK(h != NULL);
  CHECK_INT(h ? carc_game_var(h, v) : -1, 5);
  carc_game_free(h);
  free(good);
  carc_game_free(g);
  carc_engine_free(e);
}

/* Sets variable `name` in a save's text to `value`, loads it: the game or NULL. */
static carc_game *load_with(carc_engine *e, const char *text, const char *name, const char *value, char *err,
                            size_t cap) {
  char *t = set_value_after(text, strstr(text, "\"vars\""), name, value);
  carc_game *g = t ? carc_game_load(e, t, err, cap) : NULL;
  free(t);
  return g;
}

/* A card stack in two variables (carc_var_set_stack): their ranges follow
 * its size, and a save is taken only when they hold an order of the cards. */
static void test_var_stacks(void) {
  carc_engine *e = check_base_engine();
  const int a = carc_var_id(e, "s.active"), r = carc_var_id(e, "s.rest"), o = carc_var_id(e, "s.other");
  CHECK_INT(carc_var_set_range(e, o, 0, 4), CARC_OK);
  CHECK_INT(carc_var_set_stack(e, a, o, 3), CARC_ERR_ARGUMENT); /* o's range is not a stack's: nothing set */
  CHECK_INT(carc_var_range(e, a, NULL, NULL), 0);
  CHECK_INT(carc_var_set_stack(e, a, a, 3), CARC_ERR_UNKNOWN);
  CHECK_INT(carc_var_set_stack(e, a, r, 9), CARC_ERR_ARGUMENT);
  CHECK_INT(carc_var_set_stack(e, a, r, 3), CARC_OK);
  CHECK_INT(carc_var_set_stack(e, a, r, 3), CARC_OK); /* the same stack again: a deal hook and a turn hook */
  CHECK_INT(carc_var_set_stack(e, a, r, 4), CARC_ERR_ARGUMENT);
  CHECK_INT(carc_var_set_range(e, a, -100, 100), CARC_ERR_ARGUMENT); /* a stack's range is the stack's */
  CHECK(strstr(carc_engine_error(e), "holds a card stack") != NULL);
  /* a rolled-back declaration leaves neither the stack nor its ranges; the 17th stack is past the limit */
  const int ra = carc_var_id(e, "s.ra"), rr = carc_var_id(e, "s.rr");
  CHECK_INT(carc_engine_begin(e), CARC_OK);
  CHECK_INT(carc_var_set_stack(e, ra, rr, 2), CARC_OK);
  carc_engine_rollback(e);
  CHECK_INT(carc_var_range(e, ra, NULL, NULL) | carc_var_range(e, rr, NULL, NULL), 0);
  CHECK_INT(carc_var_set_range(e, ra, 0, 9), CARC_OK); /* no stack holds it now */
  for (int k = 0; k < 15; k++) { /* 1 stack declared above, 15 more */
    char n1[16], n2[16];
    snprintf(n1, sizeof n1, "s.a%d", k);
    snprintf(n2, sizeof n2, "s.r%d", k);
    CHECK_INT(carc_var_set_stack(e, carc_var_id(e, n1), carc_var_id(e, n2), 2), CARC_OK);
  }
  CHECK_INT(carc_var_set_stack(e, carc_var_id(e, "s.a99"), carc_var_id(e, "s.r99"), 2), CARC_ERR_LIMIT);
  int lo, hi;
  CHECK_INT(carc_var_range(e, r, &lo, &hi), 1);
  CHECK(lo == 0 && hi == 3 * 16 + 3);
  carc_game *g = new_game(e, 2, 8);
  char *text = save_text(g), err[512];
  carc_game *h = carc_game_load(e, text, err, sizeof err); /* not dealt: 0 and 0 */
  CHECK(h != NULL);
  carc_game_free(h);
  CHECK_INT(carc_game_set_var(g, a, 2), CARC_OK);
  CHECK_INT(carc_game_set_var(g, r, 3 * 16 + 1), CARC_OK); /* 2 up, then 1, then 3 */
  free(text);
  text = save_text(g);
  h = carc_game_load(e, text, err, sizeof err);
  CHECK(h != NULL);
  carc_game_free(h);
  /* rests (the next card lowest) with 2 up: 3 then 3; 3 then no card; no card (0) then 3; 2 then 3 (2 is
   * up); 1 then 1 */
  static const char *const refused[] = {"51", "3", "48", "50", "17"};
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
    h = load_with(e, text, "s.rest", refused[i], err, sizeof err);
    CHECK(h == NULL);
    CHECK(strstr(err, "vars.s.rest (line") != NULL && strstr(err, "no order of the card stack's cards 1..3") != NULL);
    if (h || !strstr(err, "no order")) fprintf(stderr, "rest %s: %s\n", refused[i], err);
    carc_game_free(h);
  }
  h = load_with(e, text, "s.rest", "19", err, sizeof err); /* 3 then 1: another order, taken */
  CHECK(h != NULL);
  CHECK_INT(h ? carc_game_var(h, r) : -1, 19);
  carc_game_free(h);
  h = load_with(e, text, "s.active", "0", err, sizeof err); /* not dealt needs rest 0 too */
  CHECK(h == NULL);
  carc_game_free(h);
  free(text);
  /* carc_game_set_var keeps the pair an order, as a save must: a rest that
   * is none is refused (the game unchanged); a new face-up card swaps places
   * with the old one; 0 undeals; a deal from 0 puts the others in order */
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
    CHECK_INT(carc_game_set_var(g, r, atoi(refused[i])), CARC_ERR_ARGUMENT);
    CHECK(strstr(carc_game_error(g), "no order of the card stack's cards 1..3 other than 's.active' = 2") != NULL);
    CHECK_INT(carc_game_var(g, r), 3 * 16 + 1);
  }
  CHECK_INT(carc_game_set_var(g, a, 3), CARC_OK); /* 2 up, 1 then 3: now 3 up, 1 then 2 */
  CHECK_INT(carc_game_var(g, r), 2 * 16 + 1);
  CHECK(loads_again(e, g, "a new face-up card"));
  CHECK_INT(carc_game_set_var(g, a, 0), CARC_OK);
  CHECK_INT(carc_game_var(g, r), 0);
  CHECK_INT(carc_game_set_var(g, a, 2), CARC_OK); /* dealt again: 1 then 3 */
  CHECK_INT(carc_game_var(g, r), 3 * 16 + 1);
  CHECK(loads_again(e, g, "a deal from 0"));
  /* both at once: an order is taken, anything else refused with nothing changed */
  CHECK_INT(carc_game_set_stack(g, a, 1, 2 * 16 + 3), CARC_OK);
  CHECK(carc_game_var(g, a) == 1 && carc_game_var(g, r) == 2 * 16 + 3);
  CHECK_INT(carc_game_set_stack(g, a, 1, 1 * 16 + 3), CARC_ERR_ARGUMENT);
  CHECK(strstr(carc_game_error(g), "card stack 's.active': 1 up with 19 is no order of its cards 1..3") != NULL);
  CHECK_INT(carc_game_set_stack(g, a, 0, 5), CARC_ERR_ARGUMENT);
  CHECK(carc_game_var(g, a) == 1 && carc_game_var(g, r) == 2 * 16 + 3);
  CHECK_INT(carc_game_set_stack(g, r, 1, 0), CARC_ERR_UNKNOWN); /* the rest names no stack's card up */
  CHECK_INT(carc_game_lend_read_only(g, 1), CARC_OK); /* a lent game: refused, as the other setters */
  CHECK_INT(carc_game_set_stack(g, a, 2, 3 * 16 + 1), CARC_ERR_STATE);
  CHECK_INT(carc_game_set_var(g, a, 2), CARC_ERR_STATE);
  CHECK_INT(carc_game_lend_read_only(g, 0), CARC_OK);
  CHECK(carc_game_var(g, a) == 1 && carc_game_var(g, r) == 2 * 16 + 3);
  CHECK_INT(carc_game_set_stack(g, a, 0, 0), CARC_OK);
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  carc_engine *e = check_base_engine();
  test_points_of_games(e);
  test_extras();
  test_malformed(e);
  test_unreachable(e);
  test_act_on_scored_tile(e);
  test_long_game_turn(e);
  test_var_ranges();
  test_var_stacks();
  test_figure_order(e);
  carc_engine_free(e);
  return check_done("test_save");
}

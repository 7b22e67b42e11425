/* test_hook_records.c - every point a game gives is in its scoring records.
 * Points a hook gives with carc_game_add_score (game:add_score in Lua) are
 * records of reason CARC_BY_HOOK naming the hook. Over whole seeded games
 * with every expansion that adds points in hooks (the Fairy, the King and
 * Robber, trade goods, gold mines; the Maps expansion's island arms on a
 * map) and with a C hook, the records of each player sum to his
 * score; each such hook shows up by name in some record and in the text of
 * the breakdown; and with records off a game keeps none and plays the
 * same, and carc_game_add_score allocates nothing. */
#include "check.h"
#include "carc_lua.h"
#include <stdlib.h>
#include <string.h>

static long allocations;
static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (nsize > (ptr ? osize : 0)) allocations++;
  return realloc(ptr, nsize);
}

#define MAX_SEEN 16
typedef struct seen {
  int n;
  char name[MAX_SEEN][CARC_MAX_NAME];
} seen;

static void note(seen *s, const char *name) {
  for (int i = 0; i < s->n; i++)
    if (!strcmp(s->name[i], name)) return;
  if (s->n < MAX_SEEN) snprintf(s->name[s->n++], CARC_MAX_NAME, "%s", name);
}
static int was_seen(const seen *s, const char *name) {
  for (int i = 0; i < s->n; i++)
    if (!strcmp(s->name[i], name)) return 1;
  return 0;
}

/* The records of game g sum to each score; hook records are noted. */
static void check_sums(carc_game *g, seen *hooks) {
  long sum[CARC_MAX_PLAYERS] = {0};
  for (int i = 0; i < carc_game_scorings(g); i++) {
    carc_scoring_info info;
    CHECK_INT(carc_game_scoring(g, i, &info), CARC_OK);
    for (int p = 0; p < carc_game_players(g); p++) sum[p] += info.award[p];
    if (info.reason != CARC_BY_HOOK) continue;
    CHECK_INT(info.kind, -1);
    CHECK_INT(info.feature, -1);
    CHECK_INT(info.changes, 1);
    carc_change c;
    CHECK_INT(carc_game_scoring_change(g, i, 0, &c), CARC_OK);
    CHECK_INT(c.field, -3);
    CHECK(c.player >= 0 && c.player < carc_game_players(g));
    CHECK_INT(c.after, info.total);
    CHECK_INT(info.award[c.player], info.total);
    if (!was_seen(hooks, c.handler)) { /* once per hook: its line in the breakdown */
      char text[256];
      carc_game_describe_scoring(g, i, text, sizeof text);
      CHECK_HAS(text, c.handler);
      CHECK_HAS(text, carc_player_name(c.player));
    }
    note(hooks, c.handler);
  }
  for (int p = 0; p < carc_game_players(g); p++) {
    if (sum[p] != carc_game_score(g, p))
      fprintf(stderr, "seed %llu player %d: records sum to %ld, score %d\n",
              (unsigned long long)carc_game_seed(g), p + 1, sum[p], carc_game_score(g, p));
    CHECK_INT(sum[p], carc_game_score(g, p));
  }
}

/* `games` seeded games of the ruleset at `path`; then the hooks expected. */
static void test_ruleset(const char *path, int games, const char *const *want) {
  carc_engine *e = carc_engine_new(counting_alloc, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) abort();
  carc_lua *cl = carc_lua_new(e, 0);
  if (!cl || carc_lua_load_ruleset(cl, path) != CARC_OK) {
    fprintf(stderr, "%s: %s\n", path, cl ? carc_lua_error(cl) : "no Lua state");
    exit(1);
  }
  seen hooks = {0};
  long hook_records = 0;
  for (int k = 0; k < games; k++) {
    carc_game_options o = {2 + k % 4, 1000 + (uint64_t)k, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    carc_game *off = carc_game_new(e, &o);
    CHECK(g && off);
    if (!g || !off) exit(1);
    carc_game_keep_records(off, 0);
    carc_bot bot = k % 10 == 9 ? CARC_BOT_GREEDY : CARC_BOT_RANDOM;
    CHECK_INT(carc_bot_play_game(g, bot), CARC_OK);
    CHECK_INT(carc_bot_play_game(off, bot), CARC_OK);
    check_sums(g, &hooks);
    for (int i = 0; i < carc_game_scorings(g); i++) {
      carc_scoring_info info;
      carc_game_scoring(g, i, &info);
      hook_records += info.reason == CARC_BY_HOOK;
    }
    /* records off: none kept, and the same game */
    CHECK_INT(carc_game_scorings(off), 0);
    CHECK(check_same_save(g, off));
    carc_game_free(g);
    carc_game_free(off);
  }
  fprintf(stderr, "%s: %d games, %ld records of hooks' points from", path, games, hook_records);
  for (int i = 0; i < hooks.n; i++) fprintf(stderr, " %s", hooks.name[i]);
  fprintf(stderr, "\n");
  for (int i = 0; want[i]; i++) {
    if (!was_seen(&hooks, want[i])) fprintf(stderr, "%s: no record names hook %s\n", path, want[i]);
    CHECK(was_seen(&hooks, want[i]));
  }
  carc_lua_free(cl);
  carc_engine_free(e);
}

/* A C hook that gives the player whose turn ends a point on even turns.
 * With records off, carc_game_add_score allocates nothing. */
static long calls_off, allocated_off;
static carc_result turn_bonus(const carc_hook_args *a, void *ud) {
  const int *records_off = ud;
  if (carc_game_turn(a->game) % 2) return CARC_OK;
  long before = allocations;
  carc_result r = carc_game_add_score(a->game, a->player, 1);
  if (*records_off) {
    calls_off++;
    allocated_off += allocations - before;
  }
  return r;
}

static void test_c_hook(void) {
  carc_engine *e = carc_engine_new(counting_alloc, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) abort();
  static int records_off = 0;
  CHECK_INT(carc_hook_add(e, CARC_HOOK_TURN_END, "t.bonus", 100, NULL, turn_bonus, &records_off), CARC_OK);
  carc_game_options o = {3, 77, 0, 0};
  carc_game *off = carc_game_new(e, &o);
  CHECK(off != NULL);
  if (!off) exit(1);
  carc_game_keep_records(off, 0);
  records_off = 1;
  CHECK_INT(carc_bot_play_game(off, CARC_BOT_RANDOM), CARC_OK);
  records_off = 0;
  CHECK(calls_off > 10);
  CHECK_INT(allocated_off, 0);
  CHECK_INT(carc_game_scorings(off), 0);
  carc_game_free(off);
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  if (!g) exit(1);
  CHECK_INT(carc_bot_play_game(g, CARC_BOT_RANDOM), CARC_OK);
  seen hooks = {0};
  check_sums(g, &hooks);
  CHECK(was_seen(&hooks, "t.bonus"));
  /* points given outside any hook are recorded too, naming no hook */
  int before = carc_game_scorings(g), score = carc_game_score(g, 1);
  CHECK_INT(carc_game_add_score(g, 1, 5), CARC_OK);
  CHECK_INT(carc_game_scorings(g), before + 1);
  CHECK_INT(carc_game_score(g, 1), score + 5);
  carc_change c;
  CHECK_INT(carc_game_scoring_change(g, before, 0, &c), CARC_OK);
  CHECK(!strcmp(c.handler, "engine") && c.player == 1 && c.after == 5);
  check_sums(g, &hooks);
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  const char *mix = "hook_records_all.lua";
  FILE *f = fopen(mix, "w");
  if (!f) abort();
  fprintf(f, "ruleset {\n"
             "  expansions = { \"inns_cathedrals\", \"mage_witch\", \"land_surveyors\", \"little_buildings\",\n"
             "                 \"signposts\", \"fairy\", \"gold_mines\", \"king_robber\", \"trade_goods\" },\n"
             "}\n");
  fclose(f);
  /* the fairy is put on the board by scenarios only (no bot moves it): its
   * turn point's record is checked in tests/scenarios/fairy/fairy.lua */
  static const char *const all[] = {"gold_mines.tiers", "king_robber.tiles", "trade_goods.majorities", NULL};
  test_ruleset(mix, 50, all);
  remove(mix);
  static const char *const maps[] = {"maps.squares", NULL};
  test_ruleset(CARC_SOURCE_DIR "/expansions/maps/ostwald.lua", 50, maps);
  test_c_hook();
  return check_done("test_hook_records");
}

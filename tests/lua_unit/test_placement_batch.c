/* test_placement_batch.c - a placement hook declared with batch = true is
 * called once a turn with the whole candidate list, and plays exactly the
 * games the same rule plays as a hook called once per candidate. */
#include "carc_lua.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static carc_lua *load(const char *ruleset) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK(cl != NULL);
  if (carc_lua_load_ruleset(cl, ruleset) != CARC_OK) {
    fprintf(stderr, "%s\n", carc_lua_error(cl));
    exit(1);
  }
  return cl;
}

/* Plays a game turn by turn; returns its save. Counts the turns and the
 * most Lua calls one turn made. */
static char *play(carc_lua *cl, int seed, carc_bot bot, int *turns, unsigned long *most) {
  carc_game_options o = {2 + seed % 3, (uint64_t)seed, 0, 0};
  carc_game *g = carc_game_new(carc_lua_engine(cl), &o);
  CHECK(g != NULL);
  *turns = 0;
  *most = 0;
  while (g && carc_game_phase(g) != CARC_PHASE_END && carc_game_phase(g) != CARC_PHASE_OVER) {
    unsigned long before = carc_lua_calls(cl);
    carc_result r = carc_bot_play_turn(g, bot);
    if (r != CARC_OK) {
      fprintf(stderr, "seed %d: %s\n", seed, carc_game_error(g));
      CHECK(r == CARC_OK);
      break;
    }
    unsigned long calls = carc_lua_calls(cl) - before;
    if (calls > *most) *most = calls;
    (*turns)++;
  }
  char *text = g ? check_save_text(g) : NULL;
  carc_game_free(g);
  return text;
}

int main(void) {
  carc_lua *batch = load(CARC_SOURCE_DIR "/tests/lua_unit/rules/batch.lua");
  carc_lua *single = load(CARC_SOURCE_DIR "/tests/lua_unit/rules/single.lua");
  unsigned long single_most = 0;
  for (int seed = 1; seed <= 30; seed++) {
    carc_bot bot = seed % 10 == 0 ? CARC_BOT_GREEDY : CARC_BOT_RANDOM;
    int tb, ts;
    unsigned long mb, ms;
    char *a = play(batch, seed, bot, &tb, &mb);
    char *b = play(single, seed, bot, &ts, &ms);
    CHECK(a && b && strcmp(a, b) == 0); /* the same games */
    CHECK_INT(tb, ts);
    CHECK(tb > 60);
    if (mb > 1) fprintf(stderr, "seed %d bot %d: %lu calls\n", seed, bot, mb);
    CHECK(mb <= 1);                      /* one Lua call a turn at most */
    if (ms > single_most) single_most = ms;
    free(a);
    free(b);
  }
  CHECK(single_most > 1); /* the per-candidate form calls once per candidate */

  /* The listing leaves the refused ones out, and placing one is refused
   * with the hook's reason. */
  carc_engine *e = carc_lua_engine(batch);
  carc_game_options o = {2, 7, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  int refused_seen = 0;
  for (int turn = 0; turn < 40 && carc_game_phase(g) == CARC_PHASE_PLACE; turn++) {
    carc_placement_option opts[512];
    int n = carc_game_placements(g, opts, 512);
    for (int i = 0; i < n && i < 512; i++) CHECK(!(opts[i].rotation == 2 && opts[i].x % 2 == 0));
    /* a fitting half turn on an even column, if the drawn tile has one */
    for (int x = -8; x <= 8 && !refused_seen; x += 2)
      for (int y = -8; y <= 8 && !refused_seen; y++) {
        unsigned long before = carc_lua_calls(batch);
        carc_result r = carc_game_place(g, x, y, 2);
        if (r == CARC_OK) CHECK(0);
        if (strstr(carc_game_error(g), "no half turn")) {
          refused_seen = 1;
          CHECK_INT(carc_lua_calls(batch) - before, 0); /* answered from the turn's verdicts */
        }
      }
    CHECK(carc_bot_play_turn(g, CARC_BOT_RANDOM) == CARC_OK);
  }
  CHECK(refused_seen);
  carc_game_free(g);

  carc_engine *e1 = carc_lua_engine(batch), *e2 = carc_lua_engine(single);
  carc_lua_free(batch);
  carc_lua_free(single);
  carc_engine_free(e1);
  carc_engine_free(e2);
  return check_done("test_placement_batch");
}

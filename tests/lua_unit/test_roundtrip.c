/* test_roundtrip.c - every reachable state saves and loads. For every turn of
 * 200 seeded bot games with every expansion on (the default ruleset), 2 to 5
 * players, random and greedy bots: save, load, save again is byte-identical;
 * the loaded game played on ends exactly like the original (same final save);
 * and a copy that placed a tile and took each act step also round-trips. */
#include "carc_lua.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static int unloadable;

/* save, load, save: identical. Returns the loaded game (or NULL). */
static carc_game *reload(carc_engine *e, const carc_game *g, const char *label) {
  char *one = check_save_text(g);
  char err[512];
  carc_game *h = carc_game_load(e, one, err, sizeof err);
  if (!h) {
    unloadable++;
    if (unloadable < 5) fprintf(stderr, "%s: unloadable save: %s\n", label, err);
    CHECK(h != NULL);
    free(one);
    return NULL;
  }
  char *two = check_save_text(h);
  if (strcmp(one, two) != 0) {
    fprintf(stderr, "%s: the second save differs\n", label);
    CHECK(0);
  }
  free(one);
  free(two);
  return h;
}

/* The act phase: a copy places the first legal placement, then takes the
 * last listed action at each step, round-tripping in between. */
static void act_steps(carc_engine *e, const carc_game *g, const char *label) {
  carc_game *c = carc_game_clone(g);
  carc_placement_option opt[4];
  if (carc_game_placements(c, opt, 4) > 0 &&
      carc_game_place(c, opt[0].x, opt[0].y, opt[0].rotation) == CARC_OK) {
    for (int step = 0; step < 4 && carc_game_phase(c) == CARC_PHASE_ACT; step++) {
      carc_game *h = reload(e, c, label);
      carc_game_free(h);
      carc_action a[256];
      int n = carc_game_actions(c, a, 256);
      if (n <= 0) break;
      CHECK(carc_game_act(c, &a[(n < 256 ? n : 256) - 1]) == CARC_OK);
    }
  }
  carc_game_free(c);
}

int main(void) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK(cl != NULL);
  if (carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/expansions/default.lua") != CARC_OK) {
    fprintf(stderr, "%s\n", carc_lua_error(cl));
    return 1;
  }
  int games = getenv("CARC_ROUNDTRIP_GAMES") ? atoi(getenv("CARC_ROUNDTRIP_GAMES")) : 200, saves = 0;
  for (int k = 0; k < games; k++) {
    carc_game_options o = {2 + k % 4, 1000 + (uint64_t)k, 0, 0};
    carc_bot bot = k % 5 == 4 ? CARC_BOT_GREEDY : CARC_BOT_RANDOM;
    carc_game *g = carc_game_new(e, &o);
    CHECK(g != NULL);
    if (!g) continue;
    /* the original, played to the end once, gives the expected final save */
    carc_game *ref = carc_game_clone(g);
    CHECK(carc_bot_play_game(ref, bot) == CARC_OK);
    char *final = check_save_text(ref);
    carc_game_free(ref);
    char label[96];
    for (int turn = 0; carc_game_phase(g) != CARC_PHASE_OVER; turn++) {
      snprintf(label, sizeof label, "game %d (seed %d, %d players) turn %d", k, 1000 + k,
               o.players, turn);
      carc_game *h = reload(e, g, label);
      saves++;
      if (h) {
        /* the loaded game plays on exactly like the original (every turn
        
         * for greedy games, which try every move on a copy: every 16th turn) */
        if (bot == CARC_BOT_RANDOM || turn % 16 == 0) {
          CHECK(carc_bot_play_game(h, bot) == CARC_OK);
          char *end = check_save_text(h);
          if (strcmp(end, final) != 0) {
            fprintf(stderr, "%s: the loaded game ends differently\n", label);
            CHECK(0);
          }
          free(end);
        }
        carc_game_free(h);
      }
      if (carc_game_phase(g) == CARC_PHASE_PLACE && turn % 3 == 0) act_steps(e, g, label);
      if (carc_bot_play_turn(g, bot) != CARC_OK) {
        fprintf(stderr, "%s: %s\n", label, carc_game_error(g));
        CHECK(0);
        break;
      }
    }
    carc_game *h = reload(e, g, "final");
    carc_game_free(h);
    free(final);
    carc_game_free(g);
  }
  printf("%d games, %d saves round-tripped, %d unloadable\n", games, saves, unloadable);
  CHECK_INT(unloadable, 0);
  carc_lua_free(cl);
  carc_engine_free(e);
  return check_done("test_roundtrip");
}

/* test_greedy_failures.c - a handler that fails stops a greedy bot's game
 * as it stops a random bot's: with the handler's message, the game where
 * the failed call began. The greedy bot tries each move on a copy; it once
 * passed over a move whose scoring failed as if the move were refused, and
 * played on without the rule, so a balance study ran quietly wrong. */
#include "carc_lua.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static void failing_rule_stops(carc_bot bot, const char *label) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK_INT(carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/tests/lua_unit/rules/greedy_fails_rules.lua"), CARC_OK);
  carc_game_options o = {2, 1, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  static char before[1 << 20], after[1 << 20];
  carc_result r = CARC_OK;
  int turns = 0;
  while (g && r == CARC_OK && carc_game_phase(g) != CARC_PHASE_OVER) {
    carc_game_save(g, before, sizeof before);
    r = carc_bot_play_turn(g, bot);
    turns++;
  }
  if (r == CARC_OK) fprintf(stderr, "%s: the game ended without the rule failing\n", label);
  CHECK_INT(r, CARC_ERR_SCRIPT);
  CHECK_HAS(carc_game_error(g), "handler 'greedy_fails.broken'");
  CHECK_HAS(carc_game_error(g), "greedy_fails.lua:12: a bug in the rule");
  CHECK(strstr(carc_game_error(g), "no playable action") == NULL);
  CHECK(turns < 72);
  if (g && bot == CARC_BOT_GREEDY) { /* it failed trying moves on copies: the game is as it was */
    carc_game_save(g, after, sizeof after);
    CHECK(strcmp(before, after) == 0);
  } else if (g) { /* the tile stays placed: the failed call is the one that ends the turn */
    CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
  }
  carc_game_free(g);
  carc_lua_free(cl);
  carc_engine_free(e);
}

int main(void) {
  failing_rule_stops(CARC_BOT_RANDOM, "random");
  failing_rule_stops(CARC_BOT_GREEDY, "greedy");
  return check_done("test_greedy_failures");
}

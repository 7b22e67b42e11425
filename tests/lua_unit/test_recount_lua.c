/* test_recount_lua.c - with every expansion (the default ruleset, then each
 * other expansion alone), every feature's open count is recounted from the
 * board after each turn of seeded games by both bots: an area segment
 * misses its empty squares of eight, a port feature its ports facing empty
 * squares (expansion tiles, a side whose three ports are one segment joined
 * once, monasteries and gardens counted only near marked squares), and the
 * supply index (first free figure of each type and owner) is checked. A
 * clone half way plays on to the same save. */
#include "carc_lua.h"
#include "check.h"
#include "internal.h" /* the supply index and the list of figures on the board */
#include <stdlib.h>
#include <string.h>

static int recount(const carc_game *g, const char *where) {
  const carc_engine *e = carc_game_engine(g);
  int bad = check_recount_open(g, where);
  /* each type and owner's first free figure is the lowest free index (a
   * figure leaving the supply looks above itself for the next one); the
   * figures on the board are listed once each */
  for (int t = 0; t < carc_figure_type_count(e); t++)
    for (int o = -1; o < g->players; o++) {
      int lowest = NO_FIGURE;
      for (int i = g->nfigs - 1; i >= 0; i--)
        if (g->figs[i].seg < 0 && g->figs[i].type == t && g->figs[i].owner == o) lowest = i;
      if (g->first_free[t][o + 1] != lowest && bad++ < 3)
        fprintf(stderr, "%s: first free figure of type %d owner %d is %d, lowest free %d\n", where, t, o,
                g->first_free[t][o + 1], lowest);
    }
  int listed = 0;
  for (int i = 0; i < g->nfigs; i++) listed += g->figs[i].seg >= 0;
  if (listed != g->non_board && bad++ < 3) fprintf(stderr, "%s: %d figures on the board, %d listed\n", where, listed, g->non_board);
  for (int k = 0; k < g->non_board; k++)
    if ((g->figs[g->on_board[k]].seg < 0 || g->on_board_pos[g->on_board[k]] != k) && bad++ < 3)
      fprintf(stderr, "%s: board list entry %d (figure %d) is wrong\n", where, k, g->on_board[k]);
  return bad;
}

static int games;

static void play(carc_lua *cl, const char *what) {
  carc_engine *e = carc_lua_engine(cl);
  for (int seed = 1; seed <= 4; seed++) {
    carc_bot bot = seed % 2 ? CARC_BOT_RANDOM : CARC_BOT_GREEDY;
    carc_game_options o = {2 + seed % 3, (uint64_t)seed, 0, 0};
    carc_game *g = carc_game_new(e, &o), *half = NULL;
    if (!g) {
      fprintf(stderr, "%s: %s\n", what, carc_engine_error(e));
      CHECK(0);
      return;
    }
    char where[96];
    int turn = 0, bad = 0;
    while (!bad && carc_game_phase(g) == CARC_PHASE_PLACE) {
      CHECK_INT(carc_bot_play_turn(g, bot), CARC_OK);
      snprintf(where, sizeof where, "%s seed %d turn %d", what, seed, ++turn);
      CHECK_INT(bad = recount(g, where), 0);
      if (turn == 25) half = carc_game_clone(g);
    }
    CHECK(turn > 40);
    if (carc_game_phase(g) == CARC_PHASE_END) CHECK_INT(carc_game_final_scoring(g), CARC_OK);
    if (half) {
      while (carc_game_phase(half) == CARC_PHASE_PLACE) CHECK_INT(carc_bot_play_turn(half, bot), CARC_OK);
      CHECK_INT(recount(half, "clone"), 0);
      if (carc_game_phase(half) == CARC_PHASE_END) CHECK_INT(carc_game_final_scoring(half), CARC_OK);
      CHECK(check_same_save(g, half));
      carc_game_free(half);
    }
    carc_game_free(g);
    games++;
  }
}

int main(void) {
  {
    carc_engine *e = check_base_engine();
    carc_lua *cl = carc_lua_new(e, 0);
    CHECK_INT(carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/expansions/default.lua"), CARC_OK);
    play(cl, "default");
    carc_lua_free(cl);
    carc_engine_free(e);
  }
  const char *alone[] = {"cathars", "fairy", "ghosts", "gold_mines", "king_robber", "pigs", "trade_goods", "vineyards"};
  for (size_t i = 0; i < sizeof alone / sizeof *alone; i++) {
    carc_engine *e = check_base_engine();
    carc_lua *cl = carc_lua_new(e, 0);
    carc_result r = carc_lua_load_expansion(cl, alone[i], CARC_SOURCE_DIR "/expansions");
    if (r != CARC_OK) fprintf(stderr, "%s: %s\n", alone[i], carc_lua_error(cl));
    CHECK_INT(r, CARC_OK);
    if (r == CARC_OK) play(cl, alone[i]);
    carc_lua_free(cl);
    carc_engine_free(e);
  }
  CHECK_INT(games, 36);
  return check_done("test_recount_lua");
}

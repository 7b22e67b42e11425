/* digest.c - see digest.h. Only the public API is read, so the digest does
 * not change when the engine's internals do, only when the games do. */
#include "digest.h"
#include <stdio.h>

uint64_t digest_fold(uint64_t h, long long v) {
  uint64_t u = (uint64_t)v;
  for (int i = 0; i < 8; i++) {
    h ^= (u >> (8 * i)) & 0xFF;
    h *= 0x100000001B3ull; /* FNV-1a 64-bit prime */
  }
  return h;
}

static uint64_t fold_turn(carc_game *g, uint64_t h) {
  carc_engine *e = carc_game_engine(g);
  int players = carc_game_players(g);
  h = digest_fold(h, carc_game_turn(g));
  h = digest_fold(h, carc_game_phase(g));
  h = digest_fold(h, carc_game_current_player(g));
  h = digest_fold(h, carc_game_drawn_tile(g));
  h = digest_fold(h, carc_game_bag_left(g));
  h = digest_fold(h, carc_game_set_aside(g));
  int n = carc_board_tiles(g);
  h = digest_fold(h, n);
  if (n > 0) {
    int t = n - 1;
    h = digest_fold(h, carc_board_tile_type(g, t));
    h = digest_fold(h, carc_board_tile_x(g, t));
    h = digest_fold(h, carc_board_tile_y(g, t));
    h = digest_fold(h, carc_board_tile_rotation(g, t));
    h = digest_fold(h, carc_board_tokens(g, t, -1));
    h = digest_fold(h, carc_board_token_owner(g, t));
  }
  for (int f = 0; f < carc_game_figures(g); f++) h = digest_fold(h, carc_figure_segment(g, f));
  for (int p = 0; p < players; p++) h = digest_fold(h, carc_game_score(g, p));
  for (int v = 0; v < carc_var_count(e); v++) h = digest_fold(h, carc_game_var(g, v));
  for (int f = 0; f < carc_flag_count(e); f++) h = digest_fold(h, carc_game_flag(g, f));
  return h;
}

carc_result digest_game(carc_game *g, carc_bot bot, uint64_t *h) {
  uint64_t x = *h;
  while (carc_game_phase(g) != CARC_PHASE_OVER) {
    carc_result r = carc_bot_play_turn(g, bot);
    if (r != CARC_OK) return r;
    x = fold_turn(g, x);
  }
  for (int p = 0; p < carc_game_players(g); p++) x = digest_fold(x, carc_game_score(g, p));
  *h = x;
  return CARC_OK;
}

carc_result digest_series(carc_engine *e, long games, long greedy_every, uint64_t *out,
                          char *err, size_t errcap) {
  uint64_t h = DIGEST_SEED;
  carc_game *g[4] = {NULL, NULL, NULL, NULL}; /* one per player count, reset per game */
  carc_result r = CARC_OK;
  for (long i = 0; i < games && r == CARC_OK; i++) {
    int k = (int)(i % 4);
    uint64_t seed = (uint64_t)i + 1;
    if (!g[k]) {
      carc_game_options opt = {2 + k, seed, 0, 0};
      g[k] = carc_game_new(e, &opt);
      if (!g[k]) {
        snprintf(err, errcap, "game %ld: %s", i + 1, carc_engine_error(e));
        r = CARC_ERR_MEMORY;
        break;
      }
      carc_game_keep_records(g[k], 0);
    } else if ((r = carc_game_reset(g[k], seed)) != CARC_OK) {
      snprintf(err, errcap, "game %ld: %s", i + 1, carc_game_error(g[k]));
      break;
    }
    carc_bot bot = greedy_every > 0 && i % greedy_every == 0 ? CARC_BOT_GREEDY : CARC_BOT_RANDOM;
    h = digest_fold(h, 2 + k);
    h = digest_fold(h, bot);
    r = digest_game(g[k], bot, &h);
    if (r != CARC_OK) snprintf(err, errcap, "game %ld: %s", i + 1, carc_game_error(g[k]));
  }
  for (int k = 0; k < 4; k++) carc_game_free(g[k]);
  if (r == CARC_OK) *out = h;
  return r;
}

/* test_bot_uniform.c - the random bot's placement is uniform over the legal
 * (square, rotation) pairs, on a board of a standard size (32 rejection
 * draws, then the count) and on a large one (over 256 frontier squares: a
 * draw a square, then the count). From many generator states, for a tile
 * that fits a few pairs:
 *  - every pick is legal;
 *  - each legal pair is picked about equally often (a chi-square bound far
 *    in the tail: the seeds are fixed, so the test is exact, not flaky);
 *  - both the draws and the count make picks (both paths are measured). */
#include "check.h"
#include "internal.h"
#include <stdlib.h>

#define MAX_PAIRS 8
#define LARGE_PAIRS 1024

/* A well-mixed generator state per trial. */
static uint64_t trial_state(uint64_t i) {
  uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The legal pairs of tile `type` now, as frontier index * 4 + rotation;
 * their count (only the first `cap` written). */
static int legal_pairs(const carc_game *g, int type, int *out, int cap) {
  int n = 0;
  for (int i = 0; i < g->nfrontier; i++)
    for (int r = 0; r < 4; r++)
      if (fr_fits(g->fr[i], g->e->types[type].sig[r])) {
        if (n < cap) out[n] = i * 4 + r;
        n++;
      }
  return n;
}

/* The tile type that fits the fewest pairs now, at least 2 (a choice) and
 * at most `most`; -1 if none does. */
static int rare_type(const carc_game *g, int most, int *pairs, int *n) {
  int best = -1, fewest = most + 1;
  for (int t = 0; t < g->e->ntypes; t++) {
    const int k = legal_pairs(g, t, pairs, 0);
    if (k >= 2 && k < fewest) best = t, fewest = k;
  }
  if (best >= 0) *n = legal_pairs(g, best, pairs, most);
  return best;
}

/* Random turns until the frontier holds more than `squares` squares and
 * some tile fits 2 to `most` pairs; false if the game ends first. */
static bool grow(carc_game *g, int squares, int most, int *type, int *pairs, int *n) {
  while (carc_game_phase(g) != CARC_PHASE_OVER) {
    if (carc_game_phase(g) == CARC_PHASE_PLACE && g->nfrontier > squares &&
        (*type = rare_type(g, most, pairs, n)) >= 0)
      return true;
    if (carc_bot_play_turn(g, CARC_BOT_RANDOM) != CARC_OK) return false;
  }
  return false;
}

/* The bot's picks for `type` from `per_pair` * n generator states: each
 * legal, spread as a uniform pick's would be; how many came from the count. */
static long picks_are_uniform(carc_game *g, int type, const int *pairs, int n, long per_pair, const char *what) {
  const uint64_t kept = g->s.rng;
  const long trials = per_pair * n;
  long *hits = calloc((size_t)n, sizeof *hits), counted = 0, illegal = 0;
  CHECK(hits != NULL);
  if (!hits) return 0;
  for (long i = 0; i < trials; i++) {
    g->s.rng = trial_state((uint64_t)i);
    CHECK_INT(placement_ahead(g, type), 1);
    const int key = g->ahead.pos * 4 + g->ahead.rot;
    int k = 0;
    while (k < n && pairs[k] != key) k++;
    if (k == n) illegal++;
    else hits[k]++;
    counted += g->ahead.counted;
  }
  g->s.rng = kept;
  g->ahead.valid = 0;
  CHECK_INT(illegal, 0);
  double chi2 = 0, expected = (double)trials / n;
  for (int k = 0; k < n; k++) chi2 += (hits[k] - expected) * (hits[k] - expected) / expected;
  free(hits);
  const int df = n - 1;
  /* mean df, deviation sqrt(2 df): beyond df + 8 deviations + 8 is odds of
   * about one in a billion for a uniform pick; a pick that favours one pair
   * by a fifth lands far above it (600 trials a pair) */
  const double over = chi2 - df - 8; /* chi2 < df + 8 + 8 sqrt(2 df), without libm */
  if (over > 0 && over * over >= 128.0 * df) {
    fprintf(stderr, "%s: chi-square %.1f with %d degrees of freedom\n", what, chi2, df);
    check_failures++;
  }
  printf("%s: %d squares, %d legal pairs, %ld picks, %ld by the count, chi-square %.1f (%d df)\n", what,
         g->nfrontier, n, trials, counted, chi2, df);
  return counted;
}

static void standard_board(void) {
  carc_engine *e = check_base_engine();
  int pairs[MAX_PAIRS], n = 0, type = -1;
  bool found = false;
  for (uint64_t seed = 1; seed <= 20 && !found; seed++) {
    carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = seed});
    CHECK(g != NULL);
    if (!g) break;
    if ((found = grow(g, 24, 8, &type, pairs, &n))) {
      const long counted = picks_are_uniform(g, type, pairs, n, 600, "base game");
      CHECK(counted >= 100);          /* the count makes picks */
      CHECK(counted <= 600L * n - 100); /* and so do the draws */
    }
    carc_game_free(g);
  }
  CHECK(found);
  carc_engine_free(e);
}

/* The base tiles twenty times over: a frontier of several hundred squares,
 * where every base tile fits a hundred pairs or more (the draws find them),
 * and a tile of water all round, which fits nowhere (the count says so). */
static void large_board(void) {
  carc_engine *e = check_base_engine();
  const int base_types = carc_tile_type_count(e);
  for (int t = 0; t < base_types; t++) {
    char name[CARC_MAX_NAME];
    snprintf(name, sizeof name, "%s+", carc_tile_type_name(e, t));
    CHECK_INT(carc_tile_define(e, "base_repeat", name, 20 * carc_tile_type_copies(e, t),
                               carc_tile_type_notation(e, t)), CARC_OK);
  }
  CHECK_INT(carc_tile_define(e, "test", "POND", 1, "water:N,E,S,W"), CARC_OK);
  const int pond = carc_tile_type_find(e, "POND");
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 7});
  CHECK(g != NULL);
  int pairs[LARGE_PAIRS], n = 0, type = -1;
  const bool found = g && grow(g, 300, LARGE_PAIRS, &type, pairs, &n);
  CHECK(found);
  if (found) {
    picks_are_uniform(g, type, pairs, n, 100, "large board");
    const uint64_t kept = g->s.rng;
    CHECK_INT(placement_ahead(g, pond), 0);
    CHECK_INT(g->ahead.counted, 1);
    /* a draw a square (301, in whole batches of 4) before the count */
    CHECK_INT(g->nfrontier, 301);
    CHECK(g->ahead.rng_to == kept + 304 * RANDOM_INCREMENT);
    g->ahead.valid = 0;
  }
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  standard_board();
  large_board();
  return check_done("test_bot_uniform");
}

/* test_closed_roots.c - a placement records the features it completes as
 * they close (carc_game.last_closed_roots), and ending the turn stages that
 * list instead of looking at every feature of the tile. Checked on the
 * plane and on two maps (whose coast closes features), over whole games:
 *  - the list holds exactly the tile's completed features, each once,
 *    against a recount from the board;
 *  - a game copied, or saved and loaded, between the placement and the end
 *    of its turn scores the same points as the original;
 *  - with the list declared overflowed (past its capacity) the turn falls
 *    back to looking at the tile's features, with the same points. */
#include "check.h"
#include "internal.h"
#include <stdlib.h>

/* The completed features among tile ti's closable segments, as roots, each
 * once: what the list must hold. */
static int completed_roots(const carc_game *g, int ti, int *out) {
  const board_tile *bt = &g->tiles[ti];
  const tile_type *t = &g->e->types[bt->type];
  int n = 0;
  for (unsigned m = t->closable_segs; m; m &= m - 1) {
    int root = feature_find(g, (int)bt->seg_base + __builtin_ctz(m));
    if (g->segs[root].open != 0) continue;
    bool seen = false;
    for (int k = 0; k < n; k++) seen |= out[k] == root;
    if (!seen) out[n++] = root;
  }
  return n;
}

static bool listed(const carc_game *g, int root) {
  for (int k = 0; k < g->last_closed; k++)
    if (g->last_closed_roots[k] == root) return true;
  return false;
}

/* Ends the turn by passing and returns the sum of all scores. */
static long pass_and_sum(carc_game *g) {
  carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
  CHECK_INT(carc_game_act(g, &pass), CARC_OK);
  long sum = 0;
  for (int p = 0; p < carc_game_players(g); p++) sum += carc_game_score(g, p);
  return sum;
}

/* Plays games of engine e: each turn a random legal placement, then the
 * checks above on the features it completed. Returns the turns that
 * completed one or more. */
static long check_games(carc_engine *e, const char *where, int games) {
  long completing = 0;
  uint64_t pick = 12345;
  for (int seed = 1; seed <= games && !check_failures; seed++) {
    carc_game_options o = {2 + seed % 3, (uint64_t)seed, 0, 0};
    carc_game *g = carc_game_new(e, &o), *copy = carc_game_new(e, &o), *fallback = carc_game_new(e, &o);
    CHECK(g && copy && fallback);
    if (!g || !copy || !fallback) return completing;
    while (carc_game_phase(g) == CARC_PHASE_PLACE && !check_failures) {
      carc_placement_option opts[256];
      int n = carc_game_placements(g, opts, 256);
      CHECK(n > 0);
      if (n <= 0) break;
      if (n > 256) n = 256;
      pick = pick * 6364136223846793005ull + 1442695040888963407ull;
      const carc_placement_option *op = &opts[(pick >> 33) % (uint64_t)n];
      CHECK_INT(carc_game_place(g, op->x, op->y, op->rotation), CARC_OK);
      const int ti = g->ntiles - 1;
      int want[CARC_MAX_SEGMENTS_PER_TILE];
      const int nwant = completed_roots(g, ti, want);
      CHECK(g->last_closed < LAST_CLOSED_CAP);
      CHECK_INT(g->last_closed, nwant); /* each completed feature once, nothing else */
      for (int k = 0; k < nwant; k++) CHECK(listed(g, want[k]));
      if (nwant > 0) {
        completing++;
        CHECK_INT(carc_game_copy(copy, g), CARC_OK);
        CHECK_INT(carc_game_copy(fallback, g), CARC_OK);
        fallback->last_closed = LAST_CLOSED_CAP; /* as if the list were full: its writes wrapped */
        char *text = check_save_text(g);
        char err[256];
        carc_game *loaded = carc_game_load(e, text, err, sizeof err);
        free(text);
        CHECK(loaded != NULL);
        const long sum = pass_and_sum(g);
        CHECK_INT(pass_and_sum(copy), sum);
        CHECK_INT(pass_and_sum(fallback), sum);
        if (loaded) CHECK_INT(pass_and_sum(loaded), sum);
        if (loaded) CHECK(check_same_save(loaded, g));
        carc_game_free(loaded);
        if (check_failures) fprintf(stderr, "%s: seed %d, tile %d\n", where, seed, ti);
      } else {
        pass_and_sum(g);
      }
    }
    carc_game_free(g);
    carc_game_free(copy);
    carc_game_free(fallback);
  }
  return completing;
}

static carc_engine *map_engine(const char *name) {
  carc_engine *e = check_base_engine();
  char *text = check_map_text(name);
  const char *t[1] = {text}, *o[1] = {name};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  free(text);
  return e;
}

int main(void) {
  carc_engine *e = check_base_engine();
  CHECK(check_games(e, "plane", 40) > 200); /* 283 turns of about 2,900 complete a feature */
  carc_engine_free(e);
  static const char *const maps[] = {"veldmark", "skarnholm"};
  for (int i = 0; i < 2; i++) {
    e = map_engine(maps[i]);
    CHECK(check_games(e, maps[i], 40) > 500); /* 718 and 914: the coast closes more */
    carc_engine_free(e);
  }
  return check_done("closed_roots");
}

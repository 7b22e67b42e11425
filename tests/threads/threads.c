/* threads.c - one engine shared by several threads, each playing its own
 * games, while all of them also read one shared game through the const
 * queries. Every thread must see exactly what one thread alone sees. Built
 * plainly and with -fsanitize=thread (test threads.tsan). */
#include "carcassonne.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define GAMES 24
#define ROUNDS 20

typedef struct digest {
  int scores[2], tiles, features, field_tiles, placements, actions;
  size_t save_len;
} digest;

static carc_engine *engine;
static const carc_game *shared;      /* read by every thread, written by none */
static digest shared_ref, game_ref[GAMES];

/* Everything a reader can learn from a game through the const queries. */
static digest read_game(const carc_game *g) {
  digest d;
  memset(&d, 0, sizeof d);
  d.scores[0] = carc_game_score(g, 0);
  d.scores[1] = carc_game_score(g, 1);
  d.tiles = carc_board_tiles(g);
  int roots[4096];
  d.features = carc_game_features(g, -1, roots, 4096);
  for (int i = 0; i < d.features && i < 4096; i++) {
    if (carc_feature_kind(g, roots[i]) == CARC_FIELD) d.field_tiles += carc_feature_tiles(g, roots[i]);
    d.field_tiles += carc_feature_open(g, roots[i]) + carc_feature_complete(g, roots[i]);
    int members[64];
    d.field_tiles += carc_feature_members(g, roots[i], members, 64) + carc_feature_root(g, roots[i]);
  }
  d.placements = carc_game_placements(g, NULL, 0);
  d.actions = carc_game_actions(g, NULL, 0);
  d.save_len = carc_game_save(g, NULL, 0);
  return d;
}

static digest play(uint64_t seed) {
  carc_game_options opt = {2, seed, 0, 0};
  carc_game *g = carc_game_new(engine, &opt);
  digest d;
  memset(&d, 0, sizeof d);
  if (!g) return d;
  carc_bot_play_game(g, seed % 3 == 0 ? CARC_BOT_GREEDY : CARC_BOT_RANDOM);
  d = read_game(g);
  carc_game_free(g);
  return d;
}

static void *worker(void *arg) {
  int t = (int)(intptr_t)arg, bad = 0;
  for (int r = 0; r < ROUNDS; r++) {
    digest d = read_game(shared);
    if (memcmp(&d, &shared_ref, sizeof d)) bad++;
  }
  for (int i = t; i < GAMES; i += THREADS) {
    digest d = play((uint64_t)i + 1);
    if (memcmp(&d, &game_ref[i], sizeof d)) {
      fprintf(stderr, "thread %d: game %d differs from the one-thread game\n", t, i + 1);
      bad++;
    }
    digest s = read_game(shared);
    if (memcmp(&s, &shared_ref, sizeof s)) bad++;
  }
  return (void *)(intptr_t)bad;
}

int main(void) {
  engine = carc_engine_new(NULL, NULL);
  if (!engine || carc_tiles_load_base(engine) != CARC_OK) return 1;
  /* the shared game: halfway through, a tile drawn */
  carc_game *g = carc_game_new(engine, &(carc_game_options){.players = 2, .seed = 99});
  for (int i = 0; i < 30; i++) carc_bot_play_turn(g, CARC_BOT_RANDOM);
  shared = g;
  shared_ref = read_game(shared);
  for (int i = 0; i < GAMES; i++) game_ref[i] = play((uint64_t)i + 1);
  if (shared_ref.placements <= 0 || shared_ref.features <= 0 || game_ref[0].tiles < 70) {
    fprintf(stderr, "reference games look wrong\n");
    return 1;
  }
  pthread_t th[THREADS];
  for (int t = 0; t < THREADS; t++)
    if (pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t)) return 1;
  int bad = 0;
  for (int t = 0; t < THREADS; t++) {
    void *r;
    pthread_join(th[t], &r);
    bad += (int)(intptr_t)r;
  }
  digest after = read_game(shared);
  if (memcmp(&after, &shared_ref, sizeof after)) bad++;
  carc_game_free(g);
  carc_engine_free(engine);
  printf("%d threads, %d games, %d reads of a shared game: %s\n", THREADS, GAMES,
         THREADS * ROUNDS + GAMES, bad ? "MISMATCH" : "all equal to one thread");
  return bad ? 1 : 0;
}

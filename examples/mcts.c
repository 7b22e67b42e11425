/* mcts.c - a Monte Carlo tree search bot built only on the public API, played
 * against the engine's greedy bot.
 *
 *   example_mcts [GAMES] [ITERATIONS] [ROLLOUT_TURNS]   (defaults: 10, 1000, 2)
 *
 * For each of its turns the bot searches a tree over the turn's two steps
 * (where to place the drawn tile, then what to do with it) with UCB1. Each
 * iteration starts from what the player may see (carc_game_observe), resamples
 * the hidden bag order (carc_game_determinize), walks the tree by move
 * numbers (carc_game_moves / carc_game_play), plays two more turns with
 * uniformly random moves and scores the game as if it ended there
 * (carc_game_final_scoring on the copy); the reward is the difference of
 * points plus 1.5 a follower still in supply. The bot plays the most visited
 * moves. Seats alternate; the seed of game i is i.
 * Prints each game and the totals; exit status 0 when MCTS won most games. */
#include "carcassonne.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct node {
  int move, visits;
  double total;
  int nchild;           /* -1: not expanded */
  struct node *child;
} node;

static void node_init(node *n, int move) {
  memset(n, 0, sizeof *n);
  n->move = move;
  n->nchild = -1;
}

static void node_free(node *n) {
  for (int i = 0; i < n->nchild; i++) node_free(&n->child[i]);
  free(n->child);
}

static int expand(node *n, const carc_game *g) {
  int count = carc_game_moves(g, NULL, 0);
  if (count < 0) return -1; /* a placement hook failed */
  int *moves = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  n->child = calloc((size_t)(count > 0 ? count : 1), sizeof(node));
  if (!moves || !n->child) return free(moves), -1;
  const int again = carc_game_moves(g, moves, count); /* a hook may answer this pass otherwise */
  if (again < 0) return free(moves), -1;
  if (again < count) count = again;
  for (int i = 0; i < count; i++) node_init(&n->child[i], moves[i]);
  n->nchild = count;
  free(moves);
  return 0;
}

static node *select_ucb(node *n) {
  node *best = NULL;
  double best_v = -1e300, logn = log((double)n->visits + 1);
  for (int i = 0; i < n->nchild; i++) {
    node *c = &n->child[i];
    if (c->visits == 0) return c;
    double v = c->total / c->visits + 0.7 * sqrt(logn / c->visits);
    if (v > best_v) best_v = v, best = c;
  }
  return best;
}

static node *most_visited(node *n) {
  node *best = NULL;
  for (int i = 0; i < n->nchild; i++)
    if (!best || n->child[i].visits > best->visits) best = &n->child[i];
  return best;
}

static int ROLLOUT_TURNS = 2; /* random turns after the searched one */
#define FOLLOWER_VALUE 1.5 /* points a follower still in supply is worth */

/* Points plus followers in supply, against the best opponent; 0..1. */
static double value(const carc_game *g, int p) {
  return carc_game_score(g, p) + FOLLOWER_VALUE * carc_game_supply(g, p, 0);
}
static double reward(const carc_game *g, int me) {
  double best = -1e9;
  for (int p = 0; p < carc_game_players(g); p++)
    if (p != me && value(g, p) > best) best = value(g, p);
  double d = (value(g, me) - best) / 40.0;
  return d > 1 ? 1 : d < -1 ? 0 : 0.5 + d / 2;
}

/* Plays the MCTS player's whole turn in g. */
static carc_result mcts_turn(carc_game *g, int iterations, unsigned long long seed) {
  int me = carc_game_current_player(g);
  if (carc_game_phase(g) == CARC_PHASE_END) {
    int m;
    carc_game_moves(g, &m, 1);
    return carc_game_play(g, m);
  }
  carc_game *obs = carc_game_observe(g, me);
  if (!obs) return CARC_ERR_MEMORY;
  carc_game_keep_records(obs, 0);
  carc_game *sim = carc_game_clone(obs);
  if (!sim) return CARC_ERR_MEMORY;
  node root;
  node_init(&root, -1);
  if (expand(&root, obs) != 0) return CARC_ERR_MEMORY;
  int moves[4096];
  for (int it = 0; it < iterations && root.nchild > 1; it++) {
    carc_game_copy(sim, obs);
    carc_game_determinize(sim, seed * 1000003ull + (unsigned)it);
    node *path[8];
    int depth = 0;
    node *n = &root;
    path[depth++] = n;
    /* the tree covers this turn's steps; the game goes on at random */
    while (depth < 3 && carc_game_current_player(sim) == me &&
           (carc_game_phase(sim) == CARC_PHASE_PLACE || carc_game_phase(sim) == CARC_PHASE_ACT)) {
      if (n->nchild < 0 && expand(n, sim) != 0) break;
      if (n->nchild == 0) break;
      n = select_ucb(n);
      if (carc_game_play(sim, n->move) != CARC_OK) break;
      path[depth++] = n;
      if (carc_game_phase(sim) != CARC_PHASE_ACT) break;
    }
    /* a short random playout (the next turns), then the game scored as if
     * it ended there */
    int stop = carc_game_turn(sim) + ROLLOUT_TURNS;
    while (carc_game_phase(sim) != CARC_PHASE_OVER && carc_game_turn(sim) < stop) {
      int k = carc_game_moves(sim, moves, 4096);
      if (k <= 0 || carc_game_play(sim, moves[carc_game_random(sim, (uint32_t)(k < 4096 ? k : 4096))]) != CARC_OK)
        break;
    }
    if (carc_game_phase(sim) != CARC_PHASE_OVER && carc_game_phase(sim) != CARC_PHASE_ACT)
      carc_game_final_scoring(sim);
    double r = reward(sim, me);
    for (int i = 0; i < depth; i++) path[i]->visits++, path[i]->total += r;
  }
  carc_result res = CARC_OK;
  node *n = &root;
  /* play the most visited placement, then the most visited action */
  while (res == CARC_OK && carc_game_current_player(g) == me && n && n->nchild > 0 &&
         (carc_game_phase(g) == CARC_PHASE_PLACE || carc_game_phase(g) == CARC_PHASE_ACT)) {
    n = most_visited(n);
    res = carc_game_play(g, n->move);
    if (carc_game_phase(g) != CARC_PHASE_ACT) break;
  }
  /* steps the tree did not reach: the first legal move (pass comes first) */
  while (res == CARC_OK && carc_game_phase(g) == CARC_PHASE_ACT && carc_game_current_player(g) == me) {
    int m;
    if (carc_game_moves(g, &m, 1) < 1) break;
    res = carc_game_play(g, m);
  }
  node_free(&root);
  carc_game_free(sim);
  carc_game_free(obs);
  return res;
}

int main(int argc, char **argv) {
  int games = argc > 1 ? atoi(argv[1]) : 10, iterations = argc > 2 ? atoi(argv[2]) : 1000;
  if (argc > 3) ROLLOUT_TURNS = atoi(argv[3]);
  if (games < 1 || iterations < 1) {
    fprintf(stderr, "usage: example_mcts [GAMES] [ITERATIONS]\n");
    return 2;
  }
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) return 1;
  int won = 0, lost = 0, drawn = 0, pts_m = 0, pts_g = 0;
  for (int i = 1; i <= games; i++) {
    int seat = i % 2; /* MCTS plays red in even games, blue in odd ones */
    carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = (uint64_t)i});
    if (!g) return 1;
    carc_game_keep_records(g, 0);
    int turn = 0;
    while (carc_game_phase(g) != CARC_PHASE_OVER) {
      carc_result r = carc_game_current_player(g) == seat
                          ? mcts_turn(g, iterations, (unsigned long long)i * 7919u + (unsigned)turn)
                          : carc_bot_play_turn(g, CARC_BOT_GREEDY);
      if (r != CARC_OK) {
        fprintf(stderr, "game %d: %s\n", i, carc_game_error(g));
        return 1;
      }
      turn++;
    }
    int m = carc_game_score(g, seat), gr = carc_game_score(g, 1 - seat);
    pts_m += m, pts_g += gr;
    won += m > gr, lost += m < gr, drawn += m == gr;
    printf("game %2d (seed %d, mcts is %s): mcts %3d, greedy %3d\n", i, i, carc_player_name(seat), m, gr);
    fflush(stdout);
    carc_game_free(g);
  }
  printf("mcts (%d iterations a turn) against greedy: %d won, %d lost, %d drawn of %d games; "
         "average points %.1f to %.1f\n",
         iterations, won, lost, drawn, games, (double)pts_m / games, (double)pts_g / games);
  carc_engine_free(e);
  return won * 2 > games ? 0 : 1;
}

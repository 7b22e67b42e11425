#define _POSIX_C_SOURCE 200809L
/* bench.c - the benchmark: seeded full games with random bots (followers,
 * farmers and final scoring included), games per second on one core, the
 * mean cost of one scoring, and peak memory. */
#include "cli.h"
#include "digest.h"
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Full games per second and the mean score per game (a checksum). */
static int run_games(carc_engine *e, int players, long games, double *seconds, double *tiles_out,
                     long *checksum) {
  carc_game_options opt = {players, 1, 0, 0};
  carc_game *g = carc_game_new(e, &opt);
  if (!g) return 0;
  carc_game_keep_records(g, 0);
  long sum = 0, tiles = 0;
  double t0 = now();
  for (long i = 0; i < games; i++) {
    if (carc_game_reset(g, (uint64_t)i + 1) != CARC_OK ||
        carc_bot_play_game(g, CARC_BOT_RANDOM) != CARC_OK) {
      fprintf(stderr, "carcassonne bench: game %ld: %s\n", i + 1, carc_game_error(g));
      carc_game_free(g);
      return 0;
    }
    for (int p = 0; p < players; p++) sum += carc_game_score(g, p);
    tiles += carc_board_tiles(g);
  }
  *seconds = now() - t0;
  *tiles_out = (double)tiles / (double)games;
  *checksum = sum;
  carc_game_free(g);
  return 1;
}

/* Cost of one scoring: final scoring of finished boards, minus the copying. */
static double scoring_cost_us(carc_engine *e, int players) {
  carc_game_options opt = {players, 7, 0, 0};
  carc_game *g = carc_game_new(e, &opt), *c = carc_game_new(e, &opt);
  if (!g || !c) return -1;
  carc_game_keep_records(g, 0);
  while (carc_game_phase(g) != CARC_PHASE_END) carc_bot_play_turn(g, CARC_BOT_RANDOM);
  const int reps = 20000;
  double t0 = now();
  for (int i = 0; i < reps; i++) carc_game_copy(c, g);
  double copy = now() - t0;
  carc_game_keep_records(g, 1);
  carc_game_copy(c, g);
  carc_game_final_scoring(c);
  int scorings = carc_game_scorings(c);
  carc_game_keep_records(g, 0);
  t0 = now();
  for (int i = 0; i < reps; i++) {
    carc_game_copy(c, g);
    carc_game_final_scoring(c);
  }
  double total = now() - t0;
  carc_game_free(g);
  carc_game_free(c);
  return scorings ? (total - copy) / reps / scorings * 1e6 : 0;
}

int cli_bench(int argc, char **argv) {
  long games = 20000, players = 2, greedy_every = 0;
  int checksum_only = 0;
  const char *rules = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--checksum")) {
      checksum_only = 1;
      continue;
    }
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: carcassonne bench [--games N] [--players N] [--rules FILE]\n"
             "       carcassonne bench --checksum [--games N] [--greedy-every K] [--rules FILE]\n"
             "Plays N seeded full games with random bots on one core (followers, farmers\n"
             "and final scoring included) and prints games per second, the mean cost of\n"
             "one scoring and peak memory. With --rules, the same with that ruleset.\n"
             "  --games N         1 to 100000000 (default 20000)\n"
             "  --players N       2 to 5 (default 2)\n"
             "  --rules FILE      a ruleset (Lua)\n"
             "  --checksum        play the fixed series instead (game i: seed i+1, 2 + i%%4\n"
             "                    players, every K-th game by the greedy bot) and print one\n"
             "                    digest of every move and score: equal digests, equal games\n"
             "  --greedy-every K  0 to 100000000 (with --checksum)\n");
      return 0;
    }
    if (strcmp(argv[i], "--games") && strcmp(argv[i], "--players") && strcmp(argv[i], "--rules") &&
        strcmp(argv[i], "--greedy-every"))
      return cli_usage_error("bench", argv[i], 1);
    if (i + 1 >= argc) return cli_usage_error("bench", argv[i], 0);
    if (!strcmp(argv[i], "--games")) {
      if (!cli_parse_int(argv[++i], 1, 100000000, &games))
        return fprintf(stderr, "carcassonne bench: --games takes 1 to 100000000\n"), 2;
    } else if (!strcmp(argv[i], "--players")) {
      if (!cli_parse_int(argv[++i], 2, 5, &players))
        return fprintf(stderr, "carcassonne bench: --players takes 2 to 5\n"), 2;
    } else if (!strcmp(argv[i], "--greedy-every")) {
      if (!cli_parse_int(argv[++i], 0, 100000000, &greedy_every))
        return fprintf(stderr, "carcassonne bench: --greedy-every takes 0 or more\n"), 2;
    } else if (!strcmp(argv[i], "--rules")) {
      rules = argv[++i];
    } else {
      return fprintf(stderr, "carcassonne bench: unknown option '%s'\n", argv[i]), 2;
    }
  }
  carc_engine *e = cli_engine(rules, "bench");
  if (!e) return 1;
  if (checksum_only) {
    uint64_t h = 0;
    char err[256] = "";
    carc_result r = digest_series(e, games, greedy_every, &h, err, sizeof err);
    if (r == CARC_OK)
      printf("checksum: %016llx (%ld games, 2-5 players, greedy bot every %ld)\n",
             (unsigned long long)h, games, greedy_every);
    else
      fprintf(stderr, "carcassonne bench: %s\n", err);
    cli_engine_free(e);
    return r == CARC_OK ? 0 : 1;
  }
  double secs, tiles;
  long checksum;
  if (!run_games(e, (int)players, games, &secs, &tiles, &checksum)) {
    cli_engine_free(e);
    return 1;
  }
  double per_scoring = scoring_cost_us(e, (int)players);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("ruleset:            %s\n", rules ? rules : "base game");
  printf("games:              %ld full %ld-player games, random bots, %.1f tiles each\n", games,
         players, tiles);
  printf("games per second:   %.0f\n", (double)games / secs);
  printf("microseconds/game:  %.2f\n", secs / (double)games * 1e6);
  printf("microseconds/scoring: %.3f\n", per_scoring);
  printf("peak memory:        %ld KiB\n", ru.ru_maxrss);
  printf("checksum:           %ld points in all\n", checksum);
  cli_engine_free(e);
  return 0;
}

#define _POSIX_C_SOURCE 200809L
/* bench.c - the benchmark: seeded full games with bots (followers, farmers
 * and final scoring included) on one core. Everything it prints is measured
 * in the games it plays: time per game and per tile, the final scoring's
 * share, calls into Lua and allocations per game. --compare plays a second
 * ruleset in the same run, interleaved with the first, and prints the ratio;
 * --checksum prints the digest of a fixed series of games instead. */
#include "carc_lua.h"
#include "cli.h"
#include "digest.h"
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define BASE_TILES 72
/* The most tiles a game may hold: the engine keeps room for one more tile
 * than a game has (its bag's slack), and a board holds CARC_MAX_BOARD_TILES. */
#define BENCH_MAX_TILES (CARC_MAX_BOARD_TILES - 1)
#define ROUNDS 4 /* --compare: the two rulesets alternate in this many rounds */

static double clock_s(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
/* CPU time of this thread: on a busy machine, time spent waiting for a core
 * is not the engine's. */
static double cpu_now(void) { return clock_s(CLOCK_THREAD_CPUTIME_ID); }

/* The engine's allocator, counting. */
typedef struct counting_alloc {
  unsigned long allocs;
  size_t bytes; /* requested by growing calls, in all */
} counting_alloc;

static void *count_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  counting_alloc *c = ud;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (nsize > osize) {
    c->allocs++;
    c->bytes += nsize - osize;
  }
  return realloc(ptr, nsize);
}

/* One ruleset under test and what its games measured. */
typedef struct bench_run {
  const char *name;
  carc_engine *e;
  carc_game *g;
  counting_alloc alloc;
  long games, tiles, points;
  long final_games, final_features; /* the games whose final scoring was timed, and their features */
  double seconds, final_seconds; /* wall clock */
  double cpu_seconds;             /* CPU time of the whole run of games */
  unsigned long lua_calls, lua_allocs, engine_allocs;
  size_t state_bytes;       /* one game's memory, from the allocator */
  double copy_us, clone_us; /* of a game in progress, half its tiles placed */
} bench_run;

/* Adds copies of the base tiles (set "base_repeat") so that a base game has
 * `tiles` tiles: the base mix repeated, the last repeat in proportion. */
static int add_base_repeats(carc_engine *e, long tiles) {
  int ntypes = carc_tile_type_count(e), base[64], copies[64], nbase = 0;
  for (int t = 0; t < ntypes && nbase < 64; t++)
    if (!strcmp(carc_tile_type_set(e, t), "base")) {
      base[nbase] = t;
      copies[nbase++] = carc_tile_type_copies(e, t);
    }
  long extra = tiles - BASE_TILES, whole = extra / BASE_TILES, part = extra % BASE_TILES;
  long add[64], given = 0;
  for (int i = 0; i < nbase; i++) {
    add[i] = whole * copies[i] + part * copies[i] / BASE_TILES;
    given += add[i];
  }
  /* largest remainders first, ties by type order: a fixed distribution */
  while (given < extra) {
    int best = 0;
    long best_rem = -1;
    for (int i = 0; i < nbase; i++) {
      long rem = (part * copies[i]) % BASE_TILES;
      if (rem > best_rem && add[i] == whole * copies[i] + part * copies[i] / BASE_TILES)
        best = i, best_rem = rem;
    }
    add[best]++;
    given++;
  }
  for (int i = 0; i < nbase; i++) {
    /* a type holds at most CARC_MAX_COPIES: the rest go to more types of the
     * same tile (U+, U+2, U+3 ...), which play as one */
    long left = add[i];
    for (int part_no = 1; left > 0; part_no++) {
      const int n = left > CARC_MAX_COPIES ? CARC_MAX_COPIES : (int)left;
      char name[CARC_MAX_NAME];
      if (part_no == 1) snprintf(name, sizeof name, "%.40s+", carc_tile_type_name(e, base[i]));
      else snprintf(name, sizeof name, "%.34s+%d", carc_tile_type_name(e, base[i]), part_no);
      if (carc_tile_define(e, "base_repeat", name, n, carc_tile_type_notation(e, base[i])) != CARC_OK)
        return 0;
      int t = carc_tile_type_count(e) - 1;
      for (int a = 0; carc_attr_name(e, a); a++) /* marks an expansion put on the original */
        if (carc_tile_type_attr(e, base[i], a)) carc_tile_set_attr(e, t, a, carc_tile_type_attr(e, base[i], a));
      left -= n;
    }
  }
  return 1;
}

/* Tiles in a game of this engine: the start tile, the bag, the drawn tile,
 * any tiles set aside before the first draw. */
static int game_tiles(carc_game *g) {
  return 1 + carc_game_bag_left(g) + (carc_game_drawn_tile(g) >= 0) + carc_game_set_aside(g);
}

/* The base mix repeated to `tiles` tiles a game (0: as the rules give it),
 * checked first against the board's limit (a game's tiles do not depend on
 * its players: a 2-player game counts them). */
static int repeat_tiles(carc_engine *e, long tiles) {
  if (!tiles) return 1;
  carc_game_options opt = {2, 1, 0, 0};
  carc_game *g = carc_game_new(e, &opt);
  if (!g) return fprintf(stderr, "carcassonne bench: %s\n", carc_engine_error(e)), 0;
  long before = game_tiles(g);
  carc_game_free(g);
  if (before - BASE_TILES + tiles > BENCH_MAX_TILES) {
    fprintf(stderr, "carcassonne bench: --tiles %ld: a game would hold %ld tiles; a game holds "
            "1 to %d\n", tiles, before - BASE_TILES + tiles, BENCH_MAX_TILES);
    return 0;
  }
  if (!add_base_repeats(e, tiles)) return fprintf(stderr, "carcassonne bench: %s\n", carc_engine_error(e)), 0;
  return 1;
}

static int run_open(bench_run *b, const char *rules, long tiles, int players) {
  b->e = cli_engine_alloc(rules, "bench", count_alloc, &b->alloc);
  if (!b->e || !repeat_tiles(b->e, tiles)) return 0;
  carc_game_options opt = {players, 1, 0, 0};
  b->g = carc_game_new(b->e, &opt);
  if (!b->g) return fprintf(stderr, "carcassonne bench: %s\n", carc_engine_error(b->e)), 0;
  carc_game_keep_records(b->g, 0);
  size_t bytes0 = b->alloc.bytes;
  carc_game *probe = carc_game_new(b->e, &opt);
  b->state_bytes = b->alloc.bytes - bytes0;
  carc_game_free(probe);
  return 1;
}

/* Cost of copying a game in progress (half its tiles down) into another game
 * (carc_game_copy) and into a new one (carc_game_clone, allocating). */
static void measure_copy(bench_run *b, carc_bot bot) {
  carc_game *g = b->g, *c = carc_game_clone(g);
  if (!c || carc_game_reset(g, 1) != CARC_OK) {
    carc_game_free(c);
    return;
  }
  int half = (1 + carc_game_bag_left(g)) / 2;
  while (carc_game_phase(g) == CARC_PHASE_PLACE && carc_board_tiles(g) < half)
    if (carc_bot_play_turn(g, bot) != CARC_OK) break;
  /* the best of 8 batches: a busy machine only ever adds time. A copy costs
   * as much as the state is large: huge games (--tiles) take fewer reps */
  const long tiles = carc_board_tiles(g) + carc_game_bag_left(g);
  const int reps = tiles <= 400 ? 250 : (int)(250 * 400 / tiles) + 2;
  b->copy_us = b->clone_us = 1e9;
  for (int batch = 0; batch < 8; batch++) {
    double t0 = now();
    for (int i = 0; i < reps; i++) carc_game_copy(c, g);
    double t1 = now();
    for (int i = 0; i < reps; i++) carc_game_free(carc_game_clone(g));
    double t2 = now();
    if ((t1 - t0) / reps * 1e6 < b->copy_us) b->copy_us = (t1 - t0) / reps * 1e6;
    if ((t2 - t1) / reps * 1e6 < b->clone_us) b->clone_us = (t2 - t1) / reps * 1e6;
  }
  carc_game_free(c);
}

static void run_close(bench_run *b) {
  carc_game_free(b->g);
  if (b->e) cli_engine_free(b->e);
}

/* Features the final scoring will score: those holding a figure, not yet
 * complete (counted outside the timed part). */
static int final_features(carc_game *g) {
  int roots[128], n = 0;
  for (int f = 0; f < carc_game_figures(g); f++) {
    int s = carc_figure_segment(g, f);
    if (s < 0) continue;
    int r = carc_feature_root(g, s), seen = 0;
    if (carc_feature_complete(g, r)) continue;
    for (int i = 0; i < n && !seen; i++) seen = roots[i] == r;
    if (!seen && n < 128) roots[n++] = r;
  }
  return n;
}

/* Plays games with seeds first+1 .. first+count, adding to b's figures. The
 * final scoring of every FINAL_SAMPLE-th game is timed (two clock readings)
 * and its features counted (a walk over the figures): done every game, this
 * bookkeeping of the benchmark's own was 2 to 3% of a base game's time. The
 * totals come from one reading of each clock per call. */
#define FINAL_SAMPLE 8
static int run_games(bench_run *b, long first, long count, carc_bot bot) {
  carc_lua *cl = carc_lua_of(b->e);
  unsigned long calls0 = cl ? carc_lua_calls(cl) : 0, lallocs0 = 0, eallocs0 = b->alloc.allocs;
  if (cl) carc_lua_stats(cl, NULL, &lallocs0);
  carc_game *g = b->g;
  double final = 0, wall0 = now(), cpu0 = cpu_now();
  for (long i = first; i < first + count; i++) {
    carc_result r = carc_game_reset(g, (uint64_t)i + 1);
    while (r == CARC_OK && carc_game_phase(g) != CARC_PHASE_END) r = carc_bot_play_turn(g, bot);
    if (i % FINAL_SAMPLE == 0) {
      if (r == CARC_OK) b->final_features += final_features(g);
      double t0 = now();
      if (r == CARC_OK) r = carc_game_final_scoring(g);
      final += now() - t0;
      b->final_games++;
    } else if (r == CARC_OK) {
      r = carc_game_final_scoring(g);
    }
    if (r != CARC_OK) {
      fprintf(stderr, "carcassonne bench: %s game %ld: %s\n", b->name, i + 1, carc_game_error(g));
      return 0;
    }
    for (int p = 0; p < carc_game_players(g); p++) b->points += carc_game_score(g, p);
    /* tiles placed: the start tile(s) and the players'; a map's printed
     * pieces are its board, copied at setup, not tiles placed */
    b->tiles += carc_board_tiles(g) - carc_board_printed_tiles(g);
  }
  b->cpu_seconds += cpu_now() - cpu0;
  b->seconds += now() - wall0;
  b->final_seconds += final;
  b->games += count;
  b->engine_allocs += b->alloc.allocs - eallocs0;
  if (cl) {
    unsigned long lallocs1 = 0;
    carc_lua_stats(cl, NULL, &lallocs1);
    b->lua_calls += carc_lua_calls(cl) - calls0;
    b->lua_allocs += lallocs1 - lallocs0;
  }
  return 1;
}

static double per_game(const bench_run *b, double v) { return v / (double)b->games; }
/* Times per game and per tile are CPU time; wall-clock figures say "wall". */
static double us_per_game(const bench_run *b) { return b->cpu_seconds / (double)b->games * 1e6; }
static double us_per_tile(const bench_run *b) { return b->cpu_seconds / (double)b->tiles * 1e6; }
static double wall_us_per_game(const bench_run *b) { return b->seconds / (double)b->games * 1e6; }
/* The final scoring's share: its wall-clock time in the sampled games
 * against the wall-clock time of a game. */
static double final_share(const bench_run *b) {
  if (b->seconds <= 0 || b->final_games == 0) return 0;
  return (b->final_seconds / (double)b->final_games) / (b->seconds / (double)b->games);
}
static double final_features_per_game(const bench_run *b) {
  return b->final_games ? (double)b->final_features / (double)b->final_games : 0;
}
static double us_per_final_feature(const bench_run *b) {
  double per = final_features_per_game(b);
  return per > 0 ? final_share(b) * us_per_game(b) / per : 0;
}

static void print_text(const bench_run *b, int players, const char *bot) {
  printf("ruleset:                 %s\n", b->name);
  printf("games:                   %ld full %d-player games, %s bots, %.1f tiles each\n", b->games,
         players, bot, per_game(b, (double)b->tiles));
  printf("games per second:        %.0f (CPU time; %.0f by the wall clock)\n",
         (double)b->games / b->cpu_seconds, (double)b->games / b->seconds);
  printf("microseconds/game:       %.2f (wall %.2f)\n", us_per_game(b), wall_us_per_game(b));
  printf("microseconds/tile:       %.3f\n", us_per_tile(b));
  printf("final scoring:           %.1f%% of the game, %.1f features, %.3f us each\n",
         100 * final_share(b), final_features_per_game(b), us_per_final_feature(b));
  printf("game state:              %zu KiB; a game in progress: copy %.2f us, clone %.2f us (best)\n",
         b->state_bytes >> 10, b->copy_us, b->clone_us);
  printf("calls into Lua:          %.1f per game\n", per_game(b, (double)b->lua_calls));
  printf("allocations:             %.2f per game in the engine, %.1f in Lua\n",
         per_game(b, (double)b->engine_allocs), per_game(b, (double)b->lua_allocs));
  printf("checksum:                %ld points in all\n", b->points);
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void print_json_string(const char *v) {
  putchar('"');
  for (const unsigned char *c = (const unsigned char *)v; *c; c++) {
    if (*c == '"' || *c == '\\') printf("\\%c", *c);
    else if (*c < 0x20) printf("\\u%04x", *c);
    else putchar(*c);
  }
  putchar('"');
}

static void print_json(const bench_run *b, int players, const char *bot) {
  printf("{\"ruleset\":");
  print_json_string(b->name);
  printf(",\"players\":%d,\"bot\":\"%s\",\"games\":%ld,\"tiles_per_game\":%.2f,"
         "\"games_per_second\":%.0f,\"us_per_game\":%.3f,\"us_per_tile\":%.4f,"
         "\"wall_us_per_game\":%.3f,\"final_scoring_share\":%.4f,\"final_features_per_game\":%.2f,"
         "\"us_per_final_feature\":%.4f,\"state_kib\":%zu,\"copy_us\":%.3f,\"clone_us\":%.3f,"
         "\"lua_calls_per_game\":%.2f,\"lua_allocs_per_game\":%.2f,\"engine_allocs_per_game\":%.2f,"
         "\"points\":%ld}",
         players, bot, b->games, per_game(b, (double)b->tiles),
         (double)b->games / b->cpu_seconds, us_per_game(b), us_per_tile(b), wall_us_per_game(b),
         final_share(b), final_features_per_game(b), us_per_final_feature(b),
         b->state_bytes >> 10, b->copy_us, b->clone_us, per_game(b, (double)b->lua_calls),
         per_game(b, (double)b->lua_allocs), per_game(b, (double)b->engine_allocs), b->points);
}

static int usage(void) {
  printf("usage: carcassonne bench [--games N] [--players N] [--bot random|greedy] [--rules FILE]\n"
         "                         [--tiles N] [--compare FILE] [--json]\n"
         "       carcassonne bench --checksum [--games N] [--greedy-every K] [--rules FILE] [--tiles N]\n"
         "Plays N seeded full games (seeds 1..N) with bots on one core (followers, farmers\n"
         "and final scoring included) and prints, measured in those games: games per\n"
         "second and microseconds per game and per tile (CPU time, so that waiting for\n"
         "a busy machine's core does not count; also by the wall clock), the final\n"
         "scoring's share (wall clock), calls into Lua and allocations per game, and\n"
         "peak memory; also a game's memory and the cost of copying and cloning a\n"
         "game in progress.\n"
         "  --games N       1 to 100000000 (default 20000; 200 with the greedy bot)\n"
         "  --players N     2 to 5 (default 2)\n"
         "  --bot B         random or greedy (default random)\n"
         "  --rules FILE    the ruleset (default: the base game)\n"
         "  --tiles N       the base tile mix repeated to N tiles a game; a ruleset's own\n"
         "                  tiles come on top (at most %d tiles in all)\n"
         "  --compare FILE  also play ruleset FILE (\"base\" for the base game) in the same run,\n"
         "                  interleaved, and print both side by side with the ratio\n"
         "                  (second/first, per game and per tile)\n"
         "  --json          one JSON object: {\"runs\":[...]} (and the ratios with --compare)\n"
         "--checksum plays the fixed series instead (game i: seed i+1, 2 + i%%4 players,\n"
         "every K-th game by the greedy bot) and prints one digest of every move and\n"
         "score: equal digests, equal games.\n", BENCH_MAX_TILES);
  return 0;
}

static int checksum(const char *rules, long games, long greedy_every, long tiles) {
  carc_engine *e = cli_engine(rules, "bench");
  if (!e) return 1;
  if (!repeat_tiles(e, tiles)) return cli_engine_free(e), 1;
  uint64_t h = 0;
  char err[256] = "";
  carc_result r = digest_series(e, games, greedy_every, &h, err, sizeof err);
  if (r == CARC_OK)
    printf("checksum: %016llx (%ld games, 2-5 players, greedy bot every %ld%s)\n", (unsigned long long)h,
           games, greedy_every, tiles ? ", tiles repeated" : "");
  else
    fprintf(stderr, "carcassonne bench: %s\n", err);
  cli_engine_free(e);
  return r == CARC_OK ? 0 : 1;
}

int cli_bench(int argc, char **argv) {
  long games = -1, players = 2, greedy_every = 0, tiles = 0;
  int checksum_only = 0, json = 0;
  const char *series_only = NULL, *not_series = NULL; /* an option of one form given to the other */
  carc_bot bot = CARC_BOT_RANDOM;
  const char *rules = NULL, *compare = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return usage();
    if (!strcmp(argv[i], "--checksum")) {
      checksum_only = 1;
      continue;
    }
    if (!strcmp(argv[i], "--json")) {
      json = 1;
      not_series = argv[i];
      continue;
    }
    static const char *const valued[] = {"--games", "--players", "--greedy-every", "--tiles",
                                         "--bot", "--rules", "--compare"};
    int known = 0;
    for (size_t k = 0; k < sizeof valued / sizeof *valued; k++) known |= !strcmp(argv[i], valued[k]);
    if (!known) return cli_usage_error("bench", argv[i], 1);
    if (i + 1 >= argc) return cli_usage_error("bench", argv[i], 0);
    if (!strcmp(argv[i], "--greedy-every")) series_only = argv[i];
    else if (!strcmp(argv[i], "--players") || !strcmp(argv[i], "--bot") || !strcmp(argv[i], "--compare"))
      not_series = argv[i];
    if (!strcmp(argv[i], "--games")) {
      if (!cli_parse_int(argv[++i], 1, 100000000, &games))
        return fprintf(stderr, "carcassonne bench: --games takes 1 to 100000000\n"), 2;
    } else if (!strcmp(argv[i], "--players")) {
      if (!cli_parse_int(argv[++i], 2, 5, &players))
        return fprintf(stderr, "carcassonne bench: --players takes 2 to 5\n"), 2;
    } else if (!strcmp(argv[i], "--greedy-every")) {
      if (!cli_parse_int(argv[++i], 0, 100000000, &greedy_every))
        return fprintf(stderr, "carcassonne bench: --greedy-every takes 0 to 100000000\n"), 2;
    } else if (!strcmp(argv[i], "--tiles")) {
      if (!cli_parse_int(argv[++i], BASE_TILES, BENCH_MAX_TILES, &tiles))
        return fprintf(stderr, "carcassonne bench: --tiles takes %d to %d\n", BASE_TILES, BENCH_MAX_TILES), 2;
    } else if (!strcmp(argv[i], "--bot")) {
      const char *v = argv[++i];
      if (!strcmp(v, "random")) bot = CARC_BOT_RANDOM;
      else if (!strcmp(v, "greedy")) bot = CARC_BOT_GREEDY;
      else return fprintf(stderr, "carcassonne bench: --bot takes random or greedy\n"), 2;
    } else if (!strcmp(argv[i], "--rules")) {
      rules = argv[++i];
    } else if (!strcmp(argv[i], "--compare")) {
      compare = argv[++i];
    } else {
      return cli_unknown_option("bench", argv[i]);
    }
  }
  /* the series fixes its players and bots, and prints one line */
  if (checksum_only && not_series)
    return fprintf(stderr, "carcassonne bench: %s does not go with --checksum (its series fixes the players "
                   "and bots, and prints one digest)\n", not_series), 2;
  if (!checksum_only && series_only)
    return fprintf(stderr, "carcassonne bench: %s goes with --checksum\n", series_only), 2;
  if (checksum_only) return checksum(rules, games > 0 ? games : 200, greedy_every, tiles);
  if (games < 0) games = bot == CARC_BOT_GREEDY ? 200 : 20000;
  const char *bot_name = bot == CARC_BOT_GREEDY ? "greedy" : "random";
  bench_run runs[2];
  memset(runs, 0, sizeof runs);
  int nruns = compare ? 2 : 1, ok = 1;
  runs[0].name = rules ? rules : "base";
  runs[1].name = compare;
  for (int k = 0; k < nruns && ok; k++) {
    const char *file = k ? compare : rules;
    if (file && !strcmp(file, "base")) file = NULL;
    ok = run_open(&runs[k], file, tiles, (int)players);
  }
  /* interleaved rounds: drift in the machine's speed hits both rulesets */
  int rounds = compare && games >= ROUNDS ? ROUNDS : 1;
  for (int r = 0; r < rounds && ok; r++) {
    long first = games * r / rounds, count = games * (r + 1) / rounds - first;
    for (int k = 0; k < nruns && ok; k++) ok = run_games(&runs[k], first, count, bot);
  }
  /* after the games: its allocations are not counted as theirs */
  for (int k = 0; k < nruns && ok; k++) measure_copy(&runs[k], bot);
  if (ok) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (json) {
      printf("{\"runs\":[");
      for (int k = 0; k < nruns; k++) {
        if (k) printf(",");
        print_json(&runs[k], (int)players, bot_name);
      }
      printf("]");
      if (compare)
        printf(",\"ratio_per_game\":%.3f,\"ratio_per_tile\":%.3f", us_per_game(&runs[1]) / us_per_game(&runs[0]),
               us_per_tile(&runs[1]) / us_per_tile(&runs[0]));
      printf(",\"peak_memory_kib\":%ld}\n", ru.ru_maxrss);
    } else {
      for (int k = 0; k < nruns; k++) {
        if (k) printf("\n");
        print_text(&runs[k], (int)players, bot_name);
      }
      if (compare) {
        printf("\n%-24s %12s %12s %10s\n", "", "first", "second", "second/first");
        printf("%-24s %12.2f %12.2f %10.2f\n", "microseconds/game", us_per_game(&runs[0]),
               us_per_game(&runs[1]), us_per_game(&runs[1]) / us_per_game(&runs[0]));
        printf("%-24s %12.3f %12.3f %10.2f\n", "microseconds/tile", us_per_tile(&runs[0]),
               us_per_tile(&runs[1]), us_per_tile(&runs[1]) / us_per_tile(&runs[0]));
      }
      printf("peak memory:             %ld KiB\n", ru.ru_maxrss);
    }
  }
  for (int k = 0; k < nruns; k++) run_close(&runs[k]);
  return ok ? 0 : 1;
}

/* sim.h - balance studies: the integer summary of many seeded games, shared
 * by `simulate` (plays games), `merge` (adds shard summaries) and the outputs
 * (text, JSON, HTML).
 *
 * Everything a summary holds is an integer sum or count, so adding summaries
 * is exact and the order of addition never matters: any --jobs, any shard
 * split, any machine gives the same numbers, and the derived figures (means,
 * intervals) are computed from those numbers in one fixed order. */
#ifndef CARC_SIM_H
#define CARC_SIM_H
#include "carcassonne.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define SIM_SEATS 5        /* --players 2..5 */
#define SIM_HIST 512       /* score histogram bins 0..511; higher scores land in the last bin */
#define SIM_ASIDE_HIST 16  /* tiles set aside 0..15; more land in the last bin */
#define SIM_MAX_HANDLERS 160
#define SIM_NAME 64

/* One ruleset's totals over the games played. */
typedef struct sim_side {
  int64_t games;
  int64_t score_sum[SIM_SEATS], score_sq[SIM_SEATS];
  int64_t score_min[SIM_SEATS], score_max[SIM_SEATS];
  int64_t hist[SIM_SEATS][SIM_HIST];
  int64_t wins[SIM_SEATS];   /* top score, shared tops included */
  int64_t solo[SIM_SEATS];   /* top score alone */
  int64_t draws;             /* games whose top score was shared */
  int nkinds;
  char kind[CARC_MAX_KINDS][SIM_NAME];
  int64_t kind_points[SIM_SEATS][CARC_MAX_KINDS];
  int64_t kind_scorings[CARC_MAX_KINDS];
  int nhandlers;
  char handler[SIM_MAX_HANDLERS][SIM_NAME];
  int64_t handler_points[SIM_SEATS][SIM_MAX_HANDLERS];
  int64_t other_points[SIM_SEATS]; /* points no handler record explains (hooks) */
  int64_t turns_sum, turns_sq, turns_min, turns_max;
  int64_t tiles_sum;
  int64_t aside_sum, aside_hist[SIM_ASIDE_HIST];
} sim_side;

/* A against B on the same seeds: per-game differences A - B. */
typedef struct sim_pair {
  int64_t diff_sum[SIM_SEATS], diff_sq[SIM_SEATS];
  int64_t wdiff_sum[SIM_SEATS], wdiff_sq[SIM_SEATS]; /* win (0/1) differences */
  int64_t same_winner;                               /* games with the same set of winners */
} sim_pair;

#define SIM_MAX_BOTS 2
typedef struct sim_config {
  char rules[2][1024];   /* "" = base game */
  int against;           /* 1 when B is studied too */
  int players;
  int bot[SIM_SEATS];    /* carc_bot per seat */
  uint64_t seed;
  int64_t games_total;   /* the whole study */
  int64_t first, count;  /* the slice this summary covers */
} sim_config;

typedef struct sim_summary {
  sim_config cfg;
  sim_side side[2];
  sim_pair pair;
} sim_summary;

/* The seed of game `index` of a study with seed `seed`: a splitmix64 mix, so
 * neighbouring games share nothing and the seed depends on nothing else. */
uint64_t sim_game_seed(uint64_t seed, int64_t index);
const char *sim_bot_name(int bot);
int sim_bot_parse(const char *s);

/* sim_stats.c */
/* Names of the engine's kinds and handlers into an empty side. */
void sim_side_init(sim_side *s, carc_engine *e);
/* Every sum a study keeps stays below this in magnitude, so that summaries
 * add without overflow and `merge` reads back what `simulate` writes. A
 * game adds less than it (a square of a score within +-10^9 is 10^18), so
 * a sum checked after each game has not wrapped. */
#define SIM_SUM_LIMIT ((int64_t)1 << 62)
/* Adds one finished game (records kept) to `s`; fills `score` and `win`.
 * false when a sum reaches SIM_SUM_LIMIT (scores near their limit of 10^9
 * over a few games). */
bool sim_side_add_game(sim_side *s, carc_game *g, int players, int *score, int *win);
bool sim_pair_add_game(sim_pair *p, int players, const int *sa, const int *wa, const int *sb,
                       const int *wb);
/* dst += src; 0 (and a message in err) when they do not describe the same study. */
int sim_summary_add(sim_summary *dst, const sim_summary *src, char *err, size_t errcap);
/* dst += src, counts only (the workers of one run). */
bool sim_summary_sum(sim_summary *dst, const sim_summary *src); /* false: a sum reached SIM_SUM_LIMIT */

/* Derived figures. */
typedef struct sim_interval { double mean, lo, hi; } sim_interval;
sim_interval sim_mean_ci(int64_t sum, int64_t sq, int64_t n);
sim_interval sim_rate_ci(int64_t hits, int64_t n); /* Wilson score interval */
int sim_quantile(const int64_t *hist, int bins, int64_t n, int per_mille);

/* sim_json.c / sim_read.c */
void sim_write_json(FILE *f, const sim_summary *s);
/* Reads a summary written by sim_write_json. 0 and a message on failure. */
int sim_read_json(const char *text, sim_summary *out, char *err, size_t errcap);

/* sim_text.c, sim_html.c */
void sim_write_text(FILE *f, const sim_summary *s);
void sim_write_html(FILE *f, const sim_summary *s);

/* Writes the outputs a command was asked for (--json, --html, text on
 * stdout). Returns the exit status. */
int sim_emit(const sim_summary *s, int json, const char *json_path, const char *html_path,
             const char *cmd);
#endif

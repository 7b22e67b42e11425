#define _POSIX_C_SOURCE 200809L
/* simulate.c - `carcassonne simulate`: plays a study's seeded games on
 * several threads, each with its own engines (and Lua states), and prints
 * the summary. Game i of a study always has seed sim_game_seed(seed, i), so
 * a game's result depends only on the ruleset, the seed and i; workers take
 * chunks of games and add them into their own integer summary, and the
 * summaries are added at the end, so --jobs changes nothing but the time. */
#include "cli.h"
#include "sim.h"
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHUNK 64 /* games a worker takes at a time */

typedef struct chunk_out {
  char *text;
  size_t len;
  atomic_int ready;
} chunk_out;

typedef struct study {
  const sim_config *cfg;
  int64_t nchunks;
  atomic_llong next;      /* next chunk to take */
  atomic_llong played;    /* games finished (progress) */
  atomic_int failed;
  chunk_out *out;         /* per chunk, with --games-out */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  char err[1600];
} study;

typedef struct worker {
  study *st;
  sim_summary sum;
  pthread_t thread;
  int started;
} worker;

static void fail(study *st, const char *msg) {
  pthread_mutex_lock(&st->mu);
  if (!atomic_load(&st->failed)) snprintf(st->err, sizeof st->err, "%s", msg);
  atomic_store(&st->failed, 1);
  pthread_cond_broadcast(&st->cv);
  pthread_mutex_unlock(&st->mu);
}

/* Why a study stops when a sum reaches SIM_SUM_LIMIT (a game's, or the jobs' together). */
#define TOO_LARGE "take the study's sums to 2^62 (scores near their limit of 10^9): more than a study holds; " \
                  "play fewer games"

/* A game whose scores take a sum of the study to SIM_SUM_LIMIT. */
static void too_large(study *st, char *msg, size_t cap, int64_t i, uint64_t seed, const char *rules) {
  snprintf(msg, cap, "game %" PRId64 " (seed %" PRIu64 ") of %s: its scores " TOO_LARGE, i, seed,
           rules[0] ? rules : "the base game");
  fail(st, msg);
}

static int play(carc_game *g, uint64_t seed, const int *bots) {
  if (carc_game_reset(g, seed) != CARC_OK) return 0;
  while (carc_game_phase(g) != CARC_PHASE_OVER)
    if (carc_bot_play_turn(g, (carc_bot)bots[carc_game_current_player(g)]) != CARC_OK) return 0;
  return 1;
}

static void game_line(char **buf, size_t *len, size_t *cap, int64_t index, uint64_t seed, int sides,
                      carc_game *const *g, int players) {
  char line[1024];
  int n = snprintf(line, sizeof line, "{\"game\": %" PRId64 ", \"seed\": %" PRIu64 ", \"results\": [", index, seed);
  for (int r = 0; r < sides; r++) {
    n += snprintf(line + n, sizeof line - (size_t)n, "%s{\"scores\": [", r ? ", " : "");
    for (int p = 0; p < players; p++)
      n += snprintf(line + n, sizeof line - (size_t)n, "%s%d", p ? ", " : "", carc_game_score(g[r], p));
    n += snprintf(line + n, sizeof line - (size_t)n, "], \"turns\": %d, \"tiles\": %d, \"set_aside\": %d}",
                  carc_game_turn(g[r]), carc_board_tiles(g[r]), carc_game_set_aside(g[r]));
  }
  n += snprintf(line + n, sizeof line - (size_t)n, "]}\n");
  if (*len + (size_t)n + 1 > *cap) {
    size_t nc = (*cap ? *cap * 2 : 8192) + (size_t)n;
    char *nb = realloc(*buf, nc);
    if (!nb) return;
    *buf = nb, *cap = nc;
  }
  memcpy(*buf + *len, line, (size_t)n);
  *len += (size_t)n;
}

static void *work(void *arg) {
  worker *w = arg;
  study *st = w->st;
  const sim_config *c = st->cfg;
  int sides = c->against + 1;
  carc_engine *e[2] = {NULL, NULL};
  carc_game *g[2] = {NULL, NULL};
  char msg[1600];
  for (int r = 0; r < sides; r++) {
    e[r] = cli_engine(c->rules[r][0] ? c->rules[r] : NULL, "simulate");
    carc_game_options opt = {c->players, 1, 0, 0};
    g[r] = e[r] ? carc_game_new(e[r], &opt) : NULL;
    if (!g[r]) {
      fail(st, e[r] ? carc_engine_error(e[r]) : "cannot build the ruleset");
      goto done;
    }
    sim_side_init(&w->sum.side[r], e[r]);
  }
  for (;;) {
    if (atomic_load(&st->failed)) break;
    int64_t ch = atomic_fetch_add(&st->next, 1);
    if (ch >= st->nchunks) break;
    int64_t lo = c->first + ch * CHUNK, hi = lo + CHUNK;
    if (hi > c->first + c->count) hi = c->first + c->count;
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (int64_t i = lo; i < hi; i++) {
      uint64_t seed = sim_game_seed(c->seed, i);
      int score[2][SIM_SEATS], win[2][SIM_SEATS];
      for (int r = 0; r < sides; r++) {
        if (!play(g[r], seed, c->bot)) {
          snprintf(msg, sizeof msg, "game %" PRId64 " (seed %" PRIu64 ") of %s: %s", i, seed,
                   c->rules[r][0] ? c->rules[r] : "the base game", carc_game_error(g[r]));
          fail(st, msg);
          free(text);
          goto done;
        }
        if (!sim_side_add_game(&w->sum.side[r], g[r], c->players, score[r], win[r])) {
          too_large(st, msg, sizeof msg, i, seed, c->rules[r]);
          free(text);
          goto done;
        }
      }
      if (c->against && !sim_pair_add_game(&w->sum.pair, c->players, score[0], win[0], score[1], win[1])) {
        too_large(st, msg, sizeof msg, i, seed, c->rules[1]);
        free(text);
        goto done;
      }
      if (st->out) game_line(&text, &len, &cap, i, seed, sides, g, c->players);
    }
    atomic_fetch_add(&st->played, hi - lo);
    pthread_mutex_lock(&st->mu);
    if (st->out) {
      st->out[ch].text = text, st->out[ch].len = len;
      atomic_store(&st->out[ch].ready, 1);
    }
    pthread_cond_signal(&st->cv);
    pthread_mutex_unlock(&st->mu);
  }
done:
  for (int r = 0; r < 2; r++) {
    carc_game_free(g[r]);
    if (e[r]) cli_engine_free(e[r]);
  }
  pthread_mutex_lock(&st->mu);
  pthread_cond_signal(&st->cv);
  pthread_mutex_unlock(&st->mu);
  return NULL;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void progress(int64_t done, int64_t total, double secs) {
  int width = 30, fill = total ? (int)(done * width / total) : width;
  char bar[64];
  for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
  bar[width] = 0;
  double rate = secs > 0 ? (double)done / secs : 0;
  fprintf(stderr, "\r[%s] %3d%% %" PRId64 "/%" PRId64 " games, %.0f/s ", bar,
          total ? (int)(done * 100 / total) : 100, done, total, rate);
  fflush(stderr);
}

/* Plays the slice cfg->first .. first+count on `jobs` threads into `out`.
 * Returns 0 and prints the error on failure. */
static int run(const sim_config *cfg, int jobs, FILE *games_out, sim_summary *out) {
  study st;
  memset(&st, 0, sizeof st);
  st.cfg = cfg;
  st.nchunks = (cfg->count + CHUNK - 1) / CHUNK;
  atomic_init(&st.next, 0);
  atomic_init(&st.played, 0);
  atomic_init(&st.failed, 0);
  pthread_mutex_init(&st.mu, NULL);
  pthread_cond_init(&st.cv, NULL);
  if (games_out && st.nchunks) {
    st.out = calloc((size_t)st.nchunks, sizeof *st.out);
    if (!st.out) return fprintf(stderr, "carcassonne simulate: out of memory\n"), 0;
  }
  if (jobs > st.nchunks) jobs = st.nchunks > 0 ? (int)st.nchunks : 1;
  if (jobs < 1) jobs = 1; /* the caller checks; said here for the compiler's size check */
  worker *w = calloc((size_t)jobs, sizeof *w);
  if (!w) return fprintf(stderr, "carcassonne simulate: out of memory\n"), free(st.out), 0;
  for (int j = 0; j < jobs; j++) {
    w[j].st = &st;
    w[j].sum.cfg = *cfg;
    if (pthread_create(&w[j].thread, NULL, work, &w[j]) != 0) {
      fail(&st, "cannot start a worker thread");
      break;
    }
    w[j].started = 1;
  }
  int tty = isatty(2);
  double t0 = now(), last = 0;
  int64_t flushed = 0;
  pthread_mutex_lock(&st.mu);
  for (;;) {
    while (st.out && flushed < st.nchunks && atomic_load(&st.out[flushed].ready)) {
      fwrite(st.out[flushed].text ? st.out[flushed].text : "", 1, st.out[flushed].len, games_out);
      free(st.out[flushed].text);
      st.out[flushed].text = NULL;
      flushed++;
    }
    int64_t done = atomic_load(&st.played);
    if (tty && now() - last > 0.2) {
      last = now();
      progress(done, cfg->count, last - t0);
    }
    if (done >= cfg->count && (!st.out || flushed >= st.nchunks)) break;
    if (atomic_load(&st.failed)) break;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 200000000L;
    if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_cond_timedwait(&st.cv, &st.mu, &until);
  }
  pthread_mutex_unlock(&st.mu);
  for (int j = 0; j < jobs; j++)
    if (w[j].started) pthread_join(w[j].thread, NULL);
  if (tty) {
    progress(atomic_load(&st.played), cfg->count, now() - t0);
    fprintf(stderr, "\n");
  }
  int ok = !atomic_load(&st.failed);
  if (!ok) fprintf(stderr, "carcassonne simulate: %s\n", st.err);
  if (ok) {
    *out = w[0].sum;
    for (int j = 1; j < jobs && ok; j++)
      if (!sim_summary_sum(out, &w[j].sum)) {
        fprintf(stderr, "carcassonne simulate: the games' scores " TOO_LARGE "\n");
        ok = 0;
      }
    out->cfg = *cfg;
  }
  if (st.out)
    for (int64_t c = 0; c < st.nchunks; c++) free(st.out[c].text);
  free(st.out);
  free(w);
  pthread_mutex_destroy(&st.mu);
  pthread_cond_destroy(&st.cv);
  return ok;
}

static int usage(const char *msg) {
  fprintf(stderr, "carcassonne simulate: %s (try 'carcassonne simulate --help')\n", msg);
  return 2;
}

static void help(void) {
  printf("usage: carcassonne simulate [--rules A] [--against B] [--games N] [--players P]\n"
         "                            [--bot B[,B...]] [--seed S] [--jobs J] [--shard I/N]\n"
         "                            [--json [FILE]] [--games-out FILE.jsonl] [--html FILE]\n"
         "Plays N seeded games with bots and summarises them: score distribution, win\n"
         "rate with 95%% intervals and points by feature kind and by handler per seat,\n"
         "game length, tiles set aside. With --against, the same seeds under ruleset B\n"
         "and the paired differences A - B. Results do not depend on --jobs or --shard.\n"
         "  --rules A        a ruleset (default: the base game, which \"base\" names too)\n"
         "  --against B      a second ruleset played on the same seeds (\"base\": the base game)\n"
         "  --games N        games in the whole study (default 10000)\n"
         "  --players P      2 to 5 (default 2)\n"
         "  --bot B,...      random or greedy, one per seat or one for all (default random)\n"
         "  --seed S         the study's seed (default 1); game i gets its own seed from S and i\n"
         "  --jobs J         worker threads (default: every core)\n"
         "  --shard I/N      play only the I-th of N slices of the games (1 <= I <= N);\n"
         "                   'carcassonne merge' adds the slices' --json summaries\n"
         "  --json [FILE]    the summary as JSON on stdout (or into FILE)\n"
         "  --games-out FILE one JSON line per game, in game order\n"
         "  --html FILE      a self-contained report page with charts\n");
}

/* Whether a file at `path` could be created: its folder exists and takes
 * new files (or the file itself can be written). */
static bool folder_writable(const char *path) {
  if (access(path, W_OK) == 0) return true;
  const char *slash = strrchr(path, '/');
  char dir[4096];
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if (slash == path) snprintf(dir, sizeof dir, "/");
  else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
  return access(dir, W_OK | X_OK) == 0;
}

int cli_simulate(int argc, char **argv) {
  sim_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.players = 2;
  cfg.seed = 1;
  cfg.games_total = 10000;
  long jobs = sysconf(_SC_NPROCESSORS_ONLN), shard_i = 1, shard_n = 1;
  if (jobs < 1) jobs = 1;
  const char *bots = "random", *json_path = NULL, *games_path = NULL, *html_path = NULL;
  int json = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) return help(), 0;
    if (!strcmp(a, "--json")) {
      json = 1;
      /* an optional FILE, which is no option: a name that starts with a dash is taken for one */
      if (i + 1 < argc && argv[i + 1][0] != '-') json_path = argv[++i];
      continue;
    }
    static const char *const valued[] = {"--rules", "--against", "--games", "--players", "--seed", "--jobs",
                                         "--bot", "--shard", "--games-out", "--html", NULL};
    int known = 0;
    for (int k = 0; valued[k]; k++) known |= !strcmp(a, valued[k]);
    char msg[160];
    if (!known) return cli_unknown_option("simulate", a);
    if (i + 1 >= argc) {
      snprintf(msg, sizeof msg, "%s is missing its value", a);
      return usage(msg);
    }
    const char *v = argv[++i];
    long n;
    if (!strcmp(a, "--rules") || !strcmp(a, "--against")) {
      int r = a[2] == 'a';
      if (!*v) return usage(r ? "--against needs a ruleset file" : "--rules needs a ruleset file");
      if (strlen(v) >= sizeof cfg.rules[r]) return usage("ruleset path too long");
      strcpy(cfg.rules[r], strcmp(v, "base") ? v : ""); /* "base": the base game, as summaries name it */
      if (r) cfg.against = 1;
    } else if (!strcmp(a, "--games")) {
      if (!cli_parse_int(v, 1, 1000000000L, &n)) return usage("--games takes 1 to 1000000000");
      cfg.games_total = n;
    } else if (!strcmp(a, "--players")) {
      if (!cli_parse_int(v, 2, 5, &n)) return usage("--players takes 2 to 5");
      cfg.players = (int)n;
    } else if (!strcmp(a, "--seed")) {
      if (!cli_parse_int(v, 0, 2147483647L, &n)) return usage("--seed takes 0 to 2147483647");
      cfg.seed = (uint64_t)n;
    } else if (!strcmp(a, "--jobs")) {
      if (!cli_parse_int(v, 1, 1024, &jobs)) return usage("--jobs takes 1 to 1024");
    } else if (!strcmp(a, "--bot")) {
      bots = v;
    } else if (!strcmp(a, "--shard")) {
      char buf[64];
      const char *slash = strchr(v, '/');
      if (!slash || (size_t)(slash - v) >= sizeof buf) return usage("--shard takes I/N");
      memcpy(buf, v, (size_t)(slash - v));
      buf[slash - v] = 0;
      if (!cli_parse_int(slash + 1, 1, 1000000, &shard_n) || !cli_parse_int(buf, 1, shard_n, &shard_i))
        return usage("--shard takes I/N with 1 <= I <= N");
    } else if (!strcmp(a, "--games-out")) {
      games_path = v;
    } else {
      html_path = v; /* --html: the last of `valued` */
    }
  }
  /* bots: one name for every seat, or one per seat */
  int nb = 0;
  for (const char *p = bots; nb <= SIM_SEATS;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    char name[16];
    if (len >= sizeof name) return usage("--bot takes random or greedy, per seat separated by commas");
    memcpy(name, p, len);
    name[len] = 0;
    int b = sim_bot_parse(name);
    if (nb == SIM_SEATS) return usage("--bot names one bot, or one per seat (at most 5)");
    if (b < 0) return usage("--bot takes random or greedy, per seat separated by commas");
    cfg.bot[nb++] = b;
    if (!comma) break;
    p = comma + 1;
  }
  if (nb == 1)
    for (int p = 1; p < SIM_SEATS; p++) cfg.bot[p] = cfg.bot[0];
  else if (nb != cfg.players)
    return usage("--bot needs one bot, or one per seat");
  for (int p = cfg.players; p < SIM_SEATS; p++) cfg.bot[p] = 0;
  cfg.first = cfg.games_total * (shard_i - 1) / shard_n;
  cfg.count = cfg.games_total * shard_i / shard_n - cfg.first;
  /* check the rulesets once here, so a bad file is reported once */
  for (int r = 0; r <= cfg.against; r++) {
    carc_engine *e = cli_engine(cfg.rules[r][0] ? cfg.rules[r] : NULL, "simulate");
    if (!e) return 1;
    cli_engine_free(e);
  }
  /* the summary's files are written after the study: their folders are
   * checked now, so a typo costs no study (the files stay as they are) */
  const char *later[2] = {json_path, html_path};
  for (int i = 0; i < 2; i++)
    if (later[i] && !folder_writable(later[i])) {
      fprintf(stderr, "carcassonne simulate: cannot write %s (no such folder, or no permission)\n", later[i]);
      return 1;
    }
  FILE *games_out = NULL;
  if (games_path && !(games_out = fopen(games_path, "w"))) return cli_cannot_write("simulate", games_path, errno);
  sim_summary *sum = calloc(1, sizeof *sum);
  if (!sum) return fprintf(stderr, "carcassonne simulate: out of memory\n"), 1;
  int ok = cfg.count > 0 ? run(&cfg, (int)jobs, games_out, sum) : 1;
  if (ok && cfg.count == 0) {
    /* an empty slice still names the kinds and handlers, so it merges */
    sum->cfg = cfg;
    for (int r = 0; r <= cfg.against; r++) {
      carc_engine *e = cli_engine(cfg.rules[r][0] ? cfg.rules[r] : NULL, "simulate");
      if (!e) return free(sum), 1;
      sim_side_init(&sum->side[r], e);
      cli_engine_free(e);
    }
  }
  if (games_out && (ferror(games_out) | (fclose(games_out) != 0))) ok = !cli_cannot_write("simulate", games_path, errno);
  int rc = ok ? sim_emit(sum, json, json_path, html_path, "simulate") : 1;
  free(sum);
  return rc;
}

/* sim_stats.c - adding games to a study's integer summary, adding summaries
 * together, and the figures derived from them (means, intervals, quantiles). */
#include "sim.h"
#include <math.h>
#include <string.h>

uint64_t sim_game_seed(uint64_t seed, int64_t index) {
  uint64_t z = seed + (uint64_t)(index + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

const char *sim_bot_name(int bot) { return bot == CARC_BOT_GREEDY ? "greedy" : "random"; }

int sim_bot_parse(const char *s) {
  if (!strcmp(s, "random")) return CARC_BOT_RANDOM;
  if (!strcmp(s, "greedy")) return CARC_BOT_GREEDY;
  return -1;
}

static void copy_name(char *dst, const char *src) {
  size_t n = strlen(src);
  if (n >= SIM_NAME) n = SIM_NAME - 1;
  memcpy(dst, src, n);
  dst[n] = 0;
}

void sim_side_init(sim_side *s, carc_engine *e) {
  memset(s, 0, sizeof *s);
  for (int p = 0; p < SIM_SEATS; p++) s->score_min[p] = INT64_MAX, s->score_max[p] = INT64_MIN;
  s->turns_min = INT64_MAX;
  s->turns_max = INT64_MIN;
  for (int k = 0; k < CARC_MAX_KINDS; k++) {
    const char *name = carc_kind_name(e, k);
    if (!name || !strcmp(name, "?")) break;
    copy_name(s->kind[s->nkinds++], name);
  }
  for (int h = 0; h < carc_handler_count(e) && h < SIM_MAX_HANDLERS; h++)
    copy_name(s->handler[s->nhandlers++], carc_handler_name(e, h));
}

static int handler_index(const sim_side *s, const char *name) {
  for (int h = 0; h < s->nhandlers; h++)
    if (!strcmp(s->handler[h], name)) return h;
  return -1;
}

/* Splits one scoring's points among the handlers that made them: a change of
 * the feature's total is worth its difference to every scorer (the players
 * base.award pays), and an award change by any other handler is worth its
 * difference to the player it names. Changes of counts and rates made before
 * the total is computed (base.rates, a cathedral's rate ...) are part of the
 * value base.total computes, so they count under base.total. */
static void attribute(sim_side *s, const carc_game *g, int i, int players, int64_t *explained) {
  carc_scoring_info info;
  if (carc_game_scoring(g, i, &info) != CARC_OK) return;
  if (info.kind >= 0 && info.kind < CARC_MAX_KINDS) {
    s->kind_scorings[info.kind]++;
    for (int p = 0; p < players; p++) s->kind_points[p][info.kind] += info.award[p];
  }
  int64_t part[SIM_MAX_HANDLERS];
  int touched[SIM_MAX_HANDLERS], ntouched = 0, scorer[SIM_SEATS] = {0};
  carc_change c;
  for (int j = 0; j < info.changes; j++) {
    if (carc_game_scoring_change(g, i, j, &c) != CARC_OK) continue;
    int64_t worth = (int64_t)c.after - c.before;
    if (c.field == -3) {
      if (c.player < 0 || c.player >= players) continue;
      if (!strcmp(c.handler, "base.award")) {
        scorer[c.player] = 1;
      } else {
        int h = handler_index(s, c.handler);
        if (h >= 0) s->handler_points[c.player][h] += worth, explained[c.player] += worth;
      }
      continue;
    }
    if (c.field != CARC_F_TOTAL || !worth) continue;
    int h = handler_index(s, c.handler);
    if (h < 0) continue;
    int k = 0;
    while (k < ntouched && touched[k] != h) k++;
    if (k == ntouched) touched[ntouched] = h, part[ntouched++] = 0;
    part[k] += worth;
  }
  for (int p = 0; p < players; p++) {
    if (!scorer[p]) continue;
    for (int k = 0; k < ntouched; k++) {
      s->handler_points[p][touched[k]] += part[k];
      explained[p] += part[k];
    }
  }
}

static bool within(int64_t v) { return v < SIM_SUM_LIMIT && v > -SIM_SUM_LIMIT; }

/* The sums a game adds to (counts grow by one a game and stay small). */
static bool side_within(const sim_side *s) {
  bool ok = within(s->turns_sum) && within(s->turns_sq) && within(s->tiles_sum) && within(s->aside_sum);
  for (int p = 0; p < SIM_SEATS; p++) {
    ok = ok && within(s->score_sum[p]) && within(s->score_sq[p]) && within(s->other_points[p]);
    for (int k = 0; k < CARC_MAX_KINDS; k++) ok = ok && within(s->kind_points[p][k]);
    for (int h = 0; h < SIM_MAX_HANDLERS; h++) ok = ok && within(s->handler_points[p][h]);
  }
  return ok;
}

bool sim_side_add_game(sim_side *s, carc_game *g, int players, int *score, int *win) {
  int64_t explained[SIM_SEATS] = {0};
  int n = carc_game_scorings(g);
  for (int i = 0; i < n; i++) attribute(s, g, i, players, explained);
  int top = INT32_MIN, ntop = 0;
  for (int p = 0; p < players; p++) {
    score[p] = carc_game_score(g, p);
    if (score[p] > top) top = score[p], ntop = 1;
    else if (score[p] == top) ntop++;
  }
  s->games++;
  if (ntop > 1) s->draws++;
  for (int p = 0; p < players; p++) {
    int64_t sc = score[p];
    s->score_sum[p] += sc;
    s->score_sq[p] += sc * sc;
    if (sc < s->score_min[p]) s->score_min[p] = sc;
    if (sc > s->score_max[p]) s->score_max[p] = sc;
    s->hist[p][sc < 0 ? 0 : sc >= SIM_HIST ? SIM_HIST - 1 : sc]++;
    win[p] = score[p] == top;
    s->wins[p] += win[p];
    s->solo[p] += win[p] && ntop == 1;
    s->other_points[p] += sc - explained[p];
  }
  int64_t turns = carc_game_turn(g);
  s->turns_sum += turns;
  s->turns_sq += turns * turns;
  if (turns < s->turns_min) s->turns_min = turns;
  if (turns > s->turns_max) s->turns_max = turns;
  s->tiles_sum += carc_board_tiles(g);
  int aside = carc_game_set_aside(g);
  s->aside_sum += aside;
  s->aside_hist[aside >= SIM_ASIDE_HIST ? SIM_ASIDE_HIST - 1 : aside]++;
  return side_within(s);
}

bool sim_pair_add_game(sim_pair *p, int players, const int *sa, const int *wa, const int *sb,
                       const int *wb) {
  int same = 1;
  bool ok = true;
  for (int q = 0; q < players; q++) {
    int64_t d = (int64_t)sa[q] - sb[q], w = (int64_t)wa[q] - wb[q];
    p->diff_sum[q] += d;
    p->diff_sq[q] += d * d; /* below 4 * 10^18: the sum was below 2^62 */
    p->wdiff_sum[q] += w;
    p->wdiff_sq[q] += w * w;
    ok = ok && within(p->diff_sum[q]) && within(p->diff_sq[q]);
    if (w) same = 0;
  }
  p->same_winner += same;
  return ok;
}

static int same_names(const sim_side *a, const sim_side *b) {
  if (a->nkinds != b->nkinds || a->nhandlers != b->nhandlers) return 0;
  for (int k = 0; k < a->nkinds; k++)
    if (strcmp(a->kind[k], b->kind[k])) return 0;
  for (int h = 0; h < a->nhandlers; h++)
    if (strcmp(a->handler[h], b->handler[h])) return 0;
  return 1;
}

/* d += s, remembering in `over` a sum that overflows or reaches SIM_SUM_LIMIT. */
#define ADD(d, s) (over |= __builtin_add_overflow((d), (s), &(d)) || !within(d))

static bool side_add(sim_side *d, const sim_side *s) {
  bool over = false;
  ADD(d->games, s->games);
  ADD(d->draws, s->draws);
  for (int p = 0; p < SIM_SEATS; p++) {
    ADD(d->score_sum[p], s->score_sum[p]);
    ADD(d->score_sq[p], s->score_sq[p]);
    if (s->score_min[p] < d->score_min[p]) d->score_min[p] = s->score_min[p];
    if (s->score_max[p] > d->score_max[p]) d->score_max[p] = s->score_max[p];
    for (int b = 0; b < SIM_HIST; b++) ADD(d->hist[p][b], s->hist[p][b]);
    ADD(d->wins[p], s->wins[p]);
    ADD(d->solo[p], s->solo[p]);
    for (int k = 0; k < CARC_MAX_KINDS; k++) ADD(d->kind_points[p][k], s->kind_points[p][k]);
    for (int h = 0; h < SIM_MAX_HANDLERS; h++) ADD(d->handler_points[p][h], s->handler_points[p][h]);
    ADD(d->other_points[p], s->other_points[p]);
  }
  for (int k = 0; k < CARC_MAX_KINDS; k++) ADD(d->kind_scorings[k], s->kind_scorings[k]);
  ADD(d->turns_sum, s->turns_sum);
  ADD(d->turns_sq, s->turns_sq);
  if (s->turns_min < d->turns_min) d->turns_min = s->turns_min;
  if (s->turns_max > d->turns_max) d->turns_max = s->turns_max;
  ADD(d->tiles_sum, s->tiles_sum);
  ADD(d->aside_sum, s->aside_sum);
  for (int b = 0; b < SIM_ASIDE_HIST; b++) ADD(d->aside_hist[b], s->aside_hist[b]);
  return !over;
}

int sim_summary_add(sim_summary *dst, const sim_summary *src, char *err, size_t errcap) {
  const sim_config *a = &dst->cfg, *b = &src->cfg;
  const char *why = NULL;
  if (strcmp(a->rules[0], b->rules[0]) || strcmp(a->rules[1], b->rules[1]) || a->against != b->against)
    why = "different rulesets";
  else if (a->players != b->players || memcmp(a->bot, b->bot, sizeof a->bot))
    why = "different players or bots";
  else if (a->seed != b->seed || a->games_total != b->games_total)
    why = "different seeds or study sizes";
  else if (!same_names(&dst->side[0], &src->side[0]) || !same_names(&dst->side[1], &src->side[1]))
    why = "different scoring handlers";
  else if (b->first != a->first + a->count && a->first != b->first + b->count)
    why = "slices that do not touch (merge shards that follow each other, or all of them at once)";
  if (why) {
    snprintf(err, errcap, "cannot merge: %s", why);
    return 0;
  }
  if (b->first < a->first) dst->cfg.first = b->first;
  dst->cfg.count += b->count;
  if (!sim_summary_sum(dst, src)) {
    snprintf(err, errcap, "cannot merge: a sum would reach 2^62, more than a study holds");
    return 0;
  }
  return 1;
}

bool sim_summary_sum(sim_summary *dst, const sim_summary *src) {
  bool over = false;
  for (int r = 0; r < 2; r++) over |= !side_add(&dst->side[r], &src->side[r]);
  sim_pair *d = &dst->pair;
  const sim_pair *s = &src->pair;
  for (int p = 0; p < SIM_SEATS; p++) {
    ADD(d->diff_sum[p], s->diff_sum[p]);
    ADD(d->diff_sq[p], s->diff_sq[p]);
    ADD(d->wdiff_sum[p], s->wdiff_sum[p]);
    ADD(d->wdiff_sq[p], s->wdiff_sq[p]);
  }
  ADD(d->same_winner, s->same_winner);
  return !over;
}

#define Z95 1.959963984540054

sim_interval sim_mean_ci(int64_t sum, int64_t sq, int64_t n) {
  sim_interval r = {0, 0, 0};
  if (n <= 0) return r;
  double mean = (double)sum / (double)n;
  double var = 0;
  if (n > 1) {
    /* n*sq - sum^2 in long double keeps the subtraction exact enough */
    long double num = (long double)n * (long double)sq - (long double)sum * (long double)sum;
    var = (double)(num / ((long double)n * (long double)(n - 1)));
    if (var < 0) var = 0;
  }
  double half = Z95 * sqrt(var / (double)n);
  r.mean = mean, r.lo = mean - half, r.hi = mean + half;
  return r;
}

sim_interval sim_rate_ci(int64_t hits, int64_t n) {
  sim_interval r = {0, 0, 0};
  if (n <= 0) return r;
  double nn = (double)n, p = (double)hits / nn, z2 = Z95 * Z95;
  double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  double half = Z95 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  r.mean = p, r.lo = centre - half, r.hi = centre + half;
  if (r.lo < 0) r.lo = 0;
  if (r.hi > 1) r.hi = 1;
  return r;
}

int sim_quantile(const int64_t *hist, int bins, int64_t n, int per_mille) {
  if (n <= 0) return 0;
  /* the smallest value v with at least per_mille/1000 of the games at or below it */
  int64_t need = (n * per_mille + 999) / 1000, seen = 0;
  if (need < 1) need = 1;
  for (int b = 0; b < bins; b++) {
    seen += hist[b];
    if (seen >= need) return b;
  }
  return bins - 1;
}

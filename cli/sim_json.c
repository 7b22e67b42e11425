/* sim_json.c - a study summary as JSON: every integer sum and count (what
 * `merge` adds) next to the figures derived from them (means, intervals,
 * quantiles). Same numbers in, same bytes out. */
#include "sim.h"
#include <inttypes.h>
#include <string.h>

/* Bytes of the well-formed UTF-8 sequence at s (RFC 3629), or 0. */
static int utf8_len(const unsigned char *s) {
  const unsigned c = s[0];
  int n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (n < 2) return n;
  for (int i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  unsigned cp = c & (0x7Fu >> n);
  for (int i = 1; i < n; i++) cp = cp << 6 | (s[i] & 0x3Fu);
  static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000}; /* overlong forms are not UTF-8 */
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

/* A JSON string. A path is bytes: one that is not UTF-8 (a folder named in
 * Latin-1) has those bytes replaced by U+FFFD, so the document stays JSON. */
static void str(FILE *f, const char *s) {
  fputc('"', f);
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    const unsigned char c = *p;
    const int n = utf8_len(p);
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else if (n == 0) fputs("\\ufffd", f);
    else fwrite(p, 1, (size_t)n, f);
    p += n ? n : 1;
  }
  fputc('"', f);
}

static void ints(FILE *f, const int64_t *v, int n, size_t stride) {
  fputc('[', f);
  for (int i = 0; i < n; i++) fprintf(f, "%s%" PRId64, i ? ", " : "", *(const int64_t *)((const char *)v + stride * (size_t)i));
  fputc(']', f);
}

static void interval(FILE *f, const char *name, sim_interval r) {
  fprintf(f, "\"%s\": %.6f, \"%s_ci95\": [%.6f, %.6f]", name, r.mean, name, r.lo, r.hi);
}

static void side_json(FILE *f, const sim_summary *sum, int r) {
  const sim_side *s = &sum->side[r];
  int players = sum->cfg.players;
  int64_t n = s->games;
  fprintf(f, "    {\n      \"rules\": ");
  str(f, sum->cfg.rules[r][0] ? sum->cfg.rules[r] : "base");
  fprintf(f, ",\n      \"games\": %" PRId64 ",\n      \"draws\": %" PRId64 ",\n      \"seats\": [\n", n, s->draws);
  for (int p = 0; p < players; p++) {
    fprintf(f, "        {\"seat\": \"%s\", \"bot\": \"%s\",\n", carc_player_name(p), sim_bot_name(sum->cfg.bot[p]));
    fprintf(f, "         \"score\": {\"sum\": %" PRId64 ", \"sum_sq\": %" PRId64 ", \"min\": %" PRId64
               ", \"max\": %" PRId64 ", ",
            s->score_sum[p], s->score_sq[p], n ? s->score_min[p] : 0, n ? s->score_max[p] : 0);
    interval(f, "mean", sim_mean_ci(s->score_sum[p], s->score_sq[p], n));
    fprintf(f, ",\n                   \"p10\": %d, \"median\": %d, \"p90\": %d,\n                   \"histogram\": [",
            sim_quantile(s->hist[p], SIM_HIST, n, 100), sim_quantile(s->hist[p], SIM_HIST, n, 500),
            sim_quantile(s->hist[p], SIM_HIST, n, 900));
    int first = 1;
    for (int b = 0; b < SIM_HIST; b++) {
      if (!s->hist[p][b]) continue;
      fprintf(f, "%s[%d, %" PRId64 "]", first ? "" : ", ", b, s->hist[p][b]);
      first = 0;
    }
    fprintf(f, "]},\n         \"wins\": %" PRId64 ", \"solo_wins\": %" PRId64 ", ", s->wins[p], s->solo[p]);
    interval(f, "win_rate", sim_rate_ci(s->wins[p], n));
    fprintf(f, "}%s\n", p + 1 < players ? "," : "");
  }
  fprintf(f, "      ],\n      \"kinds\": [\n");
  for (int k = 0; k < s->nkinds; k++) {
    fprintf(f, "        {\"kind\": ");
    str(f, s->kind[k]);
    fprintf(f, ", \"scorings\": %" PRId64 ", \"points\": ", s->kind_scorings[k]);
    ints(f, &s->kind_points[0][k], players, sizeof s->kind_points[0]);
    fprintf(f, "}%s\n", k + 1 < s->nkinds ? "," : "");
  }
  fprintf(f, "      ],\n      \"handlers\": [\n");
  for (int h = 0; h < s->nhandlers; h++) {
    fprintf(f, "        {\"handler\": ");
    str(f, s->handler[h]);
    fprintf(f, ", \"points\": ");
    ints(f, &s->handler_points[0][h], players, sizeof s->handler_points[0]);
    fprintf(f, "}%s\n", h + 1 < s->nhandlers ? "," : "");
  }
  fprintf(f, "      ],\n      \"other_points\": ");
  ints(f, s->other_points, players, sizeof s->other_points[0]);
  fprintf(f, ",\n      \"turns\": {\"sum\": %" PRId64 ", \"sum_sq\": %" PRId64 ", \"min\": %" PRId64
             ", \"max\": %" PRId64 ", ",
          s->turns_sum, s->turns_sq, n ? s->turns_min : 0, n ? s->turns_max : 0);
  interval(f, "mean", sim_mean_ci(s->turns_sum, s->turns_sq, n));
  fprintf(f, "},\n      \"tiles\": {\"sum\": %" PRId64 ", \"mean\": %.6f},\n", s->tiles_sum,
          n ? (double)s->tiles_sum / (double)n : 0.0);
  fprintf(f, "      \"set_aside\": {\"sum\": %" PRId64 ", \"mean\": %.6f, \"histogram\": ", s->aside_sum,
          n ? (double)s->aside_sum / (double)n : 0.0);
  ints(f, s->aside_hist, SIM_ASIDE_HIST, sizeof s->aside_hist[0]);
  fprintf(f, "}\n    }");
}

void sim_write_json(FILE *f, const sim_summary *s) {
  const sim_config *c = &s->cfg;
  fprintf(f, "{\n  \"format\": \"carcassonne-study-1\",\n  \"study\": {\"rules\": [");
  str(f, c->rules[0][0] ? c->rules[0] : "base");
  if (c->against) {
    fprintf(f, ", ");
    str(f, c->rules[1][0] ? c->rules[1] : "base");
  }
  fprintf(f, "], \"players\": %d, \"bots\": [", c->players);
  for (int p = 0; p < c->players; p++) fprintf(f, "%s\"%s\"", p ? ", " : "", sim_bot_name(c->bot[p]));
  fprintf(f, "], \"seed\": %" PRIu64 ", \"games\": %" PRId64 ", \"first\": %" PRId64 ", \"count\": %" PRId64 "},\n",
          c->seed, c->games_total, c->first, c->count);
  fprintf(f, "  \"rulesets\": [\n");
  for (int r = 0; r <= c->against; r++) {
    side_json(f, s, r);
    fprintf(f, "%s\n", r < c->against ? "," : "");
  }
  fprintf(f, "  ]");
  if (c->against) {
    const sim_pair *p = &s->pair;
    int64_t n = s->side[0].games;
    fprintf(f, ",\n  \"against\": {\n    \"same_winners\": %" PRId64 ",\n    \"seats\": [\n", p->same_winner);
    for (int q = 0; q < c->players; q++) {
      fprintf(f, "      {\"seat\": \"%s\", \"score_diff\": {\"sum\": %" PRId64 ", \"sum_sq\": %" PRId64 ", ",
              carc_player_name(q), p->diff_sum[q], p->diff_sq[q]);
      interval(f, "mean", sim_mean_ci(p->diff_sum[q], p->diff_sq[q], n));
      fprintf(f, "},\n       \"win_diff\": {\"sum\": %" PRId64 ", \"sum_sq\": %" PRId64 ", ", p->wdiff_sum[q],
              p->wdiff_sq[q]);
      interval(f, "mean", sim_mean_ci(p->wdiff_sum[q], p->wdiff_sq[q], n));
      fprintf(f, "}}%s\n", q + 1 < c->players ? "," : "");
    }
    fprintf(f, "    ]\n  }");
  }
  fprintf(f, "\n}\n");
}

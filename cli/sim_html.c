/* sim_html.c - a study summary as one self-contained HTML page: no scripts,
 * no fonts or images from elsewhere; the charts are inline SVG drawn here
 * (score distributions per seat, win rates with intervals, points by handler,
 * A against B). */
#include "sim.h"
#include <inttypes.h>
#include <string.h>

static const char *const colour[SIM_SEATS] = {"#c62828", "#1565c0", "#2e7d32", "#d4a017", "#333333"};

static void esc(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else if (*s == '"') fputs("&quot;", f);
    else fputc(*s, f);
  }
}

static const char *rules_name(const sim_summary *s, int r) {
  return s->cfg.rules[r][0] ? s->cfg.rules[r] : "base game";
}

/* Score distribution: one line per seat, share of games per score. */
static void chart_scores(FILE *f, const sim_summary *sum, int r) {
  const sim_side *s = &sum->side[r];
  int players = sum->cfg.players, hi = 0;
  int64_t peak = 1;
  for (int p = 0; p < players; p++)
    for (int b = 0; b < SIM_HIST; b++)
      if (s->hist[p][b]) {
        if (b > hi) hi = b;
        if (s->hist[p][b] > peak) peak = s->hist[p][b];
      }
  hi = (hi / 20 + 1) * 20;
  const double W = 640, H = 260, L = 50, B = 30, T = 10, R = 10;
  double pw = W - L - R, ph = H - T - B;
  fprintf(f, "<svg class=\"chart\" id=\"chart-scores-%c\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" "
             "role=\"img\" aria-label=\"score distribution per seat\">\n", 'a' + r, W, H, W, H);
  fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#fafafa\" stroke=\"#ccc\"/>\n", L, T, pw, ph);
  for (int x = 0; x <= hi; x += 20) {
    double px = L + pw * x / hi;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#e0e0e0\"/>"
               "<text x=\"%.1f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"middle\">%d</text>\n",
            px, T, px, T + ph, px, H - 12, x);
  }
  double top = (double)peak / (double)(s->games ? s->games : 1);
  for (int k = 0; k <= 4; k++) {
    double py = T + ph - ph * k / 4;
    fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%.1f%%</text>\n", L - 4, py + 4,
            100 * top * k / 4);
  }
  for (int p = 0; p < players; p++) {
    fprintf(f, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", colour[p]);
    for (int b = 0; b <= hi && b < SIM_HIST; b++) {
      double share = (double)s->hist[p][b] / (double)peak;
      fprintf(f, "%.1f,%.1f ", L + pw * b / hi, T + ph - ph * share);
    }
    fprintf(f, "\"/>\n");
  }
  fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"middle\">final score</text>\n", L + pw / 2,
          H - 1);
  fprintf(f, "</svg>\n");
}

/* Horizontal bars with an interval whisker; rows of (label, colour, value, lo, hi). */
typedef struct bar { char label[96]; const char *colour; double v, lo, hi; int whisker; } bar;

static void chart_bars(FILE *f, const char *id, const char *what, const bar *rows, int n, double lo, double hi,
                       const char *unit) {
  const double W = 640, L = 240, R = 60, row = 22, T = 8;
  double H = T + row * n + 26, pw = W - L - R;
  if (hi <= lo) hi = lo + 1;
  fprintf(f, "<svg class=\"chart\" id=\"%s\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
             "aria-label=\"%s\">\n", id, W, H, W, H, what);
  double zero = L + pw * (0 - lo) / (hi - lo);
  for (int k = 0; k <= 4; k++) {
    double v = lo + (hi - lo) * k / 4, px = L + pw * k / 4;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#e0e0e0\"/>"
               "<text x=\"%.1f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"middle\">%.3g%s</text>\n",
            px, T, px, T + row * n, px, T + row * n + 16, v, unit);
  }
  for (int i = 0; i < n; i++) {
    const bar *b = &rows[i];
    double y = T + row * i, x0 = zero, x1 = L + pw * (b->v - lo) / (hi - lo);
    if (x1 < x0) x0 = x1, x1 = zero;
    fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\">", L - 6, y + 15);
    esc(f, b->label);
    fprintf(f, "</text><rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" fill=\"%s\" "
               "fill-opacity=\"0.75\"/>\n", x0, y + 4, x1 - x0 < 0.5 ? 0.5 : x1 - x0, row - 8, b->colour);
    if (b->whisker) {
      double a = L + pw * (b->lo - lo) / (hi - lo), c = L + pw * (b->hi - lo) / (hi - lo), m = y + row / 2;
      fprintf(f, "<path class=\"interval\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fV%.1f\" stroke=\"#000\" "
                 "fill=\"none\"/>\n", a, m - 5, m + 5, a, m, c, c, m - 5, m + 5);
    }
    fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"11\">%.3g%s</text>\n", W - R + 4, y + 15, b->v, unit);
  }
  fprintf(f, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#666\"/>\n</svg>\n", zero, T, zero,
          T + row * n);
}

static void range(const bar *rows, int n, double *lo, double *hi) {
  *lo = 0, *hi = 0;
  for (int i = 0; i < n; i++) {
    double a = rows[i].whisker ? rows[i].lo : rows[i].v, b = rows[i].whisker ? rows[i].hi : rows[i].v;
    if (a < *lo) *lo = a;
    if (b > *hi) *hi = b;
  }
  double pad = (*hi - *lo) * 0.05;
  if (*lo < 0) *lo -= pad;
  *hi += pad;
}

static int handler_of(const sim_side *s, const char *name) {
  for (int h = 0; h < s->nhandlers; h++)
    if (!strcmp(s->handler[h], name)) return h;
  return -1;
}

static void table_side(FILE *f, const sim_summary *sum, int r) {
  const sim_side *s = &sum->side[r];
  int64_t n = s->games;
  fprintf(f, "<table><tr><th>seat</th><th>bot</th><th>mean score [95%% CI]</th><th>p10</th><th>median</th>"
             "<th>p90</th><th>win rate [95%% CI]</th></tr>\n");
  for (int p = 0; p < sum->cfg.players; p++) {
    sim_interval m = sim_mean_ci(s->score_sum[p], s->score_sq[p], n), w = sim_rate_ci(s->wins[p], n);
    fprintf(f, "<tr><td style=\"color:%s\">%s</td><td>%s</td><td>%.2f [%.2f, %.2f]</td><td>%d</td><td>%d</td>"
               "<td>%d</td><td>%.2f%% [%.2f%%, %.2f%%]</td></tr>\n",
            colour[p], carc_player_name(p), sim_bot_name(sum->cfg.bot[p]), m.mean, m.lo, m.hi,
            sim_quantile(s->hist[p], SIM_HIST, n, 100), sim_quantile(s->hist[p], SIM_HIST, n, 500),
            sim_quantile(s->hist[p], SIM_HIST, n, 900), 100 * w.mean, 100 * w.lo, 100 * w.hi);
  }
  sim_interval t = sim_mean_ci(s->turns_sum, s->turns_sq, n);
  fprintf(f, "</table>\n<p>%" PRId64 " games; shared top scores in %" PRId64 " (each tied seat counts a win); "
             "%.2f turns per game; %.4f tiles set aside per game.</p>\n",
          n, s->draws, t.mean, n ? (double)s->aside_sum / (double)n : 0.0);
}

void sim_write_html(FILE *f, const sim_summary *sum) {
  const sim_config *c = &sum->cfg;
  int players = c->players, sides = c->against + 1;
  fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Carcassonne study</title>\n"
             "<style>body{font-family:sans-serif;max-width:760px;margin:1em auto;color:#222}"
             "table{border-collapse:collapse;font-size:13px}td,th{padding:2px 8px;border-bottom:1px solid #ddd;"
             "text-align:right}td:first-child,th:first-child{text-align:left}h2{margin-top:1.6em}"
             ".key span{margin-right:1em}svg{display:block;margin:.5em 0}</style>\n</head>\n<body>\n");
  fprintf(f, "<h1>Balance study</h1>\n<p>");
  esc(f, rules_name(sum, 0));
  if (c->against) {
    fprintf(f, " (A) against ");
    esc(f, rules_name(sum, 1));
    fprintf(f, " (B), on the same seeds");
  }
  fprintf(f, ": %d players, games %" PRId64 " to %" PRId64 " of %" PRId64 ", study seed %" PRIu64 ".</p>\n", players,
          c->first, c->first + c->count - 1, c->games_total, c->seed);
  fprintf(f, "<p class=\"key\">");
  for (int p = 0; p < players; p++)
    fprintf(f, "<span style=\"color:%s\">&#9632; %s (%s)</span>", colour[p], carc_player_name(p), sim_bot_name(c->bot[p]));
  fprintf(f, "</p>\n");

  for (int r = 0; r < sides; r++) {
    fprintf(f, "<h2>%s: ", r ? "B" : "A");
    esc(f, rules_name(sum, r));
    fprintf(f, "</h2>\n<h3>Score distribution per seat</h3>\n");
    chart_scores(f, sum, r);
    table_side(f, sum, r);
  }

  bar rows[SIM_MAX_HANDLERS * 2 + 8];
  int n = 0;
  for (int r = 0; r < sides; r++)
    for (int p = 0; p < players; p++) {
      sim_interval w = sim_rate_ci(sum->side[r].wins[p], sum->side[r].games);
      bar *b = &rows[n++];
      snprintf(b->label, sizeof b->label, "%s%s", c->against ? (r ? "B " : "A ") : "", carc_player_name(p));
      b->colour = colour[p], b->v = 100 * w.mean, b->lo = 100 * w.lo, b->hi = 100 * w.hi, b->whisker = 1;
    }
  fprintf(f, "<h2>Win rates with 95%% intervals</h2>\n");
  chart_bars(f, "chart-wins", "win rate per seat", rows, n, 0, 100, "%");

  fprintf(f, "<h2>Points per game by handler</h2>\n<p>Mean points per game and seat that each scoring handler "
             "added to a feature's value or to a player's award. Changes of counts and rates made before the "
             "total is computed count under base.total.</p>\n");
  /* each handler of A, then the same handler under B; handlers only B has last */
  n = 0;
  for (int r = 0; r < sides; r++) {
    const sim_side *s = &sum->side[r];
    for (int h = 0; h < s->nhandlers; h++) {
      if (r == 1 && handler_of(&sum->side[0], s->handler[h]) >= 0) continue;
      for (int q = r; q < sides && n < SIM_MAX_HANDLERS * 2; q++) {
        const sim_side *t = &sum->side[q];
        int k = q == r ? h : handler_of(t, s->handler[h]);
        if (k < 0) continue;
        int64_t all = 0, any = 0;
        for (int p = 0; p < players; p++) all += t->handler_points[p][k], any |= t->handler_points[p][k] != 0;
        if (!any) continue;
        bar *b = &rows[n++];
        snprintf(b->label, sizeof b->label, "%s%s", c->against ? (q ? "B " : "A ") : "", t->handler[k]);
        b->colour = q ? "#7b1fa2" : "#00838f";
        b->v = (double)all / (double)(t->games ? t->games : 1) / players, b->whisker = 0;
      }
    }
  }
  double lo, hi;
  range(rows, n, &lo, &hi);
  chart_bars(f, "chart-handlers", "points per game by handler", rows, n, lo, hi, "");

  if (c->against) {
    int64_t games = sum->side[0].games;
    fprintf(f, "<h2>A against B</h2>\n<p>Paired differences A &minus; B per seat on the same seeds, with 95%% "
               "intervals; A and B name the same winners in %.2f%% of the games.</p>\n",
            games ? 100.0 * (double)sum->pair.same_winner / (double)games : 0.0);
    n = 0;
    for (int p = 0; p < players; p++) {
      sim_interval d = sim_mean_ci(sum->pair.diff_sum[p], sum->pair.diff_sq[p], games);
      bar *b = &rows[n++];
      snprintf(b->label, sizeof b->label, "score %s", carc_player_name(p));
      b->colour = colour[p], b->v = d.mean, b->lo = d.lo, b->hi = d.hi, b->whisker = 1;
    }
    range(rows, n, &lo, &hi);
    chart_bars(f, "chart-against-score", "score difference A minus B", rows, n, lo, hi, "");
    n = 0;
    for (int p = 0; p < players; p++) {
      sim_interval d = sim_mean_ci(sum->pair.wdiff_sum[p], sum->pair.wdiff_sq[p], games);
      bar *b = &rows[n++];
      snprintf(b->label, sizeof b->label, "win rate %s", carc_player_name(p));
      b->colour = colour[p], b->v = 100 * d.mean, b->lo = 100 * d.lo, b->hi = 100 * d.hi, b->whisker = 1;
    }
    range(rows, n, &lo, &hi);
    chart_bars(f, "chart-against-wins", "win rate difference A minus B", rows, n, lo, hi, "%");
  }
  fprintf(f, "<p style=\"font-size:12px;color:#666\">carcassonne %s; written by carcassonne simulate / merge.</p>\n"
             "</body>\n</html>\n", carc_version());
}

/* sim_text.c - a study summary for people, and the choice of outputs that
 * `simulate` and `merge` share. */
#include "cli.h"
#include "sim.h"
#include <errno.h>
#include <inttypes.h>
#include <string.h>

static const char *rules_name(const sim_summary *s, int r) {
  return s->cfg.rules[r][0] ? s->cfg.rules[r] : "base game";
}

/* A table's column heads: the seats, right-aligned over their numbers. */
static void seat_names(FILE *f, int players) {
  for (int p = 0; p < players; p++) fprintf(f, " %8s", carc_player_name(p));
  fprintf(f, "\n");
}

static void side_text(FILE *f, const sim_summary *sum, int r) {
  const sim_side *s = &sum->side[r];
  int players = sum->cfg.players;
  int64_t n = s->games;
  double dn = n ? (double)n : 1;
  fprintf(f, "\n%s %s: %" PRId64 " games\n", r ? "B" : "A", rules_name(sum, r), n);
  if (n == 0) { /* a slice with no game (more slices than games): no zeros dressed as results */
    fprintf(f, "  no game to summarise\n");
    return;
  }
  fprintf(f, "  seat    bot     score mean [95%% CI]        p10  med  p90  min  max   win rate [95%% CI]\n");
  for (int p = 0; p < players; p++) {
    sim_interval m = sim_mean_ci(s->score_sum[p], s->score_sq[p], n);
    sim_interval w = sim_rate_ci(s->wins[p], n);
    fprintf(f, "  %-7s %-7s %7.2f [%7.2f, %7.2f]  %4d %4d %4d %4" PRId64 " %4" PRId64 "   %5.1f%% [%5.1f%%, %5.1f%%]\n",
            carc_player_name(p), sim_bot_name(sum->cfg.bot[p]), m.mean, m.lo, m.hi,
            sim_quantile(s->hist[p], SIM_HIST, n, 100), sim_quantile(s->hist[p], SIM_HIST, n, 500),
            sim_quantile(s->hist[p], SIM_HIST, n, 900), n ? s->score_min[p] : 0, n ? s->score_max[p] : 0,
            100 * w.mean, 100 * w.lo, 100 * w.hi);
  }
  fprintf(f, "  shared top scores (each tied seat counts a win): %" PRId64 " games (%.2f%%)\n", s->draws,
          100.0 * (double)s->draws / dn);
  fprintf(f, "  points per game by feature kind:\n    %-22s", "");
  seat_names(f, players);
  for (int k = 0; k < s->nkinds; k++) {
    int64_t any = s->kind_scorings[k];
    if (!any) continue;
    fprintf(f, "    %-22s", s->kind[k]);
    for (int p = 0; p < players; p++) fprintf(f, " %8.2f", (double)s->kind_points[p][k] / dn);
    fprintf(f, "\n");
  }
  fprintf(f, "  points per game by handler:\n    %-34s", "");
  seat_names(f, players);
  for (int h = 0; h < s->nhandlers; h++) {
    int any = 0;
    for (int p = 0; p < players; p++) any |= s->handler_points[p][h] != 0;
    if (!any) continue;
    fprintf(f, "    %-34s", s->handler[h]);
    for (int p = 0; p < players; p++) fprintf(f, " %8.2f", (double)s->handler_points[p][h] / dn);
    fprintf(f, "\n");
  }
  fprintf(f, "    %-34s", "(hooks and other points)");
  for (int p = 0; p < players; p++) fprintf(f, " %8.2f", (double)s->other_points[p] / dn);
  fprintf(f, "\n");
  sim_interval t = sim_mean_ci(s->turns_sum, s->turns_sq, n);
  fprintf(f, "  game length: %.2f turns [%.2f, %.2f], %" PRId64 " to %" PRId64 "; %.2f tiles on the board\n",
          t.mean, t.lo, t.hi, n ? s->turns_min : 0, n ? s->turns_max : 0, (double)s->tiles_sum / dn);
  fprintf(f, "  tiles set aside: %.4f per game\n", (double)s->aside_sum / dn);
}

void sim_write_text(FILE *f, const sim_summary *s) {
  const sim_config *c = &s->cfg;
  fprintf(f, "study: %s", rules_name(s, 0));
  if (c->against) fprintf(f, " against %s", rules_name(s, 1));
  fprintf(f, ", %d players, seed %" PRIu64 ", ", c->players, c->seed);
  if (c->count > 0)
    fprintf(f, "games %" PRId64 "..%" PRId64 " of %" PRId64 "\n", c->first, c->first + c->count - 1, c->games_total);
  else
    fprintf(f, "none of the %" PRId64 " games (more slices than games: this one is empty)\n", c->games_total);
  for (int r = 0; r <= c->against; r++) side_text(f, s, r);
  if (!c->against || c->count == 0) return;
  int64_t n = s->side[0].games;
  fprintf(f, "\nA - B on the same seeds (paired):\n");
  fprintf(f, "  seat    score diff [95%% CI]         win rate diff [95%% CI]\n");
  for (int p = 0; p < c->players; p++) {
    sim_interval d = sim_mean_ci(s->pair.diff_sum[p], s->pair.diff_sq[p], n);
    sim_interval w = sim_mean_ci(s->pair.wdiff_sum[p], s->pair.wdiff_sq[p], n);
    fprintf(f, "  %-7s %+7.3f [%+7.3f, %+7.3f]   %+6.2f%% [%+6.2f%%, %+6.2f%%]\n", carc_player_name(p), d.mean,
            d.lo, d.hi, 100 * w.mean, 100 * w.lo, 100 * w.hi);
  }
  fprintf(f, "  same winners under A and B: %.2f%% of games\n",
          n ? 100.0 * (double)s->pair.same_winner / (double)n : 0.0);
}

int sim_emit(const sim_summary *s, int json, const char *json_path, const char *html_path, const char *cmd) {
  if (html_path) {
    FILE *f = fopen(html_path, "w");
    if (!f) return cli_cannot_write(cmd, html_path, errno);
    sim_write_html(f, s);
    if (fclose(f) != 0) return cli_cannot_write(cmd, html_path, errno);
  }
  if (json && json_path) {
    FILE *f = fopen(json_path, "w");
    if (!f) return cli_cannot_write(cmd, json_path, errno);
    sim_write_json(f, s);
    if (fclose(f) != 0) return cli_cannot_write(cmd, json_path, errno);
    sim_write_text(stdout, s);
  } else if (json) {
    sim_write_json(stdout, s);
  } else {
    sim_write_text(stdout, s);
  }
  return 0;
}

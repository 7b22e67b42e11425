/* scoring.c - the base game's scoring rules, as ordinary pipeline handlers
 * so that a ruleset can move or replace them like any expansion's. */
#include "internal.h"
#include <stdio.h>

/* The rules themselves, each once: the handlers below and base_chain_run
 * both compute with these. */

/* The strongest players' strength (0: nobody scores). */
static inline int strongest(const carc_score_ctx *c) {
  int best = 0;
  for (int p = 0; p < c->players; p++) best = c->strength[p] > best ? c->strength[p] : best;
  return best;
}
static inline int scores_with(const carc_score_ctx *c, int p, int best) { return best > 0 && c->strength[p] == best; }

/* Points per unit and per coat of arms, by arithmetic: the kind follows the
 * board, a switch would mispredict. Roads and monastery-like features 1 a
 * unit; cities 2 and 2 completed, 1 and 1 at the end; fields 3 a city. */
static inline int unit_rate(const carc_score_ctx *c) {
  const int city = c->kind == CARC_CITY, completed = c->reason == CARC_COMPLETED;
  return 1 + (city & completed) + 2 * (c->kind == CARC_FIELD);
}
static inline int symbol_rate(const carc_score_ctx *c) {
  return (c->kind == CARC_CITY) * (1 + (c->reason == CARC_COMPLETED));
}

/* The feature's value from its numbers and the rates. */
static inline long long total_of(const carc_score_ctx *c, int unit, int symbol) {
  return (long long)c->v[CARC_F_COUNT] * unit + (long long)c->v[CARC_F_SYMBOLS] * symbol + c->v[CARC_F_ADJUST];
}
static inline bool total_ok(long long total) { return total >= -CARC_MAX_SCORE && total <= CARC_MAX_SCORE; }

/* 190: the strongest players score; all tied leaders score in full. */
static carc_result base_majority(carc_score_ctx *c, void *ud) {
  (void)ud;
  const int best = strongest(c);
  for (int p = 0; p < c->players; p++) ctx_write(c, &c->scores[p], -2, p, scores_with(c, p, best));
  return CARC_OK;
}

/* 300: points per unit and per coat of arms. */
static carc_result base_rates(carc_score_ctx *c, void *ud) {
  (void)ud;
  ctx_write(c, &c->v[CARC_F_UNIT_RATE], CARC_F_UNIT_RATE, -1, unit_rate(c));
  ctx_write(c, &c->v[CARC_F_SYMBOL_RATE], CARC_F_SYMBOL_RATE, -1, symbol_rate(c));
  return CARC_OK;
}

/* 400: the feature's value from the numbers the earlier stages left. */
static carc_result base_total(carc_score_ctx *c, void *ud) {
  (void)ud;
  const long long total = total_of(c, c->v[CARC_F_UNIT_RATE], c->v[CARC_F_SYMBOL_RATE]);
  if (!total_ok(total)) {
    char msg[128];
    snprintf(msg, sizeof msg, "total %lld is outside the allowed %d..%d", total, -CARC_MAX_SCORE,
             CARC_MAX_SCORE);
    carc_ctx_fail(c, msg);
    return CARC_ERR_LIMIT;
  }
  ctx_write(c, &c->v[CARC_F_TOTAL], CARC_F_TOTAL, -1, (int)total);
  return CARC_OK;
}

/* 600: every scoring player receives the total. */
static carc_result base_award(carc_score_ctx *c, void *ud) {
  (void)ud;
  for (int p = 0; p < c->players; p++) /* a select: who scores follows the board */
    ctx_write(c, &c->award[p], -3, p, c->scores[p] ? c->v[CARC_F_TOTAL] : c->award[p]);
  return CARC_OK;
}

int base_handler_role(carc_handler_fn fn) {
  return fn == base_majority ? 0 : fn == base_rates ? 1 : fn == base_total ? 2 : fn == base_award ? 3 : -1;
}

/* What the four handlers above do, in their order, without the calls and
 * the records (the pipeline takes this path only when it keeps none). */
bool base_chain_run(carc_score_ctx *c) {
  const int unit = unit_rate(c), symbol = symbol_rate(c);
  const long long total = total_of(c, unit, symbol);
  if (!total_ok(total)) return false;
  const int best = strongest(c);
  for (int p = 0; p < c->players; p++) {
    c->scores[p] = scores_with(c, p, best);
    c->award[p] = c->scores[p] ? (int)total : c->award[p];
  }
  c->v[CARC_F_UNIT_RATE] = unit;
  c->v[CARC_F_SYMBOL_RATE] = symbol;
  c->v[CARC_F_TOTAL] = (int)total;
  return true;
}

carc_result base_handlers_register(carc_engine *e) {
  carc_result r = carc_handler_add(e, "base.majority", 190, NULL, base_majority, NULL);
  if (r == CARC_OK) r = carc_handler_add(e, "base.rates", 300, NULL, base_rates, NULL);
  if (r == CARC_OK) r = carc_handler_add(e, "base.total", 400, NULL, base_total, NULL);
  if (r == CARC_OK) r = carc_handler_add(e, "base.award", 600, NULL, base_award, NULL);
  if (r == CARC_OK)
    r = carc_handler_describe(e, "base.majority",
                              "the players with the most followers score (all tied leaders score)");
  if (r == CARC_OK)
    r = carc_handler_describe(e, "base.rates",
                              "road: 1 point / tile\n"
                              "city completed: 2 points / tile, 2 points / coat of arms\n"
                              "city final: 1 point / tile, 1 point / coat of arms\n"
                              "monastery: 1 point for its tile + 1 point / tile around it\n"
                              "field: 3 points / completed city adjacent to the farm\n"
                              "1 point / tile");
  if (r == CARC_OK)
    r = carc_handler_describe(e, "base.total", "value = count x unit rate + symbols x symbol rate + adjustments");
  if (r == CARC_OK)
    r = carc_handler_describe(e, "base.award", "each scoring player receives the value");
  return r;
}

/* A feature's member ring, for handlers that walk it without a buffer. */
int carc_feature_next_member(const carc_game *g, int s) {
  return s >= 0 && s < g->nsegs ? (int)g->segs[s].next : -1;
}

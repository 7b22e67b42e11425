/* pipeline.c - the handler table and one scoring run over a context.
 *
 * Handlers are kept sorted by (priority, registration order): the order is
 * deterministic and a ruleset can move a handler without recompiling. A
 * handler's filter is checked here, in C, so one that does not apply to a
 * feature costs a few comparisons and no call. A run changes only the
 * context; the game is touched when the caller commits the staged result. */
#include "internal.h"
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

void carc_filter_init(carc_filter *f) {
  memset(f, 0, sizeof *f);
  f->attr = f->tile_attr = f->figure = f->flag = -1;
}

const char *carc_stage_name(int p) {
  if (p < 200) return "majority";
  if (p < 300) return "count";
  if (p < 400) return "per_tile";
  if (p < 500) return "feature";
  if (p < 600) return "post_bonus";
  return "player";
}

static int handler_cmp(const handler *a, const handler *b) {
  if (a->priority != b->priority) return a->priority < b->priority ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

_Static_assert(MAX_HANDLERS <= 128, "handler_pass holds two words of bits");

/* Handler i asks bit `bit` of source `what`: noted in the engine's needs. */
static void need_add(carc_engine *e, int what, int bit, int i) {
  int k = 0;
  while (k < e->nneeds && (e->needs[k].what != what || e->needs[k].bit != bit)) k++;
  if (k == e->nneeds) e->needs[e->nneeds++] = (filter_need){(uint8_t)what, (uint8_t)bit, {0}};
  e->needs[k].handlers[i >> 6] |= 1ull << (i & 63);
  e->handler_filtered[i >> 6] |= 1ull << (i & 63);
}

/* The conditions of handler i's filter beyond kind and reason (which
 * handler_pass holds), each bit within its source's width. */
static void need_conditions(carc_engine *e, const carc_filter *f, int i) {
  if (f->attr >= 0) need_add(e, NEED_ATTR, f->attr & 63, i);
  if (f->tile_attr >= 0) need_add(e, NEED_TILE_ATTR, f->tile_attr & 63, i);
  if (f->figure >= 0) need_add(e, NEED_FIGURE, f->figure & 31, i);
  if (f->flag >= 0) need_add(e, NEED_FLAG, f->flag & 63, i);
  if (f->tokens) need_add(e, NEED_TOKENS, 0, i);
}

/* Rebuilds handler_pass after any change of the handlers' order or state,
 * and with it base_chain and base_rest. */
static void handlers_index(carc_engine *e) {
  memset(e->handler_pass, 0, sizeof e->handler_pass);
  memset(e->base_rest, 0, sizeof e->base_rest);
  memset(e->handler_filtered, 0, sizeof e->handler_filtered);
  e->nneeds = 0;
  int next_role[CARC_MAX_KINDS][3] = {{0}}; /* the base handler each kind and reason waits for; -1: out of order */
  for (int i = 0; i < e->nhandlers; i++) {
    const handler *h = &e->handlers[i];
    if (!h->enabled) continue;
    const int role = h->filtered ? -1 : base_handler_role(h->fn);
    if (h->filtered) need_conditions(e, &h->filter, i);
    for (int k = 0; k < CARC_MAX_KINDS; k++) {
      if (h->filter.kinds && !(h->filter.kinds & (1u << k))) continue;
      for (int r = 0; r < 3; r++) {
        if (h->filter.reasons && !(h->filter.reasons & (1 << r))) continue;
        e->handler_pass[k][r][i >> 6] |= 1ull << (i & 63);
        if (role < 0) e->base_rest[k][r][i >> 6] |= 1ull << (i & 63);
        else next_role[k][r] = next_role[k][r] == role ? role + 1 : -1;
      }
    }
  }
  memset(e->need_pass, 0, sizeof e->need_pass);
  for (int k = 0; k < CARC_MAX_KINDS; k++)
    for (int r = 0; r < 3; r++) {
      e->base_chain[k][r] = next_role[k][r] == 4;
      const uint64_t *pass = e->handler_pass[k][r];
      for (int n = 0; n < e->nneeds; n++)
        if ((e->needs[n].handlers[0] & pass[0]) | (e->needs[n].handlers[1] & pass[1]))
          e->need_pass[k][r][n >> 6] |= 1ull << (n & 63);
    }
  e->handler_gen++;
}

void handlers_sort(carc_engine *e) { /* insertion sort: small, stable */
  for (int i = 1; i < e->nhandlers; i++) {
    handler h = e->handlers[i];
    int j = i - 1;
    while (j >= 0 && handler_cmp(&e->handlers[j], &h) > 0) {
      e->handlers[j + 1] = e->handlers[j];
      j--;
    }
    e->handlers[j + 1] = h;
  }
  handlers_index(e);
}

/* `what`: "handler" or "hook", for the messages. */
static carc_result check_name(carc_engine *e, const char *name, const char *what) {
  if (!name || !name_valid(name))
    return engine_fail(e, CARC_ERR_ARGUMENT, "a %s needs a name of " NAME_RULE, what);
  if (carc_handler_find(e, name) >= 0)
    return engine_fail(e, CARC_ERR_ARGUMENT, "handler '%s' is already registered", name);
  for (int p = 0; p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < e->nhooks[p]; i++)
      if (strcmp(e->hooks[p][i].name, name) == 0)
        return engine_fail(e, CARC_ERR_ARGUMENT, "hook '%s' is already registered", name);
  return CARC_OK;
}

/* A filter's ids index bit sets: each must be -1 (any) or fit its set. */
static carc_result check_filter(carc_engine *e, const char *name, const carc_filter *f) {
  if (!f) return CARC_OK;
  const char *bad = f->attr < -1 || f->attr >= 64           ? "attr"
                    : f->tile_attr < -1 || f->tile_attr >= 64 ? "tile_attr"
                    : f->figure < -1 || f->figure >= 32       ? "figure"
                    : f->flag < -1 || f->flag >= MAX_FLAGS    ? "flag"
                                                              : NULL;
  if (!bad) return CARC_OK;
  return engine_fail(e, CARC_ERR_ARGUMENT, "'%s': filter %s is out of range (-1 for any)", name, bad);
}

carc_result carc_handler_add(carc_engine *e, const char *name, int priority,
                             const carc_filter *filter, carc_handler_fn fn, void *ud) {
  carc_result r = check_name(e, name, "handler");
  if (r == CARC_OK) r = check_filter(e, name, filter);
  if (r != CARC_OK) return r;
  if (!fn) return engine_fail(e, CARC_ERR_ARGUMENT, "handler '%s' has no function", name);
  if (priority < 0 || priority > 999)
    return engine_fail(e, CARC_ERR_ARGUMENT, "handler '%s': priority %d is outside 0..999", name,
                       priority);
  if (e->nhandlers >= MAX_HANDLERS)
    return engine_fail(e, CARC_ERR_LIMIT, "handler '%s': at most %d handlers", name, MAX_HANDLERS);
  handler *h = &e->handlers[e->nhandlers++];
  memset(h, 0, sizeof *h);
  copy_name(h->name, name);
  h->priority = priority;
  h->seq = e->seq++;
  h->enabled = 1;
  if (filter) h->filter = *filter;
  else carc_filter_init(&h->filter);
  carc_filter any;
  carc_filter_init(&any);
  h->filtered = memcmp(&h->filter, &any, sizeof any) != 0;
  h->fn = fn;
  h->ud = ud;
  handlers_sort(e);
  return CARC_OK;
}

int carc_handler_find(const carc_engine *e, const char *name) {
  for (int i = 0; name && i < e->nhandlers; i++)
    if (strcmp(e->handlers[i].name, name) == 0) return i;
  return -1;
}

static hook *hook_find(carc_engine *e, const char *name) {
  for (int p = 0; name && p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < e->nhooks[p]; i++)
      if (strcmp(e->hooks[p][i].name, name) == 0) return &e->hooks[p][i];
  return NULL;
}

static void hooks_sort(hook *hs, int n) {
  for (int i = 1; i < n; i++) {
    hook h = hs[i];
    int j = i - 1;
    while (j >= 0 && (hs[j].priority > h.priority ||
                      (hs[j].priority == h.priority && hs[j].seq > h.seq))) {
      hs[j + 1] = hs[j];
      j--;
    }
    hs[j + 1] = h;
  }
}

carc_result carc_handler_move(carc_engine *e, const char *name, int priority) {
  if (priority < 0 || priority > 999)
    return engine_fail(e, CARC_ERR_ARGUMENT, "'%s': priority %d is outside 0..999", name ? name : "?", priority);
  int i = carc_handler_find(e, name);
  if (i >= 0) {
    e->handlers[i].priority = priority;
    handlers_sort(e);
    return CARC_OK;
  }
  hook *h = hook_find(e, name);
  if (!h) return engine_fail(e, CARC_ERR_UNKNOWN, "no handler or hook named '%s'", name ? name : "?");
  h->priority = priority;
  for (int p = 0; p < CARC_HOOK_COUNT; p++) hooks_sort(e->hooks[p], e->nhooks[p]);
  return CARC_OK;
}

carc_result carc_handler_enable(carc_engine *e, const char *name, int on) {
  int i = carc_handler_find(e, name);
  hook *h = i < 0 ? hook_find(e, name) : NULL;
  if (i < 0 && !h) return engine_fail(e, CARC_ERR_UNKNOWN, "no handler or hook named '%s'", name ? name : "?");
  if (on && (i >= 0 ? e->handlers[i].retired : h->retired))
    return engine_fail(e, CARC_ERR_STATE, "'%s' was retired: the code it ran is gone (a freed Lua state)", name);
  if (h) {
    h->enabled = on != 0;
    return CARC_OK;
  }
  e->handlers[i].enabled = on != 0;
  handlers_index(e);
  return CARC_OK;
}

void carc_engine_retire(carc_engine *e, const void *ud) {
  if (!e) return;
  for (int i = 0; i < e->nhandlers; i++)
    if (e->handlers[i].ud == ud) e->handlers[i].enabled = 0, e->handlers[i].retired = 1;
  for (int p = 0; p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < e->nhooks[p]; i++)
      if (e->hooks[p][i].ud == ud) e->hooks[p][i].enabled = 0, e->hooks[p][i].retired = 1;
  handlers_index(e);
}

int carc_handler_count(const carc_engine *e) { return e->nhandlers; }
const char *carc_handler_name(const carc_engine *e, int i) {
  return i >= 0 && i < e->nhandlers ? e->handlers[i].name : NULL;
}
int carc_handler_priority(const carc_engine *e, int i) {
  return i >= 0 && i < e->nhandlers ? e->handlers[i].priority : -1;
}
int carc_handler_enabled(const carc_engine *e, int i) {
  return i >= 0 && i < e->nhandlers ? e->handlers[i].enabled : 0;
}

carc_result carc_hook_add(carc_engine *e, carc_hook_point point, const char *name, int priority,
                          const carc_filter *filter, carc_hook_fn fn, void *ud) {
  if ((unsigned)point >= CARC_HOOK_COUNT)
    return engine_fail(e, CARC_ERR_ARGUMENT, "hook '%s': unknown hook point", name ? name : "?");
  carc_result r = check_name(e, name, "hook");
  if (r == CARC_OK) r = check_filter(e, name, filter);
  if (r != CARC_OK) return r;
  if (!fn) return engine_fail(e, CARC_ERR_ARGUMENT, "hook '%s' has no function", name);
  if (priority < 0 || priority > 999)
    return engine_fail(e, CARC_ERR_ARGUMENT, "hook '%s': priority %d is outside 0..999", name, priority);
  if (e->nhooks[point] >= MAX_HOOKS)
    return engine_fail(e, CARC_ERR_LIMIT, "hook '%s': at most %d hooks per point", name, MAX_HOOKS);
  hook *h = &e->hooks[point][e->nhooks[point]++];
  memset(h, 0, sizeof *h);
  copy_name(h->name, name);
  h->priority = priority;
  h->seq = e->seq++;
  h->enabled = 1;
  if (filter) h->filter = *filter;
  else carc_filter_init(&h->filter);
  h->fn = fn;
  h->ud = ud;
  const carc_filter f = h->filter; /* the sort may move another hook into h's slot */
  hooks_sort(e->hooks[point], e->nhooks[point]);
  if (f.flag >= 0) e->hook_flags[point] |= 1ull << f.flag;
  else e->hook_open[point] = 1;
  if (point == CARC_HOOK_TURN_END) {
    if (f.kinds) e->turn_end_kinds |= f.kinds;
    else if (f.flag >= 0) e->turn_end_free_flags |= 1ull << f.flag;
    else e->turn_end_free_open = 1;
  }
  return CARC_OK;
}

carc_result carc_hook_set_infallible(carc_engine *e, const char *name, int on) {
  if (!e) return CARC_ERR_ARGUMENT;
  hook *h = name ? hook_find(e, name) : NULL;
  if (!h) return engine_fail(e, CARC_ERR_UNKNOWN, "no hook named '%s'", name ? name : "?");
  h->infallible = on != 0;
  return CARC_OK;
}

carc_result carc_handler_describe(carc_engine *e, const char *name, const char *text) {
  char **slot = NULL;
  int i = carc_handler_find(e, name);
  if (i >= 0) slot = &e->handlers[i].desc;
  else {
    hook *h = hook_find(e, name);
    if (h) slot = &h->desc;
  }
  if (!slot) return engine_fail(e, CARC_ERR_UNKNOWN, "no handler or hook named '%s'", name ? name : "?");
  size_t n = text ? strlen(text) : 0;
  if (n >= MAX_DESC)
    return engine_fail(e, CARC_ERR_ARGUMENT, "'%s': a description has at most %d characters", name,
                       MAX_DESC - 1);
  char *copy = NULL;
  if (n) {
    copy = carc_mem(e, NULL, 0, n + 1);
    if (!copy) return engine_fail(e, CARC_ERR_MEMORY, "out of memory");
    memcpy(copy, text, n + 1);
  }
  if (*slot && !engine_desc_kept(e, *slot)) carc_mem(e, *slot, strlen(*slot) + 1, 0);
  *slot = copy;
  return CARC_OK;
}

const char *carc_handler_description(const carc_engine *e, int i) {
  return i >= 0 && i < e->nhandlers && e->handlers[i].desc ? e->handlers[i].desc : "";
}

carc_result carc_handler_filter(const carc_engine *e, int i, carc_filter *out) {
  if (i < 0 || i >= e->nhandlers || !out) return CARC_ERR_ARGUMENT;
  *out = e->handlers[i].filter;
  return CARC_OK;
}

int carc_hook_count(const carc_engine *e, carc_hook_point p) {
  return (unsigned)p < CARC_HOOK_COUNT ? e->nhooks[p] : 0;
}
static const hook *hook_at(const carc_engine *e, carc_hook_point p, int i) {
  return (unsigned)p < CARC_HOOK_COUNT && i >= 0 && i < e->nhooks[p] ? &e->hooks[p][i] : NULL;
}
const char *carc_hook_name(const carc_engine *e, carc_hook_point p, int i) {
  const hook *h = hook_at(e, p, i);
  return h ? h->name : NULL;
}
int carc_hook_priority(const carc_engine *e, carc_hook_point p, int i) {
  const hook *h = hook_at(e, p, i);
  return h ? h->priority : -1;
}
int carc_hook_enabled(const carc_engine *e, carc_hook_point p, int i) {
  const hook *h = hook_at(e, p, i);
  return h ? h->enabled : 0;
}
const char *carc_hook_description(const carc_engine *e, carc_hook_point p, int i) {
  const hook *h = hook_at(e, p, i);
  return h && h->desc ? h->desc : "";
}

const char *carc_hook_point_name(carc_hook_point p) {
  static const char *const names[] = {"setup",      "placement", "tile_placed", "feature_scored",
                                      "turn_end",   "final_scoring", "game_end", "feature_completed"};
  return (unsigned)p < CARC_HOOK_COUNT ? names[p] : "?";
}

carc_result carc_engine_describe_pipeline(const carc_engine *e, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  size_t n = 0;
  if (cap) buf[0] = '\0';
#define PUT(...)                                                                   \
  do {                                                                             \
    int w = snprintf(n < cap ? buf + n : NULL, n < cap ? cap - n : 0, __VA_ARGS__); \
    if (w > 0) n += (size_t)w;                                                     \
  } while (0)
  PUT("scoring pipeline\n%-8s  %-10s  %-36s  %s\n", "priority", "stage", "handler", "expansion");
  for (int i = 0; i < e->nhandlers; i++) {
    const handler *h = &e->handlers[i];
    char exp[CARC_MAX_NAME];
    copy_name(exp, h->name);
    char *dot = strchr(exp, '.');
    if (dot) *dot = '\0';
    PUT("%8d  %-10s  %-36s  %s%s\n", h->priority, carc_stage_name(h->priority), h->name, exp,
        h->enabled ? "" : "  (off)");
  }
  int order[CARC_MAX_KINDS], nkinds = carc_engine_final_order(e, order, CARC_MAX_KINDS);
  PUT("features scored in one call (a turn's, the final scoring), by kind:");
  for (int i = 0; i < nkinds; i++) PUT("%s %s", i ? "," : "", e->kind_names[order[i]]);
  PUT("\n");
  for (int p = 0; p < CARC_HOOK_COUNT; p++) {
    if (!e->nhooks[p]) continue;
    PUT("hook %s\n", carc_hook_point_name((carc_hook_point)p));
    for (int i = 0; i < e->nhooks[p]; i++) {
      const hook *h = &e->hooks[p][i];
      char exp[CARC_MAX_NAME];
      copy_name(exp, h->name);
      char *dot = strchr(exp, '.');
      if (dot) *dot = '\0';
      PUT("%8d  %-10s  %-36s  %s%s\n", h->priority, "", h->name, exp, h->enabled ? "" : "  (off)");
    }
  }
#undef PUT
  return n < cap ? CARC_OK : CARC_ERR_LIMIT;
}

/* ------------------------------------------------------------- context */

void ctx_note_change(carc_score_ctx *c, int field, int player, int before, int after) {
  if (!c->keep || (before == after && field != CARC_CHANGE_RAN)) return;
  carc_game *g = c->game;
  if (g->nchanges == g->cap_changes) {
    int cap = g->cap_changes ? g->cap_changes * 2 : 256;
    record_change *n = carc_mem(g->e, g->changes, sizeof *n * (size_t)g->cap_changes,
                                sizeof *n * (size_t)cap);
    if (!n) return; /* the breakdown loses a line; the score stays right */
    g->changes = n;
    g->cap_changes = cap;
  }
  record_change *rc = &g->changes[g->nchanges++];
  rc->handler = (int16_t)(c->current ? c->current_seq : -1);
  rc->field = (int8_t)field;
  rc->player = (int8_t)player;
  rc->before = before;
  rc->after = after;
}

int carc_ctx_get(const carc_score_ctx *c, carc_ctx_field f) {
  return (unsigned)f < CARC_F_FIELD_COUNT ? c->v[f] : 0;
}
/* Every number a handler writes stays in -CARC_MAX_SCORE..CARC_MAX_SCORE. */
static carc_result value_ok(carc_score_ctx *c, const char *what, int value) {
  if (value >= -CARC_MAX_SCORE && value <= CARC_MAX_SCORE) return CARC_OK;
  snprintf(c->failmsg, sizeof c->failmsg, "%s %d is outside the allowed %d..%d", what, value,
           -CARC_MAX_SCORE, CARC_MAX_SCORE);
  return CARC_ERR_ARGUMENT;
}

carc_result carc_ctx_set(carc_score_ctx *c, carc_ctx_field f, int value) {
  if ((unsigned)f >= CARC_F_FIELD_COUNT || f == CARC_F_COUNT_ORIGINAL ||
      f == CARC_F_SYMBOLS_ORIGINAL) {
    carc_ctx_fail(c, "that scoring field cannot be set");
    return CARC_ERR_ARGUMENT;
  }
  if (value_ok(c, carc_ctx_field_name(f), value) != CARC_OK) return CARC_ERR_ARGUMENT;
  ctx_note_change(c, (int)f, -1, c->v[f], value);
  c->v[f] = value;
  return CARC_OK;
}
int carc_ctx_kind(const carc_score_ctx *c) { return c->kind; }
carc_reason carc_ctx_reason(const carc_score_ctx *c) { return (carc_reason)c->reason; }
int carc_ctx_feature(const carc_score_ctx *c) { return c->root; }
carc_game *carc_ctx_game(carc_score_ctx *c) { return c->game; }
int carc_ctx_players(const carc_score_ctx *c) { return c->players; }
#define PLAYER_OK(c, p) ((p) >= 0 && (p) < (c)->players)
int carc_ctx_strength(const carc_score_ctx *c, int p) { return PLAYER_OK(c, p) ? c->strength[p] : 0; }
carc_result carc_ctx_set_strength(carc_score_ctx *c, int p, int v) {
  if (!PLAYER_OK(c, p)) return CARC_ERR_ARGUMENT;
  if (value_ok(c, "strength", v) != CARC_OK) return CARC_ERR_ARGUMENT;
  ctx_note_change(c, -1, p, c->strength[p], v);
  c->strength[p] = v;
  return CARC_OK;
}
int carc_ctx_scores(const carc_score_ctx *c, int p) { return PLAYER_OK(c, p) ? c->scores[p] : 0; }
carc_result carc_ctx_set_scores(carc_score_ctx *c, int p, int on) {
  if (!PLAYER_OK(c, p)) return CARC_ERR_ARGUMENT;
  ctx_note_change(c, -2, p, c->scores[p], on != 0);
  c->scores[p] = on != 0;
  return CARC_OK;
}
int carc_ctx_award(const carc_score_ctx *c, int p) { return PLAYER_OK(c, p) ? c->award[p] : 0; }
carc_result carc_ctx_set_award(carc_score_ctx *c, int p, int points) {
  if (!PLAYER_OK(c, p)) return CARC_ERR_ARGUMENT;
  if (value_ok(c, "award", points) != CARC_OK) return CARC_ERR_ARGUMENT;
  ctx_note_change(c, -3, p, c->award[p], points);
  c->award[p] = points;
  return CARC_OK;
}
static void ctx_list_tiles(carc_score_ctx *c);
/* The tile list is made on the first ask: most scorings never read it. The
 * context is the game's own scratch, so filling it in a const call is safe. */
int carc_ctx_tile_count(const carc_score_ctx *c) {
  if (!c->tiles_ready) ctx_list_tiles((carc_score_ctx *)(uintptr_t)c);
  return c->ntiles;
}
int carc_ctx_tile(const carc_score_ctx *c, int i) {
  if (!c->tiles_ready) ctx_list_tiles((carc_score_ctx *)(uintptr_t)c);
  return i >= 0 && i < c->ntiles ? c->tiles[i] : -1;
}
int carc_ctx_tokens(const carc_score_ctx *c, int t) {
  if (t < 0) return c->token_total;
  return t < MAX_TOKEN_TYPES ? c->tokens[t] : 0;
}
/* A sum of values each in int: held in 64 bits, given back clamped to int
 * (beyond every score's range, so any setter refuses it, never wrapped). */
static int int_clamped(long long v) { return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v; }
int carc_ctx_token_points(const carc_score_ctx *c) {
  const carc_engine *e = c->game->e;
  long long sum = 0;
  for (int t = 0; t < e->ntok; t++) sum += (long long)c->tokens[t] * e->toks[t].value;
  return int_clamped(sum);
}
int carc_ctx_score_so_far(const carc_score_ctx *c, int p) {
  if (!PLAYER_OK(c, p)) return 0;
  const carc_game *g = c->game;
  return int_clamped(g->s.score[p] + staged_awards(g, p)); /* with the features scored earlier in this call */
}
void carc_ctx_fail(carc_score_ctx *c, const char *message) {
  snprintf(c->failmsg, sizeof c->failmsg, "%s", message ? message : "failed");
}

const char *carc_ctx_field_name(carc_ctx_field f) {
  static const char *const names[] = {"count",     "count_original", "symbols", "symbols_original",
                                      "unit_rate", "symbol_rate",    "adjust",  "total"};
  return (unsigned)f < CARC_F_FIELD_COUNT ? names[f] : "?";
}

/* --------------------------------------------------------------- a run */

/* A tile of the feature, once; its token counted with it. */
static void add_tile(carc_score_ctx *c, carc_game *g, int ti) {
  if (g->tile_stamp[ti] == g->stamp) return;
  g->tile_stamp[ti] = g->stamp;
  c->tiles[c->ntiles++] = ti;
  const board_tile *bt = &g->tiles[ti];
  const int has = bt->token >= 0; /* counted without a branch: which tiles hold one follows the board */
  c->tokens[bt->token & (MAX_TOKEN_TYPES - 1)] += has;
  c->token_total += has;
}

/* The tiles on the nine squares of the monastery-like feature at root, in
 * row order, into out; how many. */
static int area_tiles(const carc_game *g, int root, int out[9]) {
  const board_tile *bt = &g->tiles[g->segs[root].tile];
  int n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      const int32_t v = board_square(g, bt->x + dx, bt->y + dy);
      if (v >= 0) out[n++] = v;
    }
  return n;
}

/* The distinct tiles of the context's feature: a monastery's area, or the
 * tiles its segments lie on, in member order. */
static void ctx_list_tiles(carc_score_ctx *c) {
  carc_game *g = c->game;
  const seg_state *r = &g->segs[c->root];
  c->ntiles = 0;
  c->tiles_ready = 1;
  memset(c->tokens, 0, sizeof c->tokens);
  c->token_total = 0;
  g->stamp++;
  if (r->kind >= CARC_MONASTERY) {
    int area[9];
    for (int i = 0, n = area_tiles(g, c->root, area); i < n; i++) add_tile(c, g, area[i]);
    return;
  }
  int s = c->root;
  do {
    add_tile(c, g, (int)g->segs[s].tile);
    s = (int)g->segs[s].next;
  } while (s != c->root);
}

/* Completed cities a farm touches, each once (its root is stamped). */
static int farm_cities(carc_game *g, int root) {
  int count = 0, s = root;
  g->stamp++;
  do { /* a tile's segments are consecutive: the tile's first is s - idx */
    const seg_state *v = &g->segs[s];
    unsigned cities = template_field_cities(&g->e->types[g->tiles[v->tile].type].seg_init[v->idx]);
    while (cities) {
      int ci = __builtin_ctz(cities);
      cities &= cities - 1;
      int cr = feature_find(g, s - v->idx + ci);
      /* counted without a branch; an open city is stamped too, and stays open */
      count += (g->seg_stamp[cr] != g->stamp) & feature_is_complete(g, cr);
      g->seg_stamp[cr] = g->stamp;
    }
    s = (int)v->next;
  } while (s != root);
  return count;
}

/* Fills the context's starting numbers for the feature at `root`. A road's
 * or city's tile count and the tile attributes are the feature's aggregates;
 * its tile list is walked only for a monastery, for tokens, or when asked. */
static void ctx_init(carc_game *g, int root, int reason, const uint8_t *figs, int nfigs) {
  carc_score_ctx *c = &g->ctx;
  const carc_engine *e = g->e;
  const seg_state *r = &g->segs[root];
  c->game = g;
  c->current = NULL;
  c->kind = r->kind;
  c->reason = reason;
  c->root = root;
  c->players = g->players;
  c->keep = g->keep_records;
  c->failmsg[0] = '\0';
  memset(c->strength, 0, sizeof c->strength);
  memset(c->scores, 0, sizeof c->scores);
  memset(c->award, 0, sizeof c->award);
  memset(c->v, 0, sizeof c->v);
  c->figure_bits = 0;
  /* Every figure on the feature counts: the caller's list, or a walk. The
   * root's occupant count says how many occupying ones there are: the walk
   * stops at the last; the few that do not occupy (neutral figures) are
   * looked at from their own list. */
  int left = r->occupants, nonocc = g->nnonocc_figs;
  bool mixed = nonocc > 0;
  if (figs) {
    for (int i = 0; i < nfigs; i++) {
      const figure_state *f = &g->figs[figs[i]];
      c->figure_bits |= 1u << f->type;
      if (f->owner >= 0) c->strength[f->owner] += e->figs[f->type].strength;
    }
    left = nonocc = 0;
  }
  for (int i = 0; i < g->non_board && left != 0; i++) {
    const figure_state *f = &g->figs[g->on_board[i]];
    if (feature_find(g, f->seg) != root || (mixed && !e->figs[f->type].occupies)) continue;
    c->figure_bits |= 1u << f->type;
    if (f->owner >= 0) c->strength[f->owner] += e->figs[f->type].strength;
    left--;
  }
  for (int k = 0; k < nonocc; k++) {
    const figure_state *f = &g->figs[g->nonocc_figs[k]];
    if (f->seg < 0 || feature_find(g, f->seg) != root) continue;
    c->figure_bits |= 1u << f->type;
    if (f->owner >= 0) c->strength[f->owner] += e->figs[f->type].strength;
  }
  c->tiles_ready = 0;
  c->ntiles = 0;
  bool area = r->kind >= CARC_MONASTERY;
  if (area || e->ntok) { /* the tokens are counted with the tiles */
    ctx_list_tiles(c);
  } else { /* none to count (a later list finds none either) */
    memset(c->tokens, 0, sizeof c->tokens);
    c->token_total = 0;
  }
  int count = area ? c->ntiles : r->kind == CARC_FIELD ? farm_cities(g, root) : r->tiles;
  c->v[CARC_F_COUNT] = c->v[CARC_F_COUNT_ORIGINAL] = count;
  c->v[CARC_F_SYMBOLS] = c->v[CARC_F_SYMBOLS_ORIGINAL] = r->kind == CARC_CITY ? r->symbols : 0;
  c->tile_attr_bits = area ? 0 : g->seg_attr[root].tile_attr_bits;
  for (int i = 0; area && i < c->ntiles; i++) c->tile_attr_bits |= e->types[g->tiles[c->tiles[i]].type].attr_bits;
}

/* Is `seq` among the first n of `seqs`? (A list changed under its loop.) */
__attribute__((cold, noinline)) static bool seq_in(const int *seqs, int n, int seq) {
  for (int k = 0; k < n; k++)
    if (seqs[k] == seq) return true;
  return false;
}

/* The scoring's result, from the context, into `out`. */
static void stage_result(const carc_game *g, const carc_score_ctx *c, staged *out) {
  out->nchanges = g->nchanges - out->first_change;
  out->total = c->v[CARC_F_TOTAL];
  out->scored = 0;
  out->scorers = 0;
  for (int p = 0; p < g->players; p++) {
    out->award[p] = c->award[p];
    out->scored |= c->scores[p];
    out->scorers |= (c->scores[p] != 0) << p;
  }
}

/* Drops from `todo` the handlers whose filter fails this scoring: each
 * distinct condition tested once, and none by a branch on its result (which
 * pass follows the feature scored). A filter reads only the scoring's
 * context, which its handlers cannot change. */
__attribute__((noinline)) static void drop_unmatched_slow(const carc_game *g, const carc_score_ctx *c,
                                                          uint64_t attr_bits, const uint64_t *needs,
                                                          uint64_t todo[2]) {
  const carc_engine *e = g->e;
  const uint64_t source[NEED_SOURCES] = {attr_bits, c->tile_attr_bits, c->figure_bits, g->s.flags,
                                         c->token_total != 0};
  uint64_t drop0 = 0, drop1 = 0;
  for (int w = 0; w < (e->nneeds + 63) / 64; w++)
    for (uint64_t m = needs[w]; m; m &= m - 1) {
      const filter_need *n = &e->needs[w * 64 + __builtin_ctzll(m)];
      const uint64_t fails = (source[n->what] >> n->bit & 1) - 1; /* every bit set when it fails */
      drop0 |= n->handlers[0] & fails;
      drop1 |= n->handlers[1] & fails;
    }
  todo[0] &= ~drop0;
  todo[1] &= ~drop1;
}
/* (Out of line, and only when a filtered handler may run: the base game's
 * scorings keep their short path.) */
static inline void drop_unmatched(const carc_game *g, const carc_score_ctx *c, uint64_t attr_bits,
                                  const uint64_t *needs, uint64_t todo[2]) {
  const uint64_t *filtered = g->e->handler_filtered;
  if ((todo[0] & filtered[0]) | (todo[1] & filtered[1])) drop_unmatched_slow(g, c, attr_bits, needs, todo);
}

carc_result pipeline_score(carc_game *g, int root, int reason, staged *out, const uint8_t *figs, int nfigs) {
  carc_engine *e = g->e;
  ctx_init(g, root, reason, figs, nfigs);
  carc_score_ctx *c = &g->ctx;
  out->root = root;
  out->kind = c->kind;
  out->reason = reason;
  out->first_change = g->nchanges;
  uint64_t attr_bits = g->seg_attr[root].attr_bits;
  const int reason_at = reason == CARC_COMPLETED ? 0 : reason == CARC_FINAL ? 1 : 2;
  /* the handlers this kind and reason may run whose filters pass, in list
   * order (a bit each); a call that enables or disables one takes the new
   * bits after its own place, as a scan of the list would see them */
  const uint64_t *pass = e->handler_pass[c->kind][reason_at]; /* kinds are below CARC_MAX_KINDS */
  const uint64_t *needs = e->need_pass[c->kind][reason_at];
  uint64_t todo[2] = {pass[0], pass[1]};
  drop_unmatched(g, c, attr_bits, needs, todo);
  /* only the base game's four apply, in their order: one call does their
   * work (without records: each handler writes its own) */
  const uint64_t *rest = e->base_rest[c->kind][reason_at];
  if (!c->keep && e->base_chain[c->kind][reason_at] && !((todo[0] & rest[0]) | (todo[1] & rest[1])) &&
      base_chain_run(c)) {
    stage_result(g, c, out);
    return CARC_OK;
  }
  g->read_only++; /* handlers change only the context */
  /* A handler may add or move handlers (the list is sorted again under this
   * loop): then the loop goes over the list again, passing those that ran (a
   * filter reads only the scoring's context, which its handlers cannot turn) */
  int ran[2 * MAX_HANDLERS], nran = 0;
  bool changed = false;
  unsigned gen = e->handler_gen;
  for (;;) {
    int i;
    if (todo[0]) {
      i = __builtin_ctzll(todo[0]);
      todo[0] &= todo[0] - 1;
    } else if (todo[1]) {
      i = 64 + __builtin_ctzll(todo[1]);
      todo[1] &= todo[1] - 1;
    } else {
      break;
    }
    const handler *h = &e->handlers[i];
    if (__builtin_expect(changed, 0) && seq_in(ran, nran, h->seq)) continue;
    if (nran < 2 * MAX_HANDLERS) ran[nran++] = h->seq;
    c->current = h;
    c->current_seq = h->seq;
    if (c->keep) ctx_note_change(c, CARC_CHANGE_RAN, -1, 0, 0); /* the breakdown says which handlers ran */
    carc_result r = h->fn(c, h->ud);
    const bool moved = i >= e->nhandlers || e->handlers[i].seq != c->current_seq;
    if (__builtin_expect(moved || gen != e->handler_gen, 0)) {
      gen = e->handler_gen;
      todo[0] = pass[0];
      todo[1] = pass[1];
      if (moved) {
        changed = true; /* the list changed under the call: all of it again */
      } else { /* only switched on or off: from the next one on */
        todo[0] &= i >= 63 ? 0 : ~0ull << (i + 1);
        todo[1] &= i < 64 ? ~0ull : i == 127 ? 0 : ~0ull << (i - 63);
      }
      drop_unmatched(g, c, attr_bits, needs, todo);
    }
    if (r != CARC_OK) {
      const handler *f = NULL; /* its entry may have moved: found by sequence number */
      for (int k = 0; k < e->nhandlers; k++)
        if (e->handlers[k].seq == c->current_seq) f = &e->handlers[k];
      g->read_only--;
      g->nchanges = out->first_change;
      game_fail(g, r, "handler '%s' (stage %s, priority %d) failed: %s", f ? f->name : "?",
                carc_stage_name(f ? f->priority : 0), f ? f->priority : 0,
                c->failmsg[0] ? c->failmsg : carc_result_name(r));
      c->current = NULL;
      return r;
    }
  }
  g->read_only--;
  c->current = NULL;
  stage_result(g, c, out);
  return CARC_OK;
}

/* ------------------------------------------------------ fingerprints */

typedef struct fp_head {
  const carc_engine *e;
  int players, phase, turn, current, drawn, ntiles, nfigs, last_tile;
} fp_head;

static void fp_head_fill(const carc_game *g, fp_head *h) {
  memset(h, 0, sizeof *h); /* no stray padding bytes */
  h->e = g->e;
  h->players = g->players;
  h->phase = g->phase;
  h->turn = g->turn;
  h->current = g->current;
  h->drawn = g->drawn;
  h->ntiles = g->ntiles;
  h->nfigs = g->nfigs;
  h->last_tile = g->last_tile;
}

/* Layout: head, small state without the random generator (no view reads
 * it: a placement hook may not draw), board tiles, figures. Padding inside
 * the copied structs can only make equal states compare unequal (a miss),
 * never the reverse. */
#define FP_S_OFF offsetof(small_state, flags)
#define FP_S_LEN (sizeof(small_state) - FP_S_OFF)
size_t carc_game_fingerprint(const carc_game *g, void *buf, size_t cap) {
  size_t tiles = sizeof(board_tile) * (size_t)g->ntiles, figs = sizeof(figure_state) * (size_t)g->nfigs;
  size_t n = sizeof(fp_head) + FP_S_LEN + tiles + figs;
  if (!buf || n > cap) return n;
  unsigned char *o = buf;
  fp_head h;
  fp_head_fill(g, &h);
  memcpy(o, &h, sizeof h);
  memcpy(o + sizeof h, (const unsigned char *)&g->s + FP_S_OFF, FP_S_LEN);
  memcpy(o + sizeof h + FP_S_LEN, g->tiles, tiles);
  memcpy(o + sizeof h + FP_S_LEN + tiles, g->figs, figs);
  return n;
}

int carc_game_fingerprint_equal(const carc_game *g, const void *buf, size_t n) {
  size_t tiles = sizeof(board_tile) * (size_t)g->ntiles, figs = sizeof(figure_state) * (size_t)g->nfigs;
  if (!buf || n != sizeof(fp_head) + FP_S_LEN + tiles + figs) return 0;
  const unsigned char *o = buf;
  fp_head h;
  fp_head_fill(g, &h);
  return !memcmp(o, &h, sizeof h) &&
         !memcmp(o + sizeof h, (const unsigned char *)&g->s + FP_S_OFF, FP_S_LEN) &&
         !memcmp(o + sizeof h + FP_S_LEN, g->tiles, tiles) &&
         !memcmp(o + sizeof h + FP_S_LEN + tiles, g->figs, figs);
}

/* The tile attributes a hook's tile_attr filter reads: of the tile asked
 * about (placement), of the tile placed, or of a feature's tiles as its
 * scoring counts them (a monastery-like one: the tiles on its nine squares). */
static uint64_t hook_tile_attrs(const carc_game *g, carc_hook_point p, const carc_hook_args *a) {
  const carc_engine *e = g->e;
  if (p == CARC_HOOK_PLACEMENT && a->tile_type >= 0) return e->types[a->tile_type].attr_bits;
  if (a->tile >= 0 && a->tile < g->ntiles) return e->types[g->tiles[a->tile].type].attr_bits;
  if (a->feature < 0 || a->feature >= g->nsegs) return 0;
  const int root = feature_find(g, a->feature);
  if (g->segs[root].kind < CARC_MONASTERY) return g->seg_attr[root].tile_attr_bits;
  int area[9];
  uint64_t bits = 0;
  for (int i = 0, n = area_tiles(g, root, area); i < n; i++) bits |= e->types[g->tiles[area[i]].type].attr_bits;
  return bits;
}

/* Runs the hooks of one point. TURN_END filters by the kinds scored this
 * turn. */
carc_result hooks_run_all(carc_game *g, carc_hook_point p, carc_hook_args *a) {
  carc_engine *e = g->e;
  if (!e->nhooks[p]) return CARC_OK;
  uint64_t tile_attrs = 0;
  bool attrs_known = false; /* found when a hook's filter first asks */
  /* A hook may add or move hooks (the list is sorted again under this loop):
   * then the loop goes over the list again, passing the hooks it has seen
   * (a hook may turn a flag that a hook it passed waits on) */
  int seen[2 * MAX_HOOKS], nseen = 0;
  bool changed = false;
  for (int i = 0; i < e->nhooks[p]; i++) {
    const hook *h = &e->hooks[p][i];
    const carc_filter *f = &h->filter;
    if (__builtin_expect(changed, 0) && seq_in(seen, nseen, h->seq)) continue;
    if (nseen < 2 * MAX_HOOKS) seen[nseen++] = h->seq;
    if (!h->enabled) continue;
    if (p == CARC_HOOK_TURN_END && f->kinds && !(f->kinds & (unsigned)g->scored_kinds_this_turn))
      continue;
    if (p != CARC_HOOK_TURN_END && f->kinds && a->feature >= 0 &&
        !(f->kinds & (1u << g->segs[feature_find(g, a->feature)].kind)))
      continue;
    if (f->tile_attr >= 0) {
      if (!attrs_known) tile_attrs = hook_tile_attrs(g, p, a), attrs_known = true;
      if (!(tile_attrs & (1ull << f->tile_attr))) continue;
    }
    if (f->flag >= 0 && !(g->s.flags & (1ull << f->flag))) continue;
    g->err[0] = '\0';
    g->hook_running = h->seq + 1; /* names the hook in records of its add_score */
    const int seq = h->seq;
    carc_result r = h->fn(a, h->ud);
    g->hook_running = 0;
    if (i >= e->nhooks[p] || e->hooks[p][i].seq != seq) {
      changed = true;
      i = -1;
    }
    if (r != CARC_OK) {
      const char *name = "?"; /* the hook's entry may have moved under the call */
      for (int k = 0; k < e->nhooks[p]; k++)
        if (e->hooks[p][k].seq == seq) name = e->hooks[p][k].name;
      if (p == CARC_HOOK_PLACEMENT && r == CARC_ERR_ILLEGAL) {
        if (!g->err[0]) game_fail(g, r, "placement forbidden by '%s'", name);
        return r;
      }
      char inner[ERR_CAP];
      snprintf(inner, sizeof inner, "%s", g->err[0] ? g->err : carc_result_name(r));
      game_fail(g, r, "hook '%s' (%s) failed: %s", name, carc_hook_point_name(p), inner);
      return r;
    }
  }
  return CARC_OK;
}

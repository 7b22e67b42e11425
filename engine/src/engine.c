/* engine.c - the rules handle: registries of names, figures, tokens, sets. */
#include "internal.h"
#include <stdlib.h>

static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, nsize);
}


carc_engine *carc_engine_new(carc_alloc_fn alloc, void *alloc_ud) {
  if (!alloc) alloc = default_alloc;
  carc_engine *e = alloc(alloc_ud, NULL, 0, sizeof *e);
  if (!e) return NULL;
  memset(e, 0, sizeof *e);
  e->alloc = alloc;
  e->alloc_ud = alloc_ud;
  e->start_type = -1;
  static const char *const kinds[] = {"field", "road", "city", "water", "monastery"};
  for (int i = 0; i < 5; i++) copy_name(e->kind_names[i], kinds[i]);
  e->nkinds = 5;
  e->arms_attr = carc_attr_id(e, "arms");
  /* the final-scoring table's blocks: roads, cities, monasteries, fields */
  const int table_order[] = {CARC_ROAD, CARC_CITY, CARC_MONASTERY, CARC_FIELD};
  carc_engine_set_final_order(e, table_order, 4);
  carc_figure_def follower = {"follower", 1, 7, 1, CARC_PLACE_FOLLOWER,
                              (1u << CARC_ROAD) | (1u << CARC_CITY) | (1u << CARC_FIELD) |
                                  (1u << CARC_MONASTERY),
                              NULL, NULL, 0};
  if (carc_figure_define(e, &follower) != CARC_OK || base_handlers_register(e) != CARC_OK) {
    carc_engine_free(e);
    return NULL;
  }
  return e;
}

void carc_engine_free(carc_engine *e) {
  if (!e) return;
  carc_engine_rollback(e); /* an open transaction: its copy holds memory too */
  map_free(e);
  for (int i = 0; i < e->ntypes; i++)
    carc_mem(e, e->types[i].notation, strlen(e->types[i].notation) + 1, 0);
  carc_mem(e, e->types, sizeof(tile_type) * (size_t)e->cap_types, 0);
  for (int i = 0; i < e->retired_types.n; i++)
    carc_mem(e, e->retired_types.block[i], sizeof(tile_type) * (size_t)e->retired_types.cap[i], 0);
  for (int i = 0; i < e->nhandlers; i++)
    if (e->handlers[i].desc) carc_mem(e, e->handlers[i].desc, strlen(e->handlers[i].desc) + 1, 0);
  for (int p = 0; p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < e->nhooks[p]; i++)
      if (e->hooks[p][i].desc) carc_mem(e, e->hooks[p][i].desc, strlen(e->hooks[p][i].desc) + 1, 0);
  e->alloc(e->alloc_ud, e, sizeof *e, 0);
}

const char *carc_engine_error(const carc_engine *e) { return e ? e->err : "no engine"; }
void carc_engine_set_userdata(carc_engine *e, void *ud) { e->userdata = ud; }
void *carc_engine_userdata(const carc_engine *e) { return e ? e->userdata : NULL; }

/* The id of `name` among `what` names, added when new; -1 with the engine's
 * error set when the name is not valid or the table is full. */
static int intern(carc_engine *e, const char *what, char names[][CARC_MAX_NAME], int *n, int cap,
                  const char *name) {
  int i = name ? name_index(names, *n, name) : -1;
  if (i >= 0) return i;
  if (!name || !name_valid(name)) /* not echoed: it may hold control bytes */
    return engine_fail(e, CARC_ERR_ARGUMENT, "%s: a name of " NAME_RULE " is needed", what), -1;
  if (*n >= cap) return engine_fail(e, CARC_ERR_LIMIT, "%s '%s': an engine holds at most %d", what, name, cap), -1;
  copy_name(names[*n], name);
  return (*n)++;
}

int carc_attr_id(carc_engine *e, const char *name) {
  return intern(e, "attribute", e->attr_names, &e->nattr, MAX_ATTRS, name);
}
int carc_attr_find(const carc_engine *e, const char *name) {
  return name_index((char(*)[CARC_MAX_NAME])e->attr_names, e->nattr, name);
}
const char *carc_attr_name(const carc_engine *e, int id) {
  return id >= 0 && id < e->nattr ? e->attr_names[id] : NULL;
}
int carc_kind_id(carc_engine *e, const char *name) {
  return intern(e, "feature kind", e->kind_names, &e->nkinds, CARC_MAX_KINDS, name);
}
int carc_kind_find(const carc_engine *e, const char *name) {
  if (name && strcmp(name, "cloister") == 0) return CARC_MONASTERY;
  return name_index((char(*)[CARC_MAX_NAME])e->kind_names, e->nkinds, name);
}
const char *carc_kind_name(const carc_engine *e, int kind) {
  return kind >= 0 && kind < e->nkinds ? e->kind_names[kind] : "?";
}

carc_result carc_engine_set_final_order(carc_engine *e, const int *kinds, int n) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (n < 0 || n > CARC_MAX_KINDS || (n > 0 && !kinds))
    return engine_fail(e, CARC_ERR_ARGUMENT, "a final order lists 0 to %d kinds", CARC_MAX_KINDS);
  unsigned seen = 0;
  for (int i = 0; i < n; i++) {
    if (kinds[i] < 0 || kinds[i] >= e->nkinds)
      return engine_fail(e, CARC_ERR_ARGUMENT, "final order: %d is not a feature kind (0..%d)", kinds[i],
                         e->nkinds - 1);
    if (seen >> kinds[i] & 1)
      return engine_fail(e, CARC_ERR_ARGUMENT, "final order: kind '%s' is listed twice",
                         e->kind_names[kinds[i]]);
    seen |= 1u << kinds[i];
  }
  /* the kinds not listed come after, in the order of their ids */
  for (int k = 0; k < CARC_MAX_KINDS; k++) e->score_rank[k] = (uint8_t)(n + k);
  for (int i = 0; i < n; i++) e->score_rank[kinds[i]] = (uint8_t)i;
  return CARC_OK;
}

int carc_engine_final_order(const carc_engine *e, int *kinds, int cap) {
  if (!e) return 0;
  int n = 0;
  for (int rank = 0; rank < 2 * CARC_MAX_KINDS; rank++)
    for (int k = 0; k < e->nkinds; k++)
      if (e->score_rank[k] == rank) {
        if (kinds && n < cap) kinds[n] = k;
        n++;
      }
  return n;
}
int carc_var_id(carc_engine *e, const char *name) {
  return intern(e, "game variable", e->var_names, &e->nvars, MAX_VARS, name);
}
int carc_var_find(const carc_engine *e, const char *name) {
  return name_index((char(*)[CARC_MAX_NAME])e->var_names, e->nvars, name);
}
int carc_var_count(const carc_engine *e) { return e->nvars; }
const char *carc_var_name(const carc_engine *e, int var) {
  return e && var >= 0 && var < e->nvars ? e->var_names[var] : NULL;
}
carc_result carc_var_set_range(carc_engine *e, int var, int lo, int hi) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (var < 0 || var >= e->nvars) return engine_fail(e, CARC_ERR_UNKNOWN, "variable range: no variable %d", var);
  if (lo > 0 || hi < 0) /* a new game starts every variable at 0 */
    return engine_fail(e, CARC_ERR_ARGUMENT, "variable '%s': the range %d..%d must hold 0, a new game's value",
                       e->var_names[var], lo, hi);
  for (int i = 0; i < e->nvar_stacks; i++) /* a stack's ranges follow its cards */
    if (e->var_stacks[i].active == var || e->var_stacks[i].rest == var)
      return engine_fail(e, CARC_ERR_ARGUMENT, "variable '%s' holds a card stack: its range is the stack's",
                         e->var_names[var]);
  if (engine_without_games(e, "variable range") != CARC_OK) return CARC_ERR_STATE;
  e->var_lo[var] = lo;
  e->var_hi[var] = hi;
  e->var_ranged |= 1ull << var;
  return CARC_OK;
}
int carc_var_range(const carc_engine *e, int var, int *lo, int *hi) {
  const bool ranged = e && var >= 0 && var < e->nvars && (e->var_ranged >> var & 1);
  if (lo) *lo = ranged ? e->var_lo[var] : INT32_MIN;
  if (hi) *hi = ranged ? e->var_hi[var] : INT32_MAX;
  return ranged;
}

/* Whether var may take the range 0..hi: it has none, or that one. */
static bool stack_range_ok(carc_engine *e, int var, int hi) {
  int lo, was_hi;
  if (!carc_var_range(e, var, &lo, &was_hi) || (lo == 0 && was_hi == hi)) return true;
  engine_fail(e, CARC_ERR_ARGUMENT, "variable '%s' has the range %d..%d, which a card stack's 0..%d is not",
              e->var_names[var], lo, was_hi, hi);
  return false;
}

carc_result carc_var_set_stack(carc_engine *e, int active, int rest, int cards) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (active < 0 || active >= e->nvars || rest < 0 || rest >= e->nvars || active == rest)
    return engine_fail(e, CARC_ERR_UNKNOWN, "card stack: variables %d and %d are not two variables", active, rest);
  if (cards < 2 || cards > STACK_MAX_CARDS)
    return engine_fail(e, CARC_ERR_ARGUMENT, "card stack: %d cards (a stack holds 2 to %d)", cards, STACK_MAX_CARDS);
  if (engine_without_games(e, "card stack") != CARC_OK) return CARC_ERR_STATE;
  int i = 0;
  while (i < e->nvar_stacks && e->var_stacks[i].active != active && e->var_stacks[i].rest != active &&
         e->var_stacks[i].active != rest && e->var_stacks[i].rest != rest)
    i++;
  if (i < e->nvar_stacks) { /* a variable already in a stack: the same stack (a deal and a turn hook) only */
    if (e->var_stacks[i].active == active && e->var_stacks[i].rest == rest && e->var_stacks[i].cards == cards)
      return CARC_OK;
    return engine_fail(e, CARC_ERR_ARGUMENT, "card stack: variable '%s' or '%s' is in another stack already",
                       e->var_names[active], e->var_names[rest]);
  }
  if (i == MAX_VAR_STACKS)
    return engine_fail(e, CARC_ERR_LIMIT, "card stack: an engine holds at most %d", MAX_VAR_STACKS);
  int rest_max = 0; /* the other cards, a base-16 digit each */
  for (int k = 0; k < cards - 1; k++) rest_max = rest_max * 16 + cards;
  if (!stack_range_ok(e, active, cards) || !stack_range_ok(e, rest, rest_max)) return CARC_ERR_ARGUMENT;
  carc_var_set_range(e, active, 0, cards); /* cannot fail now: both checked, neither in a stack yet */
  carc_var_set_range(e, rest, 0, rest_max);
  e->var_stacks[i].active = (int8_t)active;
  e->var_stacks[i].rest = (int8_t)rest;
  e->var_stacks[i].cards = (int8_t)cards;
  e->var_stacked |= 1ull << active | 1ull << rest;
  e->nvar_stacks++;
  return CARC_OK;
}
int carc_flag_count(const carc_engine *e) { return e->nflags; }
int carc_flag_id(carc_engine *e, const char *name) {
  return intern(e, "game flag", e->flag_names, &e->nflags, MAX_FLAGS, name);
}
int carc_flag_find(const carc_engine *e, const char *name) {
  return name_index((char(*)[CARC_MAX_NAME])e->flag_names, e->nflags, name);
}

carc_result carc_figure_define(carc_engine *e, const carc_figure_def *d) {
  if (engine_without_games(e, "figure") != CARC_OK) return CARC_ERR_STATE;
  if (!d || !d->name || !name_valid(d->name))
    return engine_fail(e, CARC_ERR_ARGUMENT, "figure: a name of " NAME_RULE " is needed");
  if (carc_figure_type_find(e, d->name) >= 0)
    return engine_fail(e, CARC_ERR_ARGUMENT, "figure '%s' is already defined", d->name);
  if (e->nfig >= MAX_FIGURE_TYPES)
    return engine_fail(e, CARC_ERR_LIMIT, "figure '%s': at most %d figure types", d->name,
                       MAX_FIGURE_TYPES);
  if (d->per_player < 0 || d->per_player > 16 || d->strength < 0 || d->strength > 100)
    return engine_fail(e, CARC_ERR_ARGUMENT, "figure '%s': count or strength out of range",
                       d->name);
  figure_type *f = &e->figs[e->nfig];
  memset(f, 0, sizeof *f);
  copy_name(f->name, d->name);
  f->strength = d->strength;
  f->per_player = d->per_player;
  f->occupies = d->occupies;
  f->placement = d->placement;
  f->kinds = d->kinds ? d->kinds : 0xFFFFu;
  f->incomplete_only = d->incomplete_only;
  f->trigger_attr = d->moved_by_tile_attr ? carc_attr_id(e, d->moved_by_tile_attr) : -1;
  f->exclusive = -1;
  if (f->placement == CARC_PLACE_NEUTRAL && f->trigger_attr >= 0) e->has_neutral_trigger = 1;
  if (!f->occupies) e->has_nonoccupying = 1;
  if (d->exclusive_with) {
    e->has_exclusive = 1;
    int other = carc_figure_type_find(e, d->exclusive_with);
    if (other < 0)
      return engine_fail(e, CARC_ERR_UNKNOWN, "figure '%s': exclusive_with names unknown figure '%s'",
                         d->name, d->exclusive_with);
    f->exclusive = other;
    e->figs[other].exclusive = e->nfig;
  }
  if (f->placement == CARC_PLACE_FOLLOWER) e->follower_types |= 1u << e->nfig;
  e->nfig++;
  return CARC_OK;
}
int carc_figure_type_find(const carc_engine *e, const char *name) {
  for (int i = 0; name && i < e->nfig; i++)
    if (strcmp(e->figs[i].name, name) == 0) return i;
  return -1;
}
int carc_figure_type_count(const carc_engine *e) { return e->nfig; }
const char *carc_figure_type_name(const carc_engine *e, int t) {
  return t >= 0 && t < e->nfig ? e->figs[t].name : NULL;
}
int carc_figure_type_occupies(const carc_engine *e, int t) {
  return t >= 0 && t < e->nfig ? e->figs[t].occupies != 0 : -1;
}

carc_result carc_token_define(carc_engine *e, const carc_token_def *d) {
  if (engine_without_games(e, "token") != CARC_OK) return CARC_ERR_STATE;
  if (!d || !d->name || !name_valid(d->name))
    return engine_fail(e, CARC_ERR_ARGUMENT, "token: a name of " NAME_RULE " is needed");
  if (carc_token_type_find(e, d->name) >= 0)
    return engine_fail(e, CARC_ERR_ARGUMENT, "token '%s' is already defined", d->name);
  if (e->ntok >= MAX_TOKEN_TYPES)
    return engine_fail(e, CARC_ERR_LIMIT, "token '%s': at most %d token types", d->name,
                       MAX_TOKEN_TYPES);
  if (d->per_player < 0 || d->per_player > 30)
    return engine_fail(e, CARC_ERR_ARGUMENT, "token '%s': per_player out of range", d->name);
  token_type *t = &e->toks[e->ntok++];
  copy_name(t->name, d->name);
  t->per_player = d->per_player;
  t->value = d->value;
  return CARC_OK;
}
int carc_token_type_find(const carc_engine *e, const char *name) {
  for (int i = 0; i < e->ntok; i++)
    if (strcmp(e->toks[i].name, name) == 0) return i;
  return -1;
}
int carc_token_type_count(const carc_engine *e) { return e->ntok; }
const char *carc_token_type_name(const carc_engine *e, int t) {
  return t >= 0 && t < e->ntok ? e->toks[t].name : NULL;
}
carc_result carc_token_set_value(carc_engine *e, int t, int value) {
  if (t < 0 || t >= e->ntok) return engine_fail(e, CARC_ERR_UNKNOWN, "no token type %d", t);
  e->toks[t].value = value;
  return CARC_OK;
}
int carc_token_value(const carc_engine *e, int t) {
  return t >= 0 && t < e->ntok ? e->toks[t].value : 0;
}

carc_result carc_engine_use_set(carc_engine *e, const char *set, int on) {
  int i = name_index(e->set_names, e->nsets, set);
  if (i < 0) return engine_fail(e, CARC_ERR_UNKNOWN, "unknown tile set '%s'", set ? set : "?");
  e->set_used[i] = on != 0;
  return CARC_OK;
}

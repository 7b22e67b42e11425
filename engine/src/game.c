/* game.c - a game's life: creation, reset, copy, random numbers, variables,
 * and the read-only queries on players, board, features and figures. */
#include "internal.h"
#include "map.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* Refused while the game is read-only (a scoring handler, a placement
 * hook): a draw there would move the generator that the game's later turns
 * depend on. The refusal returns 0 and sets the game's error. */
uint32_t carc_game_random(carc_game *g, uint32_t n) {
  if (!g) return 0;
  if (g->read_only) {
    game_fail(g, CARC_ERR_STATE, "carc_game_random: the game's generator is read-only during a scoring "
              "handler, a placement hook or a description");
    return 0;
  }
  return game_random(g, n);
}

/* Figures a new game of `players` gets (checked against MAX_FIGURES). */
static int figures_needed(const carc_engine *e, int players, int followers) {
  int n = 0;
  for (int t = 0; t < e->nfig; t++) {
    const figure_type *ft = &e->figs[t];
    int owners = ft->placement == CARC_PLACE_NEUTRAL ? 1 : players;
    n += owners * (t == 0 ? followers : ft->per_player);
  }
  return n;
}

void figures_create(carc_game *g) {
  const carc_engine *e = g->e;
  g->nfigs = 0;
  for (int t = 0; t < e->nfig; t++) {
    const figure_type *ft = &e->figs[t];
    int owners = ft->placement == CARC_PLACE_NEUTRAL ? 1 : g->players;
    int each = t == 0 ? g->followers : ft->per_player;
    for (int p = 0; p < owners; p++)
      for (int k = 0; k < each && g->nfigs < MAX_FIGURES; k++) {
        figure_state *f = &g->figs[g->nfigs++];
        f->type = (uint8_t)t;
        f->owner = (int8_t)(ft->placement == CARC_PLACE_NEUTRAL ? -1 : p);
        f->seg = -1;
      }
  }
  supply_index(g);
}

void bag_fill(carc_game *g) {
  const carc_engine *e = g->e;
  g->bag_len = g->bag_pos = 0;
  if (g->opt.no_bag) return;
  uint16_t *bag = g->bag;
  int len = 0, room = g->cap_tiles - 1;
  for (int t = 0; t < e->ntypes; t++) {
    const tile_type *tt = &e->types[t];
    if (tt->adhoc || !e->set_used[tt->set]) continue;
    int n = tt->copies - (t == e->start_type);
    if (n > room - len) n = room - len;
    if (len + n + 7 <= room) { /* eight copies a store: a loop of one round for most types */
      for (int k = 0; k < n; k += 8)
#pragma GCC unroll 8
        for (int j = 0; j < 8; j++) bag[len + k + j] = (uint16_t)t;
      len += n;
    } else {
      for (int k = 0; k < n; k++) bag[len++] = (uint16_t)t;
    }
  }
  g->bag_len = len;
  uint64_t rng = g->s.rng; /* the game's generator, in a register for the shuffle */
  for (int i = len - 1; i > 0; i--) {
    int j = (int)random_step(&rng, (uint32_t)i + 1);
    uint16_t tmp = bag[i];
    bag[i] = bag[j];
    bag[j] = tmp;
  }
  g->s.rng = rng;
}

/* A feature counts its coats of arms in 32 bits (seg_state.symbols): a game
 * whose tiles (on the board, in the bag, `more_tiles` to come) could gather
 * more in one city is refused rather than let the count wrap. Only games of
 * more than 179,000 tiles (12 segments of ATTR_VALUE_MAX arms each) look at
 * the types. */
carc_result game_arms_fit(carc_game *g, int more_tiles) {
  const long long tiles = (long long)g->ntiles + (g->bag_len - g->bag_pos) + more_tiles;
  if (tiles * CARC_MAX_SEGMENTS_PER_TILE * ATTR_VALUE_MAX <= INT32_MAX) return CARC_OK;
  int per = 0; /* the most a tile carries, its segments' arms summed without sign */
  for (int t = 0; t < g->e->ntypes; t++) {
    const tile_type *tt = &g->e->types[t];
    int arms = 0;
    for (int i = 0; i < tt->nseg; i++) arms += abs(tt->seg[i].symbols);
    if (arms > per) per = arms;
  }
  if (tiles * per <= INT32_MAX) return CARC_OK;
  return game_fail(g, CARC_ERR_LIMIT, "%lld tiles with up to %d coats of arms each could gather more than %d "
                   "in one city, which a feature cannot count: use fewer tiles or fewer arms", tiles, per,
                   (int)INT32_MAX);
}

/* Everything of a reset up to the setup hooks. */
static carc_result game_reset_board(carc_game *g, uint64_t seed) {
  carc_engine *e = g->e;
  if (e->start_type < 0)
    return game_fail(g, CARC_ERR_STATE, "the engine has no start tile (load a tile set first)");
  int nfig = figures_needed(e, g->players, g->followers);
  if (nfig > MAX_FIGURES)
    return game_fail(g, CARC_ERR_LIMIT, "%d players with these figure types need %d figures; "
                     "a game holds at most %d", g->players, nfig, MAX_FIGURES);
  int tiles = 1, segs = 0; /* the start tile, the bag and a map's printed pieces */
  for (int t = 0; t < e->ntypes; t++) {
    const tile_type *tt = &e->types[t];
    int n = tt->adhoc || !e->set_used[tt->set] ? 0 : tt->copies;
    tiles += n;
    segs += n * tt->nseg;
  }
  segs += e->types[e->start_type].nseg;
  if (e->map) {
    tiles += e->map->tmpl.ntiles + e->map->nprinted;
    segs += e->map->tmpl.nsegs + e->map->nprinted * CARC_MAX_SEGMENTS_PER_TILE;
  }
  carc_result rr = store_reserve(g, tiles, segs);
  if (rr == CARC_OK) rr = store_grid_cover(g, -1, -1, 1, 1);
  if (rr != CARC_OK) return rr;
  g->opt.seed = seed;
  memset(&g->s, 0, sizeof g->s);
  g->s.rng = seed ^ 0x6A09E667F3BCC908ull;
  for (int p = 0; p < g->players; p++)
    for (int t = 0; t < e->ntok; t++) g->s.token_supply[p][t] = (int16_t)e->toks[t].per_player;
  g->track_roots = 0;
  for (int t = 0; t < e->nfig; t++)
    if (e->figs[t].placement == CARC_PLACE_NEUTRAL) g->track_roots |= e->figs[t].kinds;
  g->track_roots &= ((1u << CARC_MAX_KINDS) - 1) & ~(1u << CARC_FIELD | 1u << CARC_WATER); /* never complete */
  board_reset(g);
  figures_create(g);
  g->phase = CARC_PHASE_PLACE;
  g->turn = 0;
  g->current = 0;
  g->drawn = -1;
  g->last_tile = -1;
  g->set_aside = 0;
  g->act_step = STEP_MAIN;
  g->nrecords = g->nchanges = 0;
  g->log_len = 0;
  if (g->log) g->log[0] = '\0';
  if (g->txn) g->txn->log_from = 0; /* the reset's own lines are reported at its commit */
  g->stamp = 0;
  g->nprinted = 0;
  if (e->map) {
    carc_result r = map_setup(g);
    if (r != CARC_OK) return r;
  } else {
    board_place(g, e->start_type, 0, 0, 0);
    bag_fill(g);
  }
  g->nsetup = g->ntiles - g->nprinted;
  return game_arms_fit(g, 0);
}

/* The setup hooks and the first draw. */
static carc_result game_setup(carc_game *g) {
  carc_hook_args a = {g, -1, -1, 0, 0, 0, -1, -1}; /* no tile, no feature */
  carc_result r = hooks_run(g, CARC_HOOK_SETUP, &a);
  if (r != CARC_OK) return r;
  return turn_draw(g);
}

static carc_result game_reset(carc_game *g, uint64_t seed) {
  carc_result r = game_reset_board(g, seed);
  return r == CARC_OK ? game_setup(g) : r;
}

/* Will an enabled setup hook run that may fail? */
static bool setup_may_fail(const carc_engine *e) {
  for (int i = 0; i < e->nhooks[CARC_HOOK_SETUP]; i++)
    if (e->hooks[CARC_HOOK_SETUP][i].enabled && !e->hooks[CARC_HOOK_SETUP][i].infallible) return true;
  return false;
}

/* A reset changes everything: when setup hooks that may fail will run, the
 * transaction keeps a full copy. Hooks promised never to fail need none. */
carc_result carc_game_reset(carc_game *g, uint64_t seed) {
  txn t;
  carc_result r = txn_begin(g, &t);
  if (r != CARC_OK) return r;
  bool copy = setup_may_fail(g->e);
  if (copy && !txn_board(g))
    return txn_rollback(g, &t, game_fail(g, CARC_ERR_MEMORY, "out of memory saving the game"));
  r = game_reset_board(g, seed);
  if (r != CARC_OK) return txn_rollback(g, &t, r);
  r = game_setup(g);
  if (r != CARC_OK && !copy) {
    /* a promise broken: no copy to go back to; the new game stays, over
     * (and writable: a loan its hook took ends with the call, as in
     * txn_rollback, so that a reset may follow) */
    g->txn = NULL;
    g->read_only = g->lent = 0;
    g->nstaged = g->nstaged_ran = 0;
    engine_restore(g->e, &t.engine);
    g->phase = CARC_PHASE_OVER;
    return r;
  }
  if (r != CARC_OK) return txn_rollback(g, &t, r);
  txn_commit(g, &t);
  return CARC_OK;
}

carc_game *carc_game_new(carc_engine *e, const carc_game_options *opt) {
  if (!e) return NULL;
  if (e->snap) { /* its rollback would take back tile types the game's bag holds */
    engine_fail(e, CARC_ERR_STATE, "carc_game_new: an engine transaction is open (carc_engine_begin)");
    return NULL;
  }
  carc_game_options o = {2, 1, 0, 0};
  if (opt) o = *opt;
  if (o.players < 1 || o.players > CARC_MAX_PLAYERS) {
    engine_fail(e, CARC_ERR_ARGUMENT, "players: %d is outside 1..%d", o.players, CARC_MAX_PLAYERS);
    return NULL;
  }
  if (o.followers < 0 || o.followers > 16) {
    engine_fail(e, CARC_ERR_ARGUMENT, "followers: %d is outside 0..16", o.followers);
    return NULL;
  }
  carc_game *g = carc_mem(e, NULL, 0, sizeof *g);
  if (!g) {
    engine_fail(e, CARC_ERR_MEMORY, "out of memory creating a game");
    return NULL;
  }
  memset(g, 0, sizeof *g);
  g->e = e;
  atomic_fetch_add_explicit(&e->games, 1, memory_order_relaxed);
  g->opt = o;
  g->players = o.players;
  g->followers = o.followers ? o.followers : e->map ? map_followers(e) : 7;
  g->keep_records = 1;
  g->txn = NULL;
  g->read_only = g->lent = 0;
  g->spare = NULL;
  carc_result r = game_reset(g, o.seed);
  if (r != CARC_OK) {
    engine_fail(e, r == CARC_ERR_LIMIT ? r : CARC_ERR_STATE, "%s", g->err);
    carc_game_free(g);
    return NULL;
  }
  return g;
}

void carc_game_free(carc_game *g) {
  if (!g) return;
  carc_engine *e = g->e;
  carc_game_free(g->spare);
  carc_game_free(g->bot_scratch);
  carc_game_free(g->bot_trial);
  store_free(g);
  if (!g->scratch) atomic_fetch_sub_explicit(&e->games, 1, memory_order_relaxed);
  carc_mem(e, g->records, sizeof(record) * (size_t)g->cap_records, 0);
  carc_mem(e, g->changes, sizeof(record_change) * (size_t)g->cap_changes, 0);
  carc_mem(e, g->log, g->log_cap, 0);
  carc_mem(e, g, sizeof *g, 0);
}

bool mem_grow(carc_engine *e, void **p, int *cap, int need, size_t size) {
  if (need <= *cap) return true;
  int n = *cap ? *cap : 16;
  while (n < need) n *= 2;
  void *q = carc_mem(e, *p, size * (size_t)*cap, size * (size_t)n);
  if (!q) return false;
  *p = q;
  *cap = n;
  return true;
}

/* A caller's copy holds no running call: the scorings a hook's call has
 * staged are the source's (their records are not copied), as is the hook
 * running. */
static void copy_outside_call(carc_game *c) {
  c->nstaged = c->nstaged_ran = 0;
  c->hook_running = 0;
}

/* Copies the used parts only: a game is mostly empty capacity. */
/* Everything that can fail (room for the board, the records and the log)
 * happens first, so a failed copy leaves dst as it was. */
carc_result carc_game_copy(carc_game *dst, const carc_game *src) {
  carc_result r = game_copy(dst, src);
  if (r == CARC_OK && dst != src) copy_outside_call(dst);
  if (r == CARC_OK) engine_keep_pending(dst->e); /* dst may hold a type a running call defined */
  return r;
}

/* carc_game_copy without keeping pending tile types: the copies a call makes
 * of its own game (the board kept for a rollback, the bots' trials). */
carc_result game_copy(carc_game *dst, const carc_game *src) {
  if (!dst || !src) return CARC_ERR_ARGUMENT;
  if (dst->e != src->e) return game_fail(dst, CARC_ERR_ARGUMENT, "a game copies only a game of its own engine");
  if (!txn_may_begin(dst)) return txn_refuse(dst); /* a handler's or hook's game, or one mid-call */
  if (dst == src) return CARC_OK;
  carc_result fit = store_fit(dst, src);
  if (fit != CARC_OK) return fit;
  carc_engine *e = dst->e;
  if (src->keep_records) {
    if (!mem_grow(e, (void **)&dst->records, &dst->cap_records, src->nrecords, sizeof(record)) ||
        !mem_grow(e, (void **)&dst->changes, &dst->cap_changes, src->nchanges, sizeof(record_change)))
      return game_fail(dst, CARC_ERR_MEMORY, "out of memory copying a game's records");
    if (src->log_len + 1 > dst->log_cap) {
      char *l = carc_mem(e, dst->log, dst->log_cap, src->log_len + 1);
      if (!l) return game_fail(dst, CARC_ERR_MEMORY, "out of memory copying a game's log");
      dst->log = l;
      dst->log_cap = src->log_len + 1;
    }
  }
  record *records = dst->records;
  record_change *changes = dst->changes;
  char *log = dst->log;
  int cap_r = dst->cap_records, cap_c = dst->cap_changes;
  size_t cap_l = dst->log_cap;
  memcpy(dst, src, offsetof(carc_game, tiles));
  store_copy(dst, src);
  dst->records = records;
  dst->changes = changes;
  dst->log = log;
  dst->cap_records = cap_r;
  dst->cap_changes = cap_c;
  dst->log_cap = cap_l;
  dst->nrecords = dst->nchanges = 0;
  dst->log_len = 0;
  if (!src->keep_records) return CARC_OK;
  if (src->nrecords) memcpy(dst->records, src->records, sizeof(record) * (size_t)src->nrecords);
  if (src->nchanges)
    memcpy(dst->changes, src->changes, sizeof(record_change) * (size_t)src->nchanges);
  if (src->log_len) memcpy(dst->log, src->log, src->log_len + 1);
  dst->nrecords = src->nrecords;
  dst->nchanges = src->nchanges;
  dst->log_len = src->log_len;
  return CARC_OK;
}

carc_game *game_scratch(carc_game *g) {
  if (g && !g->scratch) {
    g->scratch = 1;
    atomic_fetch_sub_explicit(&g->e->games, 1, memory_order_relaxed);
  }
  return g;
}

/* carc_game_clone without keeping pending tile types (game_copy's). */
carc_game *game_clone(const carc_game *g) {
  carc_engine *e = g->e;
  carc_game *c = carc_mem(e, NULL, 0, sizeof *c);
  if (!c) return NULL;
  memset(c, 0, sizeof *c);
  c->e = e;
  atomic_fetch_add_explicit(&e->games, 1, memory_order_relaxed);
  c->txn = NULL;
  c->read_only = c->lent = 0;
  c->spare = NULL;
  if (game_copy(c, g) != CARC_OK) {
    carc_game_free(c);
    return NULL;
  }
  return c;
}

carc_game *carc_game_clone(const carc_game *g) {
  carc_game *c = game_clone(g);
  if (c) copy_outside_call(c);
  if (c) engine_keep_pending(c->e); /* the clone may hold a type a running call defined */
  return c;
}

const char *carc_game_error(const carc_game *g) { return g ? g->err : "no game"; }
void carc_game_set_error(carc_game *g, const char *message) {
  snprintf(g->err, sizeof g->err, "%s", message ? message : "");
}
carc_engine *carc_game_engine(const carc_game *g) { return g->e; }
carc_phase carc_game_phase(const carc_game *g) { return (carc_phase)g->phase; }
int carc_game_players(const carc_game *g) { return g->players; }
int carc_game_current_player(const carc_game *g) { return g->current; }
int carc_game_turn(const carc_game *g) { return g->turn; }
int carc_game_score(const carc_game *g, int p) {
  return p >= 0 && p < g->players ? g->s.score[p] : 0;
}
int carc_game_drawn_tile(const carc_game *g) { return g->phase == CARC_PHASE_PLACE ? g->drawn : -1; }
int carc_game_bag_left(const carc_game *g) { return g->bag_len - g->bag_pos; }
int carc_game_set_aside(const carc_game *g) { return g->set_aside; }
uint64_t carc_game_seed(const carc_game *g) { return g->opt.seed; }
void carc_game_keep_records(carc_game *g, int on) { g->keep_records = on != 0; }

int carc_game_var(const carc_game *g, int v) { return v >= 0 && v < MAX_VARS ? g->s.vars[v] : 0; }
carc_result read_only_fail(carc_game *g) {
  return game_fail(g, CARC_ERR_STATE, "the game is read-only during a scoring handler, a "
                   "placement hook or a description");
}

int carc_game_read_only(const carc_game *g) { return g->read_only > 0; }

carc_result carc_game_lend_read_only(carc_game *g, int on) {
  if (!g) return CARC_ERR_ARGUMENT;
  if (on) {
    g->read_only++;
    g->lent++;
    return CARC_OK;
  }
  /* only the host's own loans end here: a running handler's stay */
  if (g->lent == 0) return game_fail(g, CARC_ERR_STATE, "carc_game_lend_read_only: the game is not lent");
  g->lent--;
  g->read_only--;
  return CARC_OK;
}

/* The rest of a stack of `cards` cards once card `up` is turned face up in
 * place of `was` (0: the stack was not dealt, so the rest is the others in
 * order, the lowest next): `was` takes the place `up` had. */
static int stack_rest_after(int rest, int cards, int was, int up) {
  if (up == 0) return 0; /* not dealt: no rest either */
  if (was != 0 && stack_pair_ok(was, rest, cards)) {
    int out = 0;
    for (int k = cards - 2; k >= 0; k--) {
      const int card = rest >> (4 * k) & 15;
      out = out * 16 + (card == up ? was : card);
    }
    return out;
  }
  int out = 0;
  for (int card = cards; card >= 1; card--)
    if (card != up) out = out * 16 + card;
  return out;
}

carc_result carc_game_set_var(carc_game *g, int v, int value) {
  if (g->read_only) return read_only_fail(g);
  const carc_engine *e = g->e;
  if (v < 0 || v >= e->nvars) return game_fail(g, CARC_ERR_UNKNOWN, "no variable %d", v);
  if ((e->var_ranged >> v & 1) && (value < e->var_lo[v] || value > e->var_hi[v]))
    return game_fail(g, CARC_ERR_ARGUMENT, "variable '%s': %d is outside its range %d..%d", e->var_names[v], value,
                     e->var_lo[v], e->var_hi[v]);
  /* A card stack's pair always holds an order of its cards, as a save must:
   * a new face-up card swaps places with the old one in the rest, and a
   * new rest must order the cards other than the face-up one. */
  for (int sk = 0; (e->var_stacked >> v & 1) && sk < e->nvar_stacks; sk++) {
    const int av = e->var_stacks[sk].active, rv = e->var_stacks[sk].rest, n = e->var_stacks[sk].cards;
    if (v == rv && !stack_pair_ok(g->s.vars[av], value, n))
      return game_fail(g, CARC_ERR_ARGUMENT, "variable '%s': %d is no order of the card stack's cards 1..%d "
                       "other than '%s' = %d (nor 0 with 0: not dealt)", e->var_names[rv], value, n,
                       e->var_names[av], g->s.vars[av]);
    if (v == av && value != g->s.vars[av]) {
      txn_touch(g);
      g->s.vars[rv] = stack_rest_after(g->s.vars[rv], n, g->s.vars[av], value);
    }
  }
  txn_touch(g);
  g->s.vars[v] = value;
  return CARC_OK;
}

/* Both of a stack's variables at once, as its rules turn it: one check. */
carc_result carc_game_set_stack(carc_game *g, int active_var, int active, int rest) {
  if (g->read_only) return read_only_fail(g);
  const carc_engine *e = g->e;
  int sk = 0;
  while (sk < e->nvar_stacks && e->var_stacks[sk].active != active_var) sk++;
  if (sk == e->nvar_stacks) return game_fail(g, CARC_ERR_UNKNOWN, "variable %d holds no card stack's card up", active_var);
  const int rv = e->var_stacks[sk].rest, n = e->var_stacks[sk].cards;
  if (!stack_pair_ok(active, rest, n))
    return game_fail(g, CARC_ERR_ARGUMENT, "card stack '%s': %d up with %d is no order of its cards 1..%d (nor 0 "
                     "with 0: not dealt)", e->var_names[active_var], active, rest, n);
  txn_touch(g);
  g->s.vars[active_var] = active;
  g->s.vars[rv] = rest;
  return CARC_OK;
}

int carc_game_flag(const carc_game *g, int f) {
  return f >= 0 && f < MAX_FLAGS ? (int)((g->s.flags >> f) & 1) : 0;
}
carc_result carc_game_set_flag(carc_game *g, int f, int on) {
  if (g->read_only) return read_only_fail(g);
  if (f < 0 || f >= g->e->nflags) return game_fail(g, CARC_ERR_UNKNOWN, "no flag %d", f);
  txn_touch(g);
  if (on) g->s.flags |= 1ull << f;
  else g->s.flags &= ~(1ull << f);
  return CARC_OK;
}

/* ---------------------------------------------------------- board queries */
int carc_board_tiles(const carc_game *g) { return g->ntiles; }
int carc_board_tile_at(const carc_game *g, int x, int y) {
  if (x < -30000 || x > 30000 || y < -30000 || y > 30000) return -1;
  int32_t v = board_square(g, x, y);
  return v >= 0 ? v : -1;
}
#define TILE_OK(g, t) ((t) >= 0 && (t) < (g)->ntiles)
int carc_board_tile_type(const carc_game *g, int t) { return TILE_OK(g, t) ? g->tiles[t].type : -1; }
int carc_board_tile_x(const carc_game *g, int t) { return TILE_OK(g, t) ? g->tiles[t].x : 0; }
int carc_board_tile_y(const carc_game *g, int t) { return TILE_OK(g, t) ? g->tiles[t].y : 0; }
int carc_board_tile_rotation(const carc_game *g, int t) { return TILE_OK(g, t) ? g->tiles[t].rot : 0; }
int carc_board_segment_id(const carc_game *g, int t, int s) {
  if (!TILE_OK(g, t) || s < 0 || s >= g->e->types[g->tiles[t].type].nseg) return -1;
  return g->tiles[t].seg_base + s;
}
int carc_board_segment_at_port(const carc_game *g, int t, int port) {
  if (!TILE_OK(g, t) || port < 0 || port > 11) return -1;
  return tile_seg_at_board_port(&g->e->types[g->tiles[t].type], g->tiles[t].rot, port);
}
#define SEG_OK(g, s) ((s) >= 0 && (s) < (g)->nsegs)
int carc_segment_tile(const carc_game *g, int s) { return SEG_OK(g, s) ? (int)g->segs[s].tile : -1; }
int carc_segment_index(const carc_game *g, int s) { return SEG_OK(g, s) ? g->segs[s].idx : -1; }
unsigned carc_board_segment_ports(const carc_game *g, int s) {
  if (!SEG_OK(g, s)) return 0;
  const board_tile *bt = &g->tiles[g->segs[s].tile];
  unsigned ports = g->e->types[bt->type].seg[g->segs[s].idx].ports, out = 0;
  for (int p = 0; p < 12; p++)
    if (ports & (1u << p)) out |= 1u << rot_port(p, bt->rot);
  return out;
}
int carc_feature_root(const carc_game *g, int s) { return SEG_OK(g, s) ? feature_find(g, s) : -1; }
int carc_feature_kind(const carc_game *g, int s) { return SEG_OK(g, s) ? g->segs[s].kind : -1; }
int carc_feature_complete(const carc_game *g, int s) {
  return SEG_OK(g, s) ? feature_is_complete(g, feature_find(g, s)) : 0;
}
int carc_feature_tiles(const carc_game *g, int s) {
  if (!SEG_OK(g, s)) return 0;
  int root = feature_find(g, s);
  if (g->segs[root].kind != CARC_FIELD) return g->segs[root].tiles;
  int n = 0, m = root; /* fields keep no count while playing; count now */
  do { /* a tile counts at its first segment in this field */
    const seg_state *v = &g->segs[m];
    int first = g->tiles[v->tile].seg_base, i = first;
    while (i < m && g->segs[i].parent != (uint32_t)root) i++;
    n += i == m;
    m = v->next;
  } while (m != root);
  return n;
}
int carc_feature_open(const carc_game *g, int s) { return SEG_OK(g, s) ? g->segs[feature_find(g, s)].open : 0; }
int carc_feature_symbols(const carc_game *g, int s) {
  return SEG_OK(g, s) ? g->segs[feature_find(g, s)].symbols : 0;
}
int carc_feature_has_attr(const carc_game *g, int s, int attr) {
  if (!SEG_OK(g, s) || attr < 0 || attr >= MAX_ATTRS) return 0;
  return (int)((g->seg_attr[feature_find(g, s)].attr_bits >> attr) & 1);
}
int carc_feature_members(const carc_game *g, int s, int *out, int cap) {
  if (!out) cap = 0; /* a NULL list only counts, whatever cap says */
  if (!SEG_OK(g, s)) return 0;
  int root = feature_find(g, s), n = 0, m = root;
  do {
    if (n < cap) out[n] = m;
    n++;
    m = g->segs[m].next;
  } while (m != root);
  return n;
}
int carc_game_features(const carc_game *g, int kind, int *out, int cap) {
  if (!out) cap = 0; /* a NULL list only counts, whatever cap says */
  int n = 0;
  for (int s = 0; s < g->nsegs; s++) {
    if (feature_find(g, s) != s || (kind >= 0 && g->segs[s].kind != kind)) continue;
    if (n < cap) out[n] = s;
    n++;
  }
  return n;
}

int carc_game_figures(const carc_game *g) { return g->nfigs; }
#define FIG_OK(g, f) ((f) >= 0 && (f) < (g)->nfigs)
int carc_figure_type(const carc_game *g, int f) { return FIG_OK(g, f) ? g->figs[f].type : -1; }
int carc_figure_owner(const carc_game *g, int f) { return FIG_OK(g, f) ? g->figs[f].owner : -1; }
int carc_figure_segment(const carc_game *g, int f) { return FIG_OK(g, f) ? g->figs[f].seg : -1; }
int carc_game_supply(const carc_game *g, int player, int type) {
  int n = 0;
  for (int i = 0; i < g->nfigs; i++)
    n += g->figs[i].owner == player && g->figs[i].type == type && g->figs[i].seg < 0;
  return n;
}
int carc_game_token_supply(const carc_game *g, int p, int t) {
  if (p < 0 || p >= g->players || t < 0 || t >= g->e->ntok) return 0;
  return g->s.token_supply[p][t];
}
carc_result carc_game_set_token_supply(carc_game *g, int p, int t, int n) {
  if (p < 0 || p >= g->players || t < 0 || t >= g->e->ntok || n < 0 || n > 99)
    return game_fail(g, CARC_ERR_ARGUMENT, "token supply: player %lld, token %d, count %d out of range",
                     (long long)p + 1, t, n);
  if (g->read_only) return read_only_fail(g);
  txn_touch(g);
  g->s.token_supply[p][t] = (int16_t)n;
  return CARC_OK;
}
int carc_board_tokens(const carc_game *g, int t, int type) {
  if (!TILE_OK(g, t) || g->tiles[t].token < 0) return 0;
  return type < 0 || g->tiles[t].token == type;
}
int carc_board_token_owner(const carc_game *g, int t) {
  return TILE_OK(g, t) ? g->tiles[t].token_owner : -1;
}

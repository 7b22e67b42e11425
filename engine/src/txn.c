/* txn.c - one transaction per public call that changes a game.
 *
 * txn_begin records the few scalars a call may change, the random
 * generator's state among them (the bots draw in most calls); the rest of
 * the small mutable state (flags, variables, scores, token supplies) is
 * copied on its first write inside the transaction (txn_touch, called by
 * every setter), so a call that runs no script copies nothing. A call that
 * changes the board under hooks that may fail takes a full copy first
 * (txn_board). Figures moved and the token put by an action are logged.
 * txn_rollback puts all of it back, drops what the call appended to the
 * records and the log, and removes tile types and names the call added to
 * the engine; the failing call's message is kept.
 *
 * carc_engine_begin/_commit/_rollback make loading a ruleset one engine
 * transaction: begin copies the engine's fixed tables (one struct) and its
 * tile types to the heap, rollback copies them back and frees what was
 * allocated since (notations, descriptions, a map). */
#include "internal.h"
#include "map.h"

void engine_mark(const carc_engine *e, engine_marker *m) { *m = e->counts; }

static int at_least(int a, int b) { return a > b ? a : b; }

void engine_restore(carc_engine *e, const engine_marker *m) {
  const int types = at_least(m->ntypes, e->kept_types), sets = at_least(m->nsets, e->kept_sets);
  for (int i = types; i < e->ntypes; i++)
    carc_mem(e, e->types[i].notation, strlen(e->types[i].notation) + 1, 0);
  if (e->ntypes > types) e->ntypes = types; /* only ever lower */
  if (e->nsets > sets) e->nsets = sets;
  e->nattr = m->nattr;
  e->nkinds = m->nkinds;
  e->nvars = m->nvars;
  e->nflags = m->nflags;
}

/* The types defined until now stay, whatever call fails later: the engine's
 * own definers (no game alive), and a game call that committed or copied a
 * game while types defined by a running call were pending (types are
 * numbered in order: a pending one below a kept one stays too). */
void engine_keep(carc_engine *e) {
  e->kept_types = e->ntypes;
  e->kept_sets = e->nsets;
}

carc_result txn_refuse(carc_game *g) {
  if (g->txn)
    return game_fail(g, CARC_ERR_STATE, "a call on this game is still running: hooks and handlers "
                     "may not place, act, end turns or edit the board");
  return read_only_fail(g);
}

carc_result txn_begin(carc_game *g, txn *t) {
  if (!txn_may_begin(g)) return txn_refuse(g);
  t->s_saved = 0;
  t->rng = g->s.rng;
  t->progress = g->progress;
  t->nfig_moves = 0;
  t->tok_tile = -1;
  t->board = NULL;
  t->log_from = g->log_len;
  engine_mark(g->e, &t->engine);
  g->txn = t;
  return CARC_OK;
}

void txn_touch_slow(carc_game *g) {
  g->txn->s = g->s;
  g->txn->s_saved = 1;
}

bool txn_board(carc_game *g) {
  txn *t = g->txn;
  if (t->board) return true;
  g->txn = NULL; /* the copy is made outside the transaction */
  if (!g->spare) g->spare = game_scratch(game_clone(g));
  else if (game_copy(g->spare, g) != CARC_OK) {
    g->txn = t;
    return false;
  }
  g->txn = t;
  t->board = g->spare;
  return t->board != NULL;
}

void txn_figure(carc_game *g, int fig) {
  txn *t = g->txn;
  if (t->nfig_moves < TXN_FIG_MOVES) {
    t->fig_moves[t->nfig_moves].fig = fig;
    t->fig_moves[t->nfig_moves].seg = g->figs[fig].seg;
    t->nfig_moves++;
  }
}

void txn_token(carc_game *g, int tile) {
  txn *t = g->txn;
  t->tok_tile = tile;
  t->tok = g->tiles[tile].token;
  t->tok_owner = g->tiles[tile].token_owner;
}

void txn_commit(carc_game *g, txn *t) {
  engine_keep_pending(g->e); /* this game may hold a type a running call defined */
  /* the board copy, if any, is the game's spare: kept for reuse */
  if (g->event_fn && g->log_len > t->log_from) game_events(g, t->log_from); /* still under t */
  g->txn = NULL;
}

carc_result txn_rollback(carc_game *g, txn *t, carc_result r) {
  char msg[ERR_CAP];
  memcpy(msg, g->err, sizeof msg);
  g->txn = NULL;
  /* the call began with the game writable (txn_may_begin): a loan a hook or
   * handler took and left (carc_game_lend_read_only) ends with the call */
  g->read_only = g->lent = 0;
  if (t->board) {
    game_copy(g, t->board); /* records and log fit: the copy's are no longer */
  } else {
    for (int i = t->nfig_moves - 1; i >= 0; i--) figure_move(g, t->fig_moves[i].fig, t->fig_moves[i].seg);
    if (t->tok_tile >= 0) {
      g->tiles[t->tok_tile].token = t->tok;
      g->tiles[t->tok_tile].token_owner = t->tok_owner;
    }
    if (t->s_saved) g->s = t->s;
    g->progress = t->progress;
    if (g->log) g->log[g->log_len] = '\0';
  }
  g->s.rng = t->rng; /* last: a copy of s or of the board may postdate draws */
  g->nstaged = g->nstaged_ran = 0;
  engine_restore(g->e, &t->engine);
  memcpy(g->err, msg, sizeof msg);
  return r;
}

/* ------------------------------------------------- engine transactions */

typedef struct engine_snap {
  carc_engine e;            /* the engine's tables as they were at begin */
  tile_type *types;         /* its e.ntypes tile types */
  int followers, tiles_min, tiles_max, signal, signal_towns; /* of the map, if any */
} engine_snap;

static bool desc_in(const carc_engine *e, const char *d) {
  for (int i = 0; i < e->nhandlers; i++)
    if (e->handlers[i].desc == d) return true;
  for (int p = 0; p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < e->nhooks[p]; i++)
      if (e->hooks[p][i].desc == d) return true;
  return false;
}

/* A description that the open transaction's copy still names: replacing it
 * must not free it (rollback puts it back). */
bool engine_desc_kept(const carc_engine *e, const char *desc) {
  return e->snap && desc && desc_in(&e->snap->e, desc);
}

/* Frees the descriptions named in `from` and not in `keep`. */
static void descs_free(carc_engine *e, const carc_engine *from, const carc_engine *keep) {
  for (int i = 0; i < from->nhandlers; i++) {
    char *d = from->handlers[i].desc;
    if (d && !desc_in(keep, d)) carc_mem(e, d, strlen(d) + 1, 0);
  }
  for (int p = 0; p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < from->nhooks[p]; i++) {
      char *d = from->hooks[p][i].desc;
      if (d && !desc_in(keep, d)) carc_mem(e, d, strlen(d) + 1, 0);
    }
}

static void snap_free(carc_engine *e) {
  engine_snap *s = e->snap;
  e->snap = NULL;
  if (s->types) carc_mem(e, s->types, sizeof(tile_type) * (size_t)s->e.ntypes, 0);
  carc_mem(e, s, sizeof *s, 0);
}

carc_result carc_engine_begin(carc_engine *e) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (e->snap) return engine_fail(e, CARC_ERR_STATE, "an engine transaction is already open");
  /* its rollback takes back tile types, which a game could hold */
  carc_result alive = engine_without_games(e, "carc_engine_begin");
  if (alive != CARC_OK) return alive;
  engine_snap *s = carc_mem(e, NULL, 0, sizeof *s);
  if (!s) return engine_fail(e, CARC_ERR_MEMORY, "out of memory copying the engine's tables");
  s->types = NULL;
  if (e->ntypes) {
    s->types = carc_mem(e, NULL, 0, sizeof(tile_type) * (size_t)e->ntypes);
    if (!s->types) {
      carc_mem(e, s, sizeof *s, 0);
      return engine_fail(e, CARC_ERR_MEMORY, "out of memory copying the engine's tables");
    }
    memcpy(s->types, e->types, sizeof(tile_type) * (size_t)e->ntypes);
  }
  memcpy(&s->e, e, sizeof *e);
  if (e->map) {
    s->followers = e->map->followers;
    s->tiles_min = e->map->tiles_min;
    s->tiles_max = e->map->tiles_max;
    s->signal = e->map->signal;
    s->signal_towns = e->map->signal_towns;
  }
  e->snap = s;
  return CARC_OK;
}

void carc_engine_commit(carc_engine *e) {
  if (!e || !e->snap) return;
  descs_free(e, &e->snap->e, e); /* replaced during the transaction, kept until now */
  snap_free(e);
}

void carc_engine_rollback(carc_engine *e) {
  if (!e || !e->snap) return;
  engine_snap *s = e->snap;
  descs_free(e, e, &s->e);
  for (int i = s->e.ntypes; i < e->ntypes; i++)
    carc_mem(e, e->types[i].notation, strlen(e->types[i].notation) + 1, 0);
  if (e->map && e->map != s->e.map) map_free(e); /* set during the transaction */
  if (e->map) {
    e->map->followers = s->followers;
    e->map->tiles_min = s->tiles_min;
    e->map->tiles_max = s->tiles_max;
    map_set_signal(e->map, s->signal, s->signal_towns); /* and the square bits that follow it */
  }
  /* what is not rules: the allocator, the user data, the type table's block
   * (it may have moved; its old contents go back into it) and the blocks it
   * outgrew, and the message */
  tile_type *types = e->types;
  int cap_types = e->cap_types;
  struct retired_types retired = e->retired_types;
  void *userdata = e->userdata;
  const int games = atomic_load_explicit(&e->games, memory_order_relaxed);
  char err[ERR_CAP];
  memcpy(err, e->err, sizeof err);
  memcpy(e, &s->e, sizeof *e);
  atomic_store_explicit(&e->games, games, memory_order_relaxed);
  e->types = types;
  e->cap_types = cap_types;
  e->retired_types = retired;
  e->userdata = userdata;
  memcpy(e->err, err, sizeof err);
  if (s->e.ntypes) memcpy(e->types, s->types, sizeof(tile_type) * (size_t)s->e.ntypes);
  e->snap = s;
  snap_free(e);
}

/* txn.c - one transaction per public call that changes a game.
 *
 * txn_begin records the few scalars a call may change; the small mutable
 * state (random generator, flags, variables, scores, token supplies) is
 * copied on its first write inside the transaction (txn_touch, called by
 * every setter), so a call that runs no script copies nothing. A call that
 * changes the board under hooks that may fail takes a full copy first
 * (txn_board). Figures moved and the token put by an action are logged.
 * txn_rollback puts all of it back, drops what the call appended to the
 * records and the log, and removes tile types and names the call added to
 * the engine; the failing call's message is kept. */
#include "internal.h"

void engine_mark(const carc_engine *e, engine_marker *m) {
  m->ntypes = e->ntypes;
  m->nsets = e->nsets;
  m->nattr = e->nattr;
  m->nkinds = e->nkinds;
  m->nvars = e->nvars;
  m->nflags = e->nflags;
}

void engine_restore(carc_engine *e, const engine_marker *m) {
  for (int i = m->ntypes; i < e->ntypes; i++)
    carc_mem(e, e->types[i].notation, strlen(e->types[i].notation) + 1, 0);
  if (e->ntypes > m->ntypes) e->ntypes = m->ntypes;
  e->nsets = m->nsets;
  e->nattr = m->nattr;
  e->nkinds = m->nkinds;
  e->nvars = m->nvars;
  e->nflags = m->nflags;
}

carc_result txn_begin(carc_game *g, txn *t) {
  if (g->txn)
    return game_fail(g, CARC_ERR_STATE, "a call on this game is still running: hooks and handlers "
                     "may not place, act, end turns or edit the board");
  if (g->read_only)
    return game_fail(g, CARC_ERR_STATE, "the game is read-only during a scoring handler or a "
                     "placement hook");
  t->s_saved = 0;
  t->phase = g->phase;
  t->turn = g->turn;
  t->current = g->current;
  t->drawn = g->drawn;
  t->act_step = g->act_step;
  t->last_tile = g->last_tile;
  t->set_aside = g->set_aside;
  t->bag_pos = g->bag_pos;
  t->nrecords = g->nrecords;
  t->nchanges = g->nchanges;
  t->log_len = g->log_len;
  t->scored_kinds = g->scored_kinds_this_turn;
  t->nfig_moves = 0;
  t->tok_tile = -1;
  t->board = NULL;
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
  if (!g->spare) g->spare = carc_game_clone(g);
  else if (carc_game_copy(g->spare, g) != CARC_OK) {
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
  (void)t; /* the board copy, if any, is the game's spare: kept for reuse */
  g->txn = NULL;
}

carc_result txn_rollback(carc_game *g, txn *t, carc_result r) {
  char msg[ERR_CAP];
  memcpy(msg, g->err, sizeof msg);
  g->txn = NULL;
  if (t->board) {
    carc_game_copy(g, t->board); /* records and log fit: the copy's are no longer */
  } else {
    for (int i = t->nfig_moves - 1; i >= 0; i--) figure_move(g, t->fig_moves[i].fig, t->fig_moves[i].seg);
    if (t->tok_tile >= 0) {
      g->tiles[t->tok_tile].token = t->tok;
      g->tiles[t->tok_tile].token_owner = t->tok_owner;
    }
    if (t->s_saved) g->s = t->s;
    g->phase = t->phase;
    g->turn = t->turn;
    g->current = t->current;
    g->drawn = t->drawn;
    g->act_step = t->act_step;
    g->last_tile = t->last_tile;
    g->set_aside = t->set_aside;
    g->bag_pos = t->bag_pos;
    g->nrecords = t->nrecords;
    g->nchanges = t->nchanges;
    g->log_len = t->log_len;
    if (g->log) g->log[g->log_len] = '\0';
    g->scored_kinds_this_turn = t->scored_kinds;
  }
  g->nstaged = 0;
  engine_restore(g->e, &t->engine);
  memcpy(g->err, msg, sizeof msg);
  return r;
}

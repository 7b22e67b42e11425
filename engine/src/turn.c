/* turn.c - the turn loop: draw, place, act, score, end; final scoring; and
 * the scenario calls that edit a game outside the turn order.
 *
 * Each public call is one transaction: on failure the game is as before.
 * Scoring runs the pipeline into a staging area first (handlers change only
 * the context), then the hooks run with the small mutable state saved, and
 * only then are points, figures and records committed. */
#include "internal.h"
#include <stdio.h>

static const char *const edge_names[4] = {"north", "east", "south", "west"};

void game_log(carc_game *g, const char *fmt, ...) {
  if (!g->keep_records) return;
  char line[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof line) n = sizeof line - 1;
  size_t need = g->log_len + (size_t)n + 2;
  if (need > g->log_cap) {
    size_t cap = g->log_cap ? g->log_cap * 2 : 4096;
    while (cap < need) cap *= 2;
    char *p = carc_mem(g->e, g->log, g->log_cap, cap);
    if (!p) return;
    g->log = p;
    g->log_cap = cap;
  }
  memcpy(g->log + g->log_len, line, (size_t)n);
  g->log_len += (size_t)n;
  g->log[g->log_len++] = '\n';
  g->log[g->log_len] = '\0';
  /* under a transaction the line waits for its commit (game_events): a call
   * that fails and rolls back reports nothing */
  if (g->event_fn && !g->txn) g->event_fn(g, line, g->event_ud);
}

/* The event callback for the log's lines from offset `from` on: those a
 * call wrote under its transaction, once it succeeded. The call still
 * counts as running (`g->txn` is kept), so the callback's place, act, end
 * of turn or edit on this game is refused as during the call. */
__attribute__((noinline)) void game_events(carc_game *g, size_t from) {
  if (!g->event_fn || !g->log) return;
  while (from < g->log_len) {
    const char *start = g->log + from, *end = memchr(start, '\n', g->log_len - from);
    size_t n = end ? (size_t)(end - start) : g->log_len - from;
    char line[512]; /* game_log's lines are shorter */
    if (n >= sizeof line) n = sizeof line - 1;
    memcpy(line, start, n);
    line[n] = '\0';
    from += (end ? (size_t)(end - start) + 1 : g->log_len - from);
    g->event_fn(g, line, g->event_ud);
  }
}

/* Tile type t fits nowhere and is set aside. Its name is quoted only for a
 * kept log: a crowded map sets many aside. */
__attribute__((cold)) static void log_set_aside(carc_game *g, int t) {
  if (!g->keep_records) return;
  char quoted[JSON_QUOTED_CAP];
  game_log(g, "{\"event\":\"set_aside\",\"tile\":%s}", json_quoted(quoted, g->e->types[t].name));
}

carc_result turn_draw(carc_game *g) {
  g->drawn = -1;
  while (g->bag_pos < g->bag_len) {
    int t = g->bag[g->bag_pos++];
    const int ahead = placement_ahead(g, t);
    if (ahead > 0 || (ahead < 0 && board_can_place_anywhere(g, t))) {
      g->drawn = t;
      g->phase = CARC_PHASE_PLACE;
      return CARC_OK;
    }
    g->set_aside++;
    log_set_aside(g, t);
  }
  g->phase = CARC_PHASE_END;
  return CARC_OK;
}

/* ------------------------------------------------------------ placement */

int carc_game_placements(const carc_game *g, carc_placement_option *out, int cap) {
  if (!out) cap = 0; /* a NULL list only counts, whatever cap says */
  if (g->phase != CARC_PHASE_PLACE || g->drawn < 0) return 0;
  const uint32_t *sig = g->e->types[g->drawn].sig;
  const fr_sig *fr = g->fr;
  bool hooks = g->e->nhooks[CARC_HOOK_PLACEMENT] > 0;
  int nf = g->nfrontier, n = 0;
  for (int r = 0; r < 4; r++) { /* rotation first, then frontier order: the bots' games depend on it */
    uint32_t s = sig[r];
    for (int i = 0; i < nf; i++) {
      if (!fr_fits(fr[i], s)) continue;
      const fr_square *cl = &g->fsq[i];
      if (hooks) { /* predicates: the game is read-only while they run */
        carc_game *mg = (carc_game *)(uintptr_t)g;
        carc_hook_args a = {mg, g->current, -1, cl->x, cl->y, r, g->drawn, -1};
        mg->read_only++;
        carc_result hr = hooks_run(mg, CARC_HOOK_PLACEMENT, &a);
        mg->read_only--;
        if (hr == CARC_ERR_ILLEGAL) continue; /* refused */
        if (hr != CARC_OK) return -1;       /* the hook failed: its message is the game's error */
      }
      if (n < cap) out[n] = (carc_placement_option){cl->x, cl->y, r};
      n++;
    }
  }
  return n;
}

/* Every legal placement, in `small` (cap entries) or, on a large board, in
 * a block of *held entries from the engine's allocator (*out then differs
 * from small: free it with placements_free). Listing counts, then writes:
 * a hook may answer the second pass otherwise, and what it wrote holds.
 * Below zero, the game's error says why: -1 no memory, -2 a placement hook
 * failed. */
int placements_list(carc_game *g, carc_placement_option *small, int cap, carc_placement_option **out,
                    int *held) {
  int n = carc_game_placements(g, small, cap);
  *out = small;
  *held = 0;
  if (n < 0) return -2;
  if (n <= cap) return n;
  carc_placement_option *big = carc_mem(g->e, NULL, 0, sizeof *big * (size_t)n);
  if (!big) {
    game_fail(g, CARC_ERR_MEMORY, "out of memory listing %d placements", n);
    return -1;
  }
  const int again = carc_game_placements(g, big, n);
  if (again < 0) {
    carc_mem(g->e, big, sizeof *big * (size_t)n, 0);
    return -2;
  }
  *out = big;
  *held = n;
  return again < n ? again : n;
}

void placements_free(carc_game *g, carc_placement_option *small, carc_placement_option *opts, int held) {
  if (opts != small) carc_mem(g->e, opts, sizeof *opts * (size_t)held, 0);
}

/* Says why `type` does not fit at (x, y, rot), or returns CARC_OK. Cold: a
 * refusal's path, kept out of the placement's code. */
__attribute__((cold)) static carc_result explain_fit(carc_game *g, int type, int x, int y, int rot) {
  if (rot < 0 || rot > 3) return game_fail(g, CARC_ERR_ARGUMENT, "rotation %d is outside 0..3", rot);
  if (off_board(x, y))
    return game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) is off the board (squares run from %d to %d)", x, y,
                     -BOARD_LIMIT, BOARD_LIMIT);
  if (g->ntiles == 0) return CARC_OK;
  const int32_t v = board_square(g, x, y);
  const int pos = square_frontier(v);
  if (g->e->map && !(pos >= 0 && fr_fits(g->fr[pos], g->e->types[type].sig[rot]))) {
    carc_result r = map_explain(g, type, x, y, rot); /* only for a refusal: say why */
    if (r != CARC_OK) return r;
  }
  if (v >= 0)
    return game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) already holds tile %s", x, y,
                     g->e->types[g->tiles[v].type].name);
  if (pos < 0) return game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) is not next to a placed tile", x, y);
  uint32_t diff = (g->e->types[type].sig[rot] ^ g->fr[pos].req) & g->fr[pos].mask;
  for (int d = 0; d < 4; d++) {
    if (!((diff >> (8 * d)) & 0x3F)) continue;
    static const char *const kinds[] = {"field", "road", "city", "water"};
    int mine = tile_port_kind(&g->e->types[type], rot, d * 3 + 1);
    const int32_t nb = board_square(g, x + dx_of(d), y + dy_of(d));
    if (nb < 0) continue; /* a map's printed link: map_explain has said why */
    const board_tile *bt = &g->tiles[nb];
    int theirs = tile_port_kind(&g->e->types[bt->type], bt->rot, opposite_port(d * 3 + 1));
    char what[96]; /* a tile by its type's name; a large city's square by the city's (MAP_NAME 40) */
    if (!(nb < g->nprinted && map_city_label(g, bt->x, bt->y, what, sizeof what)))
      snprintf(what, sizeof what, "tile %s", g->e->types[bt->type].name);
    return game_fail(g, CARC_ERR_ILLEGAL,
                     "tile %s at (%d,%d) rotation %d: its %s edge (%s) does not match the %s of "
                     "%s at (%d,%d)", g->e->types[type].name, x, y, rot, edge_names[d],
                     kinds[mine], kinds[theirs], what, bt->x, bt->y);
  }
  return CARC_OK;
}

/* `fits`: the caller has seen this placement fit (a bot's pick from the list). */
static carc_result placement_allowed(carc_game *g, int type, int x, int y, int rot, bool fits) {
  carc_result r = fits ? CARC_OK : explain_fit(g, type, x, y, rot);
  if (r != CARC_OK || !g->e->nhooks[CARC_HOOK_PLACEMENT]) return r;
  carc_hook_args a = {g, g->current, -1, x, y, rot, type, -1};
  g->read_only++;
  r = hooks_run_all(g, CARC_HOOK_PLACEMENT, &a);
  g->read_only--;
  return r;
}

/* Places and runs the tile-placed hooks, inside the caller's transaction:
 * the board is copied first when hooks, which may fail, will run. `fits`:
 * the caller has seen this placement fit (a bot's pick from the list). */
static carc_result place_tile(carc_game *g, int type, int x, int y, int rot, bool fits) {
  carc_result r = placement_allowed(g, type, x, y, rot, fits);
  if (r != CARC_OK) return r;
  int nseg = g->e->types[type].nseg;
  if (!board_has_room(g, nseg, x, y) && (r = board_make_room(g, nseg, x, y)) != CARC_OK) return r;
  bool hooks = g->e->nhooks[CARC_HOOK_TILE_PLACED] > 0;
  if (hooks && !txn_board(g)) return game_fail(g, CARC_ERR_MEMORY, "out of memory saving the game");
  int ti = board_place(g, type, x, y, rot);
  if (hooks) {
    carc_hook_args a = {g, g->current, ti, x, y, rot, type, -1};
    r = hooks_run(g, CARC_HOOK_TILE_PLACED, &a);
    if (r != CARC_OK) return r;
  }
  g->last_tile = ti;
  if (g->keep_records) { /* not even the call when the log is off: this runs every turn */
    char quoted[JSON_QUOTED_CAP];
    game_log(g, "{\"event\":\"place\",\"turn\":%d,\"player\":%d,\"tile\":%s,\"x\":%d,\"y\":%d,"
             "\"rotation\":%d}", g->turn, g->current + 1, json_quoted(quoted, g->e->types[type].name), x, y, rot);
  }
  return CARC_OK;
}

static carc_result place_drawn(carc_game *g, int x, int y, int rot, bool fits) {
  if (!txn_may_begin(g)) return txn_refuse(g);
  if (g->phase != CARC_PHASE_PLACE)
    return game_fail(g, CARC_ERR_STATE, "no tile to place: the game is not in its placing phase");
  if (!g->e->nhooks[CARC_HOOK_PLACEMENT] && !g->e->nhooks[CARC_HOOK_TILE_PLACED]) {
    /* without hooks every check comes before the first change: nothing to roll
     * back. The call still runs: a call from the event callback (the "place"
     * line) is refused as under a transaction; none is kept (s_saved: no copy) */
    txn busy;
    busy.s_saved = 1;
    busy.log_from = g->log_len;
    g->txn = &busy;
    carc_result r = place_tile(g, g->drawn, x, y, rot, fits);
    if (r != CARC_OK) {
      g->txn = NULL;
      return r;
    }
    g->phase = CARC_PHASE_ACT;
    g->act_step = STEP_MAIN;
    txn_commit(g, &busy); /* its event lines, as every call's */
    return CARC_OK;
  }
  txn t;
  carc_result r = txn_begin(g, &t);
  if (r != CARC_OK) return r;
  r = place_tile(g, g->drawn, x, y, rot, fits);
  if (r != CARC_OK) return txn_rollback(g, &t, r);
  g->phase = CARC_PHASE_ACT;
  g->act_step = STEP_MAIN;
  txn_commit(g, &t);
  return CARC_OK;
}

carc_result carc_game_place(carc_game *g, int x, int y, int rot) { return place_drawn(g, x, y, rot, false); }

/* Places the drawn tile where the caller has seen it fit (bots): the legality
 * check is skipped, the placement hooks still run. */
carc_result game_place_listed(carc_game *g, int x, int y, int rot) { return place_drawn(g, x, y, rot, true); }

/* --------------------------------------------------------------- actions */

static bool has_exclusive_on(const carc_game *g, int fig, int root) {
  int other = g->e->figs[g->figs[fig].type].exclusive;
  if (other < 0) return false;
  for (int k = 0; k < g->nexcl_figs; k++) { /* the partner's figures are among these */
    const figure_state *f = &g->figs[g->excl_figs[k]];
    if (f->type == other && f->seg >= 0 && feature_find(g, f->seg) == root) return true;
  }
  return false;
}

/* Feature roots, ascending, of kinds in `kinds` (only incomplete ones if
 * `incomplete`): the places neutral figures may go. One scan of the segments
 * serves every figure listed in the same step. Returns -1 if more than `cap`;
 * `out` has room for cap + 1.
 * Incomplete roads, cities and the like, most asked for, are read from the
 * open_roots bits. */
#define NEUTRAL_ROOTS_CAP 1024

/* Word w of open_roots, without the bits at or above nsegs (a shorter board
 * after a rollback may leave some there). */
static inline uint64_t open_roots_word(const carc_game *g, int w) {
  const int above = g->nsegs - w * 64;
  return above >= 64 ? g->open_roots[w] : g->open_roots[w] & ((1ull << above) - 1);
}

/* May neutral_roots read the open_roots bits for these? */
static inline bool roots_tracked(const carc_game *g, unsigned kinds, bool incomplete) {
  return incomplete && kinds && !(kinds & ~g->track_roots);
}

static int neutral_roots(const carc_game *g, unsigned kinds, bool incomplete, int *out, int cap) {
  int n = 0;
  if (roots_tracked(g, kinds, incomplete)) {
    const int words = (g->nsegs + 63) / 64;
    for (int w = 0; w < words; w++) {
      for (uint64_t bits = open_roots_word(g, w); bits; bits &= bits - 1) {
        int s = w * 64 + __builtin_ctzll(bits);
        out[n] = s; /* out holds cap + 1 */
        n += (kinds >> g->segs[s].kind) & 1u; /* the kind follows the board: no branch on it */
        if (n > cap) return -1;
      }
    }
    return n;
  }
  for (int s = 0; s < g->nsegs; s++) {
    const seg_state *v = &g->segs[s];
    if ((int)v->parent != s || !(kinds & (1u << v->kind))) continue;
    if (incomplete && feature_is_complete(g, s)) continue;
    if (n == cap) return -1;
    out[n++] = s;
  }
  return n;
}

/* Is root `s` neither where the figure stands nor its partner's feature? */
static inline bool neutral_partner_free(int s, int here, const int *partner, int npartner) {
  if (s == here) return false;
  for (int j = 0; j < npartner; j++)
    if (partner[j] == s) return false;
  return true;
}

/* May neutral figure type `ft`, standing on `here`, go to root `s`? */
static inline bool neutral_target_ok(const carc_game *g, const figure_type *ft, int s, int here,
                                     const int *partner, int npartner) {
  if (!(ft->kinds & (1u << g->segs[s].kind))) return false;
  if (ft->incomplete_only && feature_is_complete(g, s)) return false;
  return neutral_partner_free(s, here, partner, npartner);
}

/* Where neutral figure `fig` may go, from the roots neutral_roots listed for
 * its kinds (or, with `roots` NULL, from a scan of every segment): features
 * of its kinds, not complete if it requires that, not holding its exclusive
 * partner, not where it stands. */
static int neutral_targets(const carc_game *g, int fig, const int *roots, int nroots, unsigned list_kinds,
                           bool list_incomplete, carc_action *out, int n, int cap) {
  const figure_type *ft = &g->e->figs[g->figs[fig].type];
  int here = g->figs[fig].seg >= 0 ? feature_find(g, g->figs[fig].seg) : -1;
  int partner[MAX_FIGURES], npartner = 0; /* roots holding the exclusive partner */
  for (int k = 0; ft->exclusive >= 0 && k < g->nexcl_figs; k++) { /* a partner's type has a partner */
    const figure_state *f = &g->figs[g->excl_figs[k]];
    if (f->type == ft->exclusive && f->seg >= 0) partner[npartner++] = feature_find(g, f->seg);
  }
  int found = 0;
  if (roots) {
    /* the list holds roots of the listed kinds, complete ones left out if
     * asked: what it already settles is not tested again per figure */
    bool settled = list_kinds == ft->kinds && (list_incomplete || !ft->incomplete_only);
    for (int k = 0; k < nroots; k++) {
      int s = roots[k];
      if (settled ? !neutral_partner_free(s, here, partner, npartner)
                  : !neutral_target_ok(g, ft, s, here, partner, npartner))
        continue;
      if (n < cap) out[n] = (carc_action){CARC_ACT_MOVE_NEUTRAL, g->figs[fig].type, -1, fig, s};
      n++;
      found++;
    }
  } else {
    for (int s = 0; s < g->nsegs; s++) {
      if ((int)g->segs[s].parent != s || !neutral_target_ok(g, ft, s, here, partner, npartner)) continue;
      if (n < cap) out[n] = (carc_action){CARC_ACT_MOVE_NEUTRAL, g->figs[fig].type, -1, fig, s};
      n++;
      found++;
    }
  }
  if (!found) { /* nowhere to go: it leaves the board */
    if (n < cap) out[n] = (carc_action){CARC_ACT_MOVE_NEUTRAL, g->figs[fig].type, -1, fig, -1};
    n++;
  }
  return n;
}

/* Lists the moves of the figures in `figs` (ascending), after one scan. */
static int neutral_moves(const carc_game *g, const int *figs, int nfigs, carc_action *out, int cap) {
  unsigned kinds = 0;
  bool incomplete = true;
  for (int i = 0; i < nfigs; i++) {
    const figure_type *ft = &g->e->figs[g->figs[figs[i]].type];
    kinds |= ft->kinds;
    incomplete = incomplete && ft->incomplete_only;
  }
  int roots[NEUTRAL_ROOTS_CAP + 1]; /* past that many, each figure scans the segments itself */
  int nroots = nfigs ? neutral_roots(g, kinds, incomplete, roots, NEUTRAL_ROOTS_CAP) : 0, n = 0;
  for (int i = 0; i < nfigs; i++)
    n = neutral_targets(g, figs[i], nroots >= 0 ? roots : NULL, nroots, kinds, incomplete, out, n, cap);
  return n;
}

/* Two exclusive figures on one feature: returns one of them (the first, in
 * figure order, that shares its feature with its partner), or -1. One pass
 * over the figures, then a comparison among the few of exclusive types. */
static int conflict_figure(const carc_game *g) {
  const carc_engine *e = g->e;
  if (g->nexcl_figs < 2) return -1;
  if (g->nexcl_figs == 2) { /* one pair (the Mage and the Witch): no lists */
    const figure_state *a = &g->figs[g->excl_figs[0]], *b = &g->figs[g->excl_figs[1]];
    if (a->seg < 0 || b->seg < 0 || feature_find(g, a->seg) != feature_find(g, b->seg)) return -1;
    if (e->figs[a->type].exclusive == b->type) return g->excl_figs[0];
    return e->figs[b->type].exclusive == a->type ? g->excl_figs[1] : -1;
  }
  int idx[MAX_FIGURES], root[MAX_FIGURES], n = 0;
  for (int k = 0; k < g->nexcl_figs; k++) { /* figures of types with a partner, on the board */
    int i = g->excl_figs[k];
    const figure_state *f = &g->figs[i];
    if (f->seg < 0) continue;
    idx[n] = i;
    root[n++] = feature_find(g, f->seg);
  }
  for (int a = 0; a < n; a++) { /* ascending: the first in conflict is the lowest-numbered */
    int other = e->figs[g->figs[idx[a]].type].exclusive;
    for (int b = 0; b < n; b++)
      if (root[b] == root[a] && g->figs[idx[b]].type == other) return idx[a];
  }
  return -1;
}

/* The figures that must move in a neutral or conflict step, ascending. */
static int step_figures(const carc_game *g, int *figs) {
  const carc_engine *e = g->e;
  int nf = 0;
  if (g->act_step == STEP_NEUTRAL) {
    uint64_t bits = e->types[g->tiles[g->last_tile].type].attr_bits;
    for (int k = 0; k < g->ntrigger_figs; k++) { /* the neutral figures a tile attribute moves */
      const int i = g->trigger_figs[k];
      if (bits >> e->figs[g->figs[i].type].trigger_attr & 1) figs[nf++] = i;
    }
  } else {
    int a = conflict_figure(g);
    int root = feature_find(g, g->figs[a].seg);
    for (int i = 0; i < g->nfigs; i++)
      if (g->figs[i].seg >= 0 && feature_find(g, g->figs[i].seg) == root &&
          e->figs[g->figs[i].type].exclusive >= 0)
        figs[nf++] = i;
  }
  return nf;
}

/* Is `s` in the ascending list `roots`? */
static bool roots_hold(const int *roots, int n, int s) {
  /* halving a window whose length alone says how many rounds: the side
   * taken is a select, not a branch that follows the board */
  const int *base = roots;
  for (int len = n; len > 1; len -= len / 2)
    base += (base[len / 2 - 1] < s) * (len / 2);
  return n > 0 && *base == s;
}

/* Where neutral figure `fig` stands (a root, or -1) and the roots holding
 * its exclusive partner. */
static int neutral_place(const carc_game *g, int fig, int *partner, int *npartner) {
  const figure_type *ft = &g->e->figs[g->figs[fig].type];
  *npartner = 0;
  for (int k = 0; ft->exclusive >= 0 && k < g->nexcl_figs; k++) { /* a partner's type has a partner */
    const figure_state *f = &g->figs[g->excl_figs[k]];
    if (f->type == ft->exclusive && f->seg >= 0) partner[(*npartner)++] = feature_find(g, f->seg);
  }
  return g->figs[fig].seg >= 0 ? feature_find(g, g->figs[fig].seg) : -1;
}

/* The roots among {here} and the partners' that a figure may not go to but
 * that are candidates: in the ascending list `roots` of nroots, or with
 * `roots` NULL among the open_roots bits. Each once; returns how many.
 * Inline: out of line, an all-five game ran 1% slower. */
static inline int roots_gone(const carc_game *g, int here, const int *partner, int npartner,
                             const int *roots, int nroots, int *gone) {
  int n = 0;
  for (int j = -1; j < npartner; j++) {
    int r = j < 0 ? here : partner[j];
    if (r < 0 || r >= g->nsegs) continue;
    if (roots ? !roots_hold(roots, nroots, r) : !(g->open_roots[r >> 6] >> (r & 63) & 1)) continue;
    bool seen = false;
    for (int k = 0; k < n; k++) seen = seen || gone[k] == r;
    if (!seen) gone[n++] = r;
  }
  return n;
}

/* game_neutral_random when every figure of the step goes to any open root
 * of the tracked kinds but its own and its partners': the roots are counted
 * by popcount and the drawn one found by counting bits, without a list.
 * Draws and returns what the listing would; false when there are more roots
 * than the listing takes (the caller lists them). */
static bool neutral_random_counted(carc_game *g, const int *figs, int nf, int cap, carc_action *out) {
  const int words = (g->nsegs + 63) / 64;
  int nroots = 0;
  for (int w = 0; w < words; w++) nroots += bits_set64(open_roots_word(g, w));
  if (nroots > NEUTRAL_ROOTS_CAP) return false;
  int count[MAX_FIGURES], total = 0;
  for (int i = 0; i < nf; i++) {
    int partner[MAX_FIGURES], npartner, here = neutral_place(g, figs[i], partner, &npartner);
    int gone[MAX_FIGURES + 1], found = nroots - roots_gone(g, here, partner, npartner, NULL, 0, gone);
    count[i] = found ? found : 1; /* none: it leaves the board */
    total += count[i];
  }
  int k = (int)game_random(g, (uint32_t)(total < cap ? total : cap)), i = 0;
  while (k >= count[i]) k -= count[i++];
  int partner[MAX_FIGURES], npartner, here = neutral_place(g, figs[i], partner, &npartner);
  int gone[MAX_FIGURES + 1], ngone = roots_gone(g, here, partner, npartner, NULL, 0, gone), to = -1;
  for (int w = 0; w < words && to < 0 && ngone < nroots; w++) {
    uint64_t bits = open_roots_word(g, w);
    for (int j = 0; j < ngone; j++)
      if (gone[j] >> 6 == w) bits &= ~(1ull << (gone[j] & 63));
    const int c = bits_set64(bits);
    if (k >= c) {
      k -= c;
      continue;
    }
    for (; k > 0; k--) bits &= bits - 1;
    to = w * 64 + __builtin_ctzll(bits);
  }
  *out = (carc_action){CARC_ACT_MOVE_NEUTRAL, g->figs[figs[i]].type, -1, figs[i], to};
  return true;
}

/* The random bot's move in a neutral or conflict step: the action that
 * carc_game_actions lists at index carc_game_random(min(n, cap)), where n
 * is the list's length, found without writing the list. Each figure's
 * targets are counted from the step's root list (the roots it may not go
 * to are looked up in it), then only the drawn one is walked to. */
bool game_neutral_random(carc_game *g, int cap, carc_action *out) {
  int figs[MAX_FIGURES], nf = step_figures(g, figs);
  unsigned kinds = 0;
  bool incomplete = true;
  for (int i = 0; i < nf; i++) {
    const figure_type *ft = &g->e->figs[g->figs[figs[i]].type];
    kinds |= ft->kinds;
    incomplete = incomplete && ft->incomplete_only;
  }
  if (nf == 0) return false; /* the caller lists them */
  bool settled_all = kinds == g->track_roots && roots_tracked(g, kinds, incomplete);
  for (int i = 0; i < nf; i++) settled_all = settled_all && g->e->figs[g->figs[figs[i]].type].kinds == kinds;
  if (settled_all) return neutral_random_counted(g, figs, nf, cap, out);
  int roots[NEUTRAL_ROOTS_CAP + 1];
  int nroots = neutral_roots(g, kinds, incomplete, roots, NEUTRAL_ROOTS_CAP);
  if (nroots < 0) return false; /* the caller lists them */
  int count[MAX_FIGURES], total = 0;
  for (int i = 0; i < nf; i++) {
    const figure_type *ft = &g->e->figs[g->figs[figs[i]].type];
    int partner[MAX_FIGURES], npartner, here = neutral_place(g, figs[i], partner, &npartner), found = 0;
    if (kinds == ft->kinds && (incomplete || !ft->incomplete_only)) {
      /* settled by the list: every root but `here` and the partners' */
      int gone[MAX_FIGURES + 1];
      found = nroots - roots_gone(g, here, partner, npartner, roots, nroots, gone);
    } else {
      for (int k = 0; k < nroots; k++)
        found += neutral_target_ok(g, ft, roots[k], here, partner, npartner);
    }
    count[i] = found ? found : 1; /* none: it leaves the board */
    total += count[i];
  }
  int n = total < cap ? total : cap;
  int k = (int)game_random(g, (uint32_t)n), i = 0;
  while (k >= count[i]) k -= count[i++];
  const figure_type *ft = &g->e->figs[g->figs[figs[i]].type];
  int partner[MAX_FIGURES], npartner, here = neutral_place(g, figs[i], partner, &npartner), to = -1;
  bool settled = kinds == ft->kinds && (incomplete || !ft->incomplete_only);
  for (int j = 0; j < nroots; j++) {
    int s = roots[j];
    if (settled ? !neutral_partner_free(s, here, partner, npartner)
                : !neutral_target_ok(g, ft, s, here, partner, npartner))
      continue;
    if (k-- == 0) {
      to = s;
      break;
    }
  }
  *out = (carc_action){CARC_ACT_MOVE_NEUTRAL, g->figs[figs[i]].type, -1, figs[i], to};
  return true;
}

/* The main step's options besides passing, in the order carc_game_actions
 * lists them: followers (type and segment of the last tile), then tokens. */
typedef struct main_options {
  int nfig, ntok;
  uint8_t fig_type[MAX_FIGURE_TYPES * CARC_MAX_SEGMENTS_PER_TILE];
  uint8_t seg[MAX_FIGURE_TYPES * CARC_MAX_SEGMENTS_PER_TILE];
  uint8_t tok[MAX_TOKEN_TYPES];
} main_options;

static inline void main_options_list(const carc_game *g, main_options *o) {
  const carc_engine *e = g->e;
  const board_tile *bt = &g->tiles[g->last_tile];
  const tile_type *t = &e->types[bt->type];
  o->nfig = o->ntok = 0;
  for (unsigned types = e->follower_types; types; types &= types - 1) {
    const int ft = __builtin_ctz(types);
    if (g->first_free[ft][g->current + 1] == NO_FIGURE) continue;
    unsigned segs = 0; /* the tile's segments of the kinds the figure goes on */
    for (unsigned k = e->figs[ft].kinds & ((1u << CARC_MAX_KINDS) - 1); k; k &= k - 1)
      segs |= t->segs_of_kind[__builtin_ctz(k)];
    for (; segs; segs &= segs - 1) { /* each written, and counted when its feature is free: no branch */
      const int s = __builtin_ctz(segs);
      o->fig_type[o->nfig] = (uint8_t)ft;
      o->seg[o->nfig] = (uint8_t)s;
      o->nfig += !g->segs[feature_find(g, bt->seg_base + s)].occupants;
    }
  }
  if (bt->token < 0) {
    for (int k = 0; k < e->ntok; k++) { /* written, and counted when the player has one left: no branch */
      o->tok[o->ntok] = (uint8_t)k;
      o->ntok += g->s.token_supply[g->current][k] > 0;
    }
  }
}

/* The main step's action at index k: 0 passes, then the options. */
static inline carc_action main_option(const carc_game *g, const main_options *o, int k) {
  if (k == 0) return (carc_action){CARC_ACT_PASS, -1, -1, -1, -1};
  if (k <= o->nfig) {
    int ft = o->fig_type[k - 1];
    return (carc_action){CARC_ACT_FIGURE, ft, -1, g->first_free[ft][g->current + 1], o->seg[k - 1]};
  }
  return (carc_action){CARC_ACT_TOKEN, -1, o->tok[k - 1 - o->nfig], -1, -1};
}

int carc_game_actions(const carc_game *g, carc_action *out, int cap) {
  if (!out) cap = 0; /* a NULL list only counts, whatever cap says */
  if (g->phase != CARC_PHASE_ACT) return 0;
  if (g->act_step != STEP_MAIN) {
    int figs[MAX_FIGURES], nf = step_figures(g, figs);
    return neutral_moves(g, figs, nf, out, cap);
  }
  main_options o;
  main_options_list(g, &o);
  int n = 1 + o.nfig + o.ntok;
  for (int k = 0; k < n && k < cap; k++) out[k] = main_option(g, &o, k);
  return n;
}

/* The random bot's main-step action: the one carc_game_actions lists at
 * index game_random(min(n, cap)), built without writing the list. */
void game_main_random(carc_game *g, int cap, carc_action *out) {
  main_options o;
  main_options_list(g, &o);
  int n = 1 + o.nfig + o.ntok;
  *out = main_option(g, &o, (int)game_random(g, (uint32_t)(n < cap ? n : cap)));
}

/* The lowest index of a figure like `fig` (type, owner) in the supply, when
 * fig, the lowest until now, leaves it: the next one lies above fig. */
static int next_free_like(const carc_game *g, int fig) {
  /* along the figures of its type and owner only: a scan of all the figures
   * above it walks the other players' figures (half of them out of the
   * supply, a coin each) when the player has none left */
  int i = g->next_like[fig];
  while (i != NO_FIGURE && g->figs[i].seg >= 0) i = g->next_like[i];
  return i;
}

static void board_list_add(carc_game *g, int fig) {
  g->on_board_pos[fig] = (uint8_t)g->non_board;
  g->on_board[g->non_board++] = (uint8_t)fig;
}

static void board_list_remove(carc_game *g, int fig) {
  int pos = g->on_board_pos[fig], last = g->on_board[--g->non_board];
  g->on_board[pos] = (uint8_t)last;
  g->on_board_pos[last] = (uint8_t)pos;
}

void supply_index(carc_game *g) {
  const carc_engine *e = g->e;
  memset(g->first_free, NO_FIGURE, sizeof g->first_free);
  uint8_t last_like[MAX_FIGURE_TYPES][CARC_MAX_PLAYERS + 1]; /* the lowest index seen of each kind */
  memset(last_like, NO_FIGURE, sizeof last_like);
  g->non_board = 0;
  for (int i = g->nfigs - 1; i >= 0; i--) {
    uint8_t *like = &last_like[g->figs[i].type][g->figs[i].owner + 1];
    g->next_like[i] = *like;
    *like = (uint8_t)i;
    if (g->figs[i].seg < 0) g->first_free[g->figs[i].type][g->figs[i].owner + 1] = (uint8_t)i;
    else board_list_add(g, i);
  }
  g->nexcl_figs = g->nnonocc_figs = g->ntrigger_figs = 0;
  g->neutral_triggers = 0;
  if (!e->has_exclusive && !e->has_neutral_trigger && !e->has_nonoccupying) return;
  for (int i = 0; i < g->nfigs; i++) {
    const figure_type *ft = &e->figs[g->figs[i].type];
    if (ft->exclusive >= 0) g->excl_figs[g->nexcl_figs++] = (uint8_t)i;
    if (!ft->occupies) g->nonocc_figs[g->nnonocc_figs++] = (uint8_t)i;
    if (ft->placement == CARC_PLACE_NEUTRAL && ft->trigger_attr >= 0) {
      g->neutral_triggers |= 1ull << ft->trigger_attr;
      g->trigger_figs[g->ntrigger_figs++] = (uint8_t)i;
    }
  }
}

void figure_move(carc_game *g, int fig, int seg) {
  figure_state *f = &g->figs[fig];
  int occ = g->e->figs[f->type].occupies, was = f->seg;
  if (was >= 0) g->segs[feature_find(g, was)].occupants -= (uint8_t)occ;
  f->seg = seg;
  if (seg >= 0) g->segs[feature_find(g, seg)].occupants += (uint8_t)occ;
  uint8_t *first = &g->first_free[f->type][f->owner + 1];
  if (was < 0 && seg >= 0) { /* left the supply */
    if (*first == fig) *first = (uint8_t)next_free_like(g, fig);
    board_list_add(g, fig);
  } else if (was >= 0 && seg < 0) { /* back home (NO_FIGURE is above every index) */
    if (fig < *first) *first = (uint8_t)fig;
    board_list_remove(g, fig);
  }
}

/* Figures on the feature: occupying ones are counted at its root; of the
 * others, only the game's few non-occupying figures can be there. */
static bool feature_has_figures(carc_game *g, int root) {
  if (g->segs[root].occupants) return true;
  for (int i = 0; i < g->nnonocc_figs; i++) {
    const int seg = g->figs[g->nonocc_figs[i]].seg;
    if (seg >= 0 && feature_find(g, seg) == root) return true;
  }
  return false;
}

static bool already_staged(const carc_game *g, int root) {
  for (int i = 0; i < g->nstaged; i++)
    if (g->stage[i].root == root) return true;
  return false;
}

/* Stages the scoring of a completed feature (or just marks it, if empty). */
static carc_result stage_completed(carc_game *g, int root) {
  if ((g->segs[root].flags & SEG_SCORED) || !feature_is_complete(g, root) || already_staged(g, root))
    return CARC_OK;
  staged *st = &g->stage[g->nstaged];
  memset(st, 0, sizeof *st);
  st->root = root;
  st->kind = g->segs[root].kind;
  st->reason = CARC_COMPLETED;
  if (feature_has_figures(g, root)) {
    carc_result r = pipeline_score(g, root, CARC_COMPLETED, st, NULL, 0);
    if (r != CARC_OK) return r;
    st->ran = 1;
    g->nstaged_ran++;
  }
  g->nstaged++;
  return CARC_OK;
}

/* Stages the features at roots a[0..na) and b[0..nb) in the scoring order.
 * Out of line: a turn rarely completes two features. */
__attribute__((noinline)) static carc_result stage_in_order(carc_game *g, const int32_t *a, int na, const int32_t *b,
                                                            int nb) {
  uint64_t key[LAST_CLOSED_CAP + sizeof g->last_area / sizeof g->last_area[0]]; /* rank, root */
  const uint8_t *rank = g->e->score_rank;
  int n = 0;
  for (int i = 0; i < na + nb; i++) {
    const uint32_t root = (uint32_t)(i < na ? a[i] : b[i - na]);
    const uint64_t k = (uint64_t)rank[g->segs[root].kind] << 32 | root;
    int at = n++;
    for (; at > 0 && k < key[at - 1]; at--) key[at] = key[at - 1];
    key[at] = k;
  }
  for (int i = 0; i < n; i++) {
    carc_result r = stage_completed(g, (int)(uint32_t)key[i]);
    if (r != CARC_OK) return r;
  }
  return CARC_OK;
}

/* The features tile ti completed: its own, and the monastery-like segments
 * around it that its placement completed (recorded by board_place). */
static carc_result stage_around(carc_game *g, int ti) {
  const board_tile *bt = &g->tiles[ti];
  const tile_type *t = &g->e->types[bt->type];
  const int narea = ti == g->ntiles - 1 ? g->nlast_area : 0;
  if (ti == g->ntiles - 1 && g->last_closed < LAST_CLOSED_CAP) { /* the last placement recorded them */
    const int n = g->last_closed;
    if (n + narea > 1) return stage_in_order(g, g->last_closed_roots, n, g->last_area, narea);
    if (n) return stage_completed(g, g->last_closed_roots[0]);
    return narea ? stage_completed(g, g->last_area[0]) : CARC_OK;
  }
  int own[CARC_MAX_SEGMENTS_PER_TILE], n = 0;
  for (unsigned m = t->closable_segs; m; m &= m - 1) { /* fields never complete */
    int root = feature_find(g, (int)bt->seg_base + __builtin_ctz(m));
    if (g->segs[root].open == 0) own[n++] = root;
  }
  if (n + narea > 1) return stage_in_order(g, own, n, g->last_area, narea);
  if (n) return stage_completed(g, own[0]);
  return narea ? stage_completed(g, g->last_area[0]) : CARC_OK;
}

static void log_scoring(carc_game *g, const staged *st) {
  char awards[96];
  int n = 0;
  for (int p = 0; p < g->players; p++)
    n += snprintf(awards + n, sizeof awards - (size_t)n, "%s%d", p ? "," : "", st->award[p]);
  const board_tile *bt = &g->tiles[g->segs[st->root].tile];
  char quoted[JSON_QUOTED_CAP];
  game_log(g, "{\"event\":\"score\",\"turn\":%d,\"kind\":%s,\"reason\":\"%s\",\"x\":%d,\"y\":%d,"
           "\"total\":%d,\"awards\":[%s]}", g->turn, json_quoted(quoted, carc_kind_name(g->e, st->kind)),
           st->reason == CARC_COMPLETED ? "completed" : "final", bt->x, bt->y, st->total, awards);
}

/* Commits staged features none of whose pipelines ran (they were empty):
 * each is only marked scored. */
static inline void commit_unscored(carc_game *g) {
  for (int i = 0; i < g->nstaged; i++) g->segs[g->stage[i].root].flags |= SEG_SCORED;
  g->nstaged = 0;
}

/* Applies staged scorings: points, records, figures home, features marked. */
static void commit_stage(carc_game *g) {
  if (!g->nstaged_ran) {
    commit_unscored(g);
    return;
  }
  for (int i = 0; i < g->nstaged; i++) {
    const staged *st = &g->stage[i];
    g->segs[st->root].flags |= SEG_SCORED;
    if (st->ran) {
      for (int p = 0; p < g->players; p++) g->s.score[p] += st->award[p];
      if (g->keep_records && mem_grow(g->e, (void **)&g->records, &g->cap_records, g->nrecords + 1,
                                  sizeof(record))) {
        record *rc = &g->records[g->nrecords++];
        memset(rc, 0, sizeof *rc);
        rc->info.kind = st->kind;
        rc->info.reason = st->reason;
        rc->info.feature = st->root;
        rc->info.turn = g->turn;
        rc->info.total = st->total;
        memcpy(rc->info.award, st->award, sizeof st->award);
        rc->info.changes = st->nchanges;
        rc->first_change = st->first_change;
        log_scoring(g, st);
      }
    }
    if (st->reason == CARC_COMPLETED && st->ran)
      for (int k = g->non_board - 1; k >= 0; k--) { /* backwards: a figure sent home leaves the list */
        int f = g->on_board[k];
        if (feature_find(g, g->figs[f].seg) == st->root) figure_move(g, f, -1);
      }
  }
  g->nstaged = g->nstaged_ran = 0;
}

static carc_result run_feature_hooks(carc_game *g) {
  for (int i = 0; i < g->nstaged && g->e->nhooks[CARC_HOOK_FEATURE_COMPLETED]; i++) {
    carc_hook_args a = {g, g->current, -1, 0, 0, 0, -1, g->stage[i].root};
    carc_result r = hooks_run(g, CARC_HOOK_FEATURE_COMPLETED, &a);
    if (r != CARC_OK) return r;
  }
  for (int i = 0; i < (g->nstaged_ran ? g->nstaged : 0); i++) { /* only a pipeline that ran scores */
    if (!g->stage[i].scored) continue;
    carc_hook_args a = {g, g->current, -1, 0, 0, 0, -1, g->stage[i].root};
    carc_result r = hooks_run(g, CARC_HOOK_FEATURE_SCORED, &a);
    if (r != CARC_OK) return r;
  }
  return CARC_OK;
}

/* The handler that last set player p's award, and the one that last set
 * the total, in staged scoring st, from the breakdown when the game keeps
 * one (NULL when none did): the base game's award handler turns every
 * total into awards, so a total pushed too far is some earlier handler's. */
static const handler *handler_of_seq(const carc_game *g, int seq) {
  for (int i = 0; seq >= 0 && i < g->e->nhandlers; i++)
    if (g->e->handlers[i].seq == seq) return &g->e->handlers[i];
  return NULL;
}
static void award_setters(const carc_game *g, const staged *st, int p, const handler **award, const handler **total) {
  int award_seq = -1, total_seq = -1, total_now = -1; /* the total's setter as the award is set, not after */
  for (int k = st->first_change; k < st->first_change + st->nchanges && k < g->nchanges; k++) {
    const record_change *rc = &g->changes[k];
    if (rc->field == CARC_F_TOTAL) total_now = rc->handler;
    if (rc->field == -3 && rc->player == p) award_seq = rc->handler, total_seq = total_now;
  }
  *award = handler_of_seq(g, award_seq);
  *total = handler_of_seq(g, total_seq);
}

/* The message for player p's score out of range: which staged scoring
 * pushed it, which feature gave that award, and which handlers set it and
 * the total it came from, when known. */
__attribute__((cold)) static carc_result score_out_of_range(carc_game *g, int p, long long score) {
  int i = -1; /* the scoring that pushes hardest the way the score went out */
  const int sign = score > 0 ? 1 : -1;
  for (int k = 0; k < g->nstaged; k++)
    if (g->stage[k].ran && (i < 0 || sign * g->stage[k].award[p] > sign * g->stage[i].award[p])) i = k;
  const staged *st = &g->stage[i];
  const board_tile *bt = &g->tiles[g->segs[st->root].tile];
  const handler *award, *total;
  award_setters(g, st, p, &award, &total);
  char by[2 * CARC_MAX_NAME + 128] = "";
  int n = award ? snprintf(by, sizeof by, ", set by handler '%s' (priority %d)", award->name, award->priority) : 0;
  if (total && total != award)
    snprintf(by + n, sizeof by - (size_t)n, "%s from a total set by handler '%s' (priority %d)",
             award ? "" : ",", total->name, total->priority);
  return game_fail(g, CARC_ERR_LIMIT, "player %d's score would be %lld, outside the allowed %d..%d: the %s%s "
                   "at (%d,%d) awards %d%s", p + 1, score, -CARC_MAX_SCORE, CARC_MAX_SCORE,
                   st->reason == CARC_COMPLETED ? "completed " : "", carc_kind_name(g->e, st->kind), bt->x,
                   bt->y, st->award[p], by);
}

/* Fails, before anything is committed, if a staged award would take a score
 * out of -CARC_MAX_SCORE..CARC_MAX_SCORE (what a save can hold). */
static carc_result check_scores(carc_game *g) {
  if (!g->nstaged_ran) return CARC_OK; /* no award: every score is as its setters checked it */
  for (int p = 0; p < g->players; p++) {
    const long long score = g->s.score[p] + staged_awards(g, p);
    if (score < -CARC_MAX_SCORE || score > CARC_MAX_SCORE) return score_out_of_range(g, p, score);
  }
  return CARC_OK;
}

/* end_turn's scorings that ran, its feature and turn-end hooks, and the
 * commit of all it staged. */
static carc_result end_turn_scorings(carc_game *g, int only_tile) {
  const carc_engine *e = g->e;
  carc_result r = CARC_OK;
  if (g->nstaged) {
    for (int i = 0; i < (g->nstaged_ran ? g->nstaged : 0); i++) /* only a pipeline that ran scores */
      if (g->stage[i].scored) g->scored_kinds_this_turn |= 1 << g->stage[i].kind;
    r = run_feature_hooks(g);
  }
  const bool free = e->turn_end_free_open || (g->s.flags & e->turn_end_free_flags); /* after the hooks: they set flags */
  if (r == CARC_OK && (free || (g->scored_kinds_this_turn & e->turn_end_kinds))) {
    carc_hook_args a = {g, g->current, only_tile, 0, 0, 0, -1, -1};
    r = hooks_run(g, CARC_HOOK_TURN_END, &a);
  }
  if (r == CARC_OK && g->nstaged) r = check_scores(g);
  if (r != CARC_OK) return r;
  if (g->nstaged) commit_stage(g);
  return CARC_OK;
}

/* Scores what the turn completed, runs turn-end hooks, then commits. */
static carc_result end_turn(carc_game *g, int only_tile) {
  g->nstaged = g->nstaged_ran = 0;
  carc_result r = CARC_OK;
  if (only_tile >= 0) r = stage_around(g, only_tile);
  else /* a turn without a tile (scenarios): every feature, kind by kind in the scoring order */
    for (int rank = 0; rank < 2 * CARC_MAX_KINDS; rank++)
      for (int s = 0; s < g->nsegs && r == CARC_OK; s++)
        if (feature_find(g, s) == s && g->e->score_rank[g->segs[s].kind] == rank) r = stage_completed(g, s);
  g->scored_kinds_this_turn = 0;
  if (r != CARC_OK) return r; /* the caller's transaction rolls back */
  const carc_engine *e = g->e;
  const bool free = e->turn_end_free_open || (g->s.flags & e->turn_end_free_flags);
  if (g->nstaged_ran | e->nhooks[CARC_HOOK_FEATURE_COMPLETED] | free) {
    r = end_turn_scorings(g, only_tile);
    if (r != CARC_OK) return r;
  } else { /* most turns: nothing scored, no hook to run */
    commit_unscored(g);
  }
  g->act_step = STEP_MAIN; /* a place-phase save says "main", as the loader requires */
  if (g->s.again) g->s.again = 0;
  else g->current = (g->current + 1) & -(g->current + 1 != g->players); /* no division, no branch */
  g->turn += g->turn < MAX_TURN; /* a loaded turn may lie near the end of the count */
  return CARC_OK;
}

/* Checks one main-step action directly, without listing all of them. */
static bool main_action_valid(carc_game *g, const carc_action *a) {
  const carc_engine *e = g->e;
  const board_tile *bt = &g->tiles[g->last_tile];
  const tile_type *t = &e->types[bt->type];
  switch (a->type) {
    case CARC_ACT_PASS: return true;
    case CARC_ACT_FIGURE:
      if (a->figure_type < 0 || a->figure_type >= e->nfig || a->segment < 0 || a->segment >= t->nseg)
        return false;
      if (e->figs[a->figure_type].placement != CARC_PLACE_FOLLOWER) return false;
      if (!(e->figs[a->figure_type].kinds & (1u << t->seg[a->segment].kind))) return false;
      if (g->segs[feature_find(g, bt->seg_base + a->segment)].occupants) return false;
      return g->first_free[a->figure_type][g->current + 1] != NO_FIGURE;
    case CARC_ACT_TOKEN:
      return a->token_type >= 0 && a->token_type < e->ntok && bt->token < 0 &&
             g->s.token_supply[g->current][a->token_type] > 0;
    default: return false;
  }
}

/* A neutral or conflict step's move, as carc_game_actions lists it however
 * long the list: one of the step's figures, to a segment whose feature it
 * may go to (any segment of it), or off the board (-1) when it may go to
 * none. The segment is checked to be on the board before it is looked up. */
static bool neutral_move_valid(const carc_game *g, const carc_action *a) {
  if (a->type != CARC_ACT_MOVE_NEUTRAL || a->segment < -1 || a->segment >= g->nsegs) return false;
  int figs[MAX_FIGURES], nf = step_figures(g, figs), i = 0;
  while (i < nf && figs[i] != a->figure) i++;
  if (i == nf) return false;
  const figure_type *ft = &g->e->figs[g->figs[a->figure].type];
  int partner[MAX_FIGURES], npartner, here = neutral_place(g, a->figure, partner, &npartner);
  if (a->segment >= 0) return neutral_target_ok(g, ft, feature_find(g, a->segment), here, partner, npartner);
  for (int s = 0; s < g->nsegs; s++) /* off the board: only with nowhere to go */
    if ((int)g->segs[s].parent == s && neutral_target_ok(g, ft, s, here, partner, npartner)) return false;
  return true;
}

static bool action_listed(carc_game *g, const carc_action *a) {
  if (g->act_step == STEP_MAIN) return main_action_valid(g, a);
  return neutral_move_valid(g, a);
}

static carc_result explain_action(carc_game *g, const carc_action *a) {
  const carc_engine *e = g->e;
  const board_tile *bt = &g->tiles[g->last_tile];
  if (a->type == CARC_ACT_FIGURE) {
    if (a->figure_type < 0 || a->figure_type >= e->nfig)
      return game_fail(g, CARC_ERR_UNKNOWN, "unknown figure type %d", a->figure_type);
    const char *name = e->figs[a->figure_type].name;
    if (g->act_step != STEP_MAIN)
      return game_fail(g, CARC_ERR_STATE, "a %s cannot be placed now: a neutral figure must move",
                       name);
    if (a->segment < 0 || a->segment >= e->types[bt->type].nseg)
      return game_fail(g, CARC_ERR_ILLEGAL, "tile %s has no segment %d", e->types[bt->type].name,
                       a->segment);
    if (carc_game_supply(g, g->current, a->figure_type) == 0)
      return game_fail(g, CARC_ERR_ILLEGAL, "player %d has no %s left", g->current + 1, name);
    if (g->segs[feature_find(g, bt->seg_base + a->segment)].occupants)
      return game_fail(g, CARC_ERR_ILLEGAL, "the %s of segment %d is already occupied",
                       carc_kind_name(e, e->types[bt->type].seg[a->segment].kind), a->segment);
    return game_fail(g, CARC_ERR_ILLEGAL, "a %s cannot stand on a %s", name,
                     carc_kind_name(e, e->types[bt->type].seg[a->segment].kind));
  }
  if (a->type == CARC_ACT_TOKEN) {
    if (a->token_type < 0 || a->token_type >= e->ntok)
      return game_fail(g, CARC_ERR_UNKNOWN, "unknown token type %d", a->token_type);
    if (bt->token >= 0)
      return game_fail(g, CARC_ERR_ILLEGAL, "tile at (%d,%d) already holds a token", bt->x, bt->y);
    return game_fail(g, CARC_ERR_ILLEGAL, "player %d has no %s left", g->current + 1,
                     e->toks[a->token_type].name);
  }
  return game_fail(g, CARC_ERR_ILLEGAL, "that action is not allowed now");
}

static void log_action(carc_game *g, const carc_action *a) {
  if (!g->keep_records) return;
  const board_tile *bt = &g->tiles[g->last_tile];
  const carc_engine *e = g->e;
  char quoted[JSON_QUOTED_CAP];
  if (a->type == CARC_ACT_FIGURE)
    game_log(g, "{\"event\":\"figure\",\"turn\":%d,\"player\":%d,\"figure\":%s,\"x\":%d,\"y\":%d,"
             "\"segment\":%d}", g->turn, g->current + 1, json_quoted(quoted, e->figs[a->figure_type].name),
             bt->x, bt->y, a->segment);
  else if (a->type == CARC_ACT_TOKEN)
    game_log(g, "{\"event\":\"token\",\"turn\":%d,\"player\":%d,\"token\":%s,\"x\":%d,\"y\":%d}",
             g->turn, g->current + 1, json_quoted(quoted, e->toks[a->token_type].name), bt->x, bt->y);
  else if (a->type == CARC_ACT_MOVE_NEUTRAL) {
    char to[32] = "null"; /* off the board */
    if (a->segment >= 0) {
      const board_tile *at = &g->tiles[g->segs[a->segment].tile];
      snprintf(to, sizeof to, "[%d,%d]", at->x, at->y);
    }
    game_log(g, "{\"event\":\"move\",\"turn\":%d,\"player\":%d,\"figure\":%s,\"to\":%s}", g->turn,
             g->current + 1, json_quoted(quoted, e->figs[g->figs[a->figure].type].name), to);
  }
}

carc_result carc_game_act(carc_game *g, const carc_action *a) {
  if (!a) return game_fail(g, CARC_ERR_ARGUMENT, "no action given");
  if (g->phase != CARC_PHASE_ACT)
    return game_fail(g, CARC_ERR_STATE, "no action expected: place the drawn tile first");
  if (!action_listed(g, a)) return explain_action(g, a);
  return game_act_listed(g, a);
}

/* Applies an action taken from carc_game_actions' own list (bots). */
carc_result game_act_listed(carc_game *g, const carc_action *a) {
  txn t;
  carc_result r = txn_begin(g, &t);
  if (r != CARC_OK) return r;
  carc_action logged = *a;
  const board_tile *bt = &g->tiles[g->last_tile];
  switch (a->type) {
    case CARC_ACT_PASS: break;
    case CARC_ACT_FIGURE: {
      int fig = g->first_free[a->figure_type][g->current + 1]; /* listed: one is free */
      logged.figure = fig;
      txn_figure(g, fig);
      figure_move(g, fig, bt->seg_base + a->segment);
      break;
    }
    case CARC_ACT_TOKEN:
      txn_token(g, g->last_tile);
      txn_touch(g);
      g->tiles[g->last_tile].token = (int8_t)a->token_type;
      g->tiles[g->last_tile].token_owner = (int8_t)g->current;
      g->s.token_supply[g->current][a->token_type]--;
      break;
    case CARC_ACT_MOVE_NEUTRAL:
      txn_figure(g, a->figure);
      figure_move(g, a->figure, a->segment >= 0 ? feature_find(g, a->segment) : -1);
      break;
  }
  log_action(g, &logged);
  /* the next step of the act phase, if any */
  if (g->act_step == STEP_MAIN && neutral_step_due(g)) {
    g->act_step = STEP_NEUTRAL;
  } else if (g->nexcl_figs >= 2 && conflict_figure(g) >= 0) {
    g->act_step = STEP_CONFLICT;
  } else {
    r = end_turn(g, g->last_tile);
    if (r != CARC_OK) return txn_rollback(g, &t, r);
    turn_draw(g);
  }
  txn_commit(g, &t);
  return CARC_OK;
}

/* ---------------------------------------------------------- final scoring */

/* The figures on the board by feature: root and figure pairs sorted by the
 * root's kind in the engine's scoring order, then by root, then by figure.
 * Returns the pairs. */
typedef uint64_t root_fig; /* the root's kind's rank, the root, the figure: sorted as one number */
static inline int rf_root(root_fig rf) { return (int)(uint32_t)(rf >> 8); }
static inline uint8_t rf_fig(root_fig rf) { return (uint8_t)rf; }
static int figures_by_root(carc_game *g, root_fig *out) {
  const uint8_t *rank = g->e->score_rank;
  const int n = g->non_board;
  root_fig key[MAX_FIGURES + 3];
  for (int k = 0; k < n; k++) {
    const int i = g->on_board[k];
    const uint32_t root = (uint32_t)feature_find(g, g->figs[i].seg);
    key[k] = (uint64_t)rank[g->segs[root].kind] << 40 | (uint64_t)root << 8 | (uint8_t)i;
  }
  key[n] = key[n + 1] = key[n + 2] = UINT64_MAX; /* above every key: counts no place */
  /* each key's place is the count of keys below it (no two are equal: each
   * holds its figure): n * n steps without a branch on the keys, where an
   * insertion sort's every step was one (a 5-player game ends with about
   * 25 figures out). Four at a time, over the padding. */
  for (int a = 0; a < n; a++) {
    const root_fig ka = key[a];
    int below = 0;
    for (int b = 0; b < n; b += 4)
      below += (key[b] < ka) + (key[b + 1] < ka) + (key[b + 2] < ka) + (key[b + 3] < ka);
    out[below] = ka;
  }
  return n;
}

carc_result carc_game_final_scoring(carc_game *g) {
  if (g->phase == CARC_PHASE_OVER) return game_fail(g, CARC_ERR_STATE, "the game is already over");
  if (g->phase == CARC_PHASE_ACT)
    return game_fail(g, CARC_ERR_STATE, "finish the turn before final scoring");
  txn t;
  carc_result r = txn_begin(g, &t);
  if (r != CARC_OK) return r;
  g->nstaged = g->nstaged_ran = 0;
  root_fig pairs[MAX_FIGURES];
  int npairs = figures_by_root(g, pairs);
  for (int i = 0, j; i < npairs && r == CARC_OK; i = j) {
    int s = rf_root(pairs[i]);
    uint8_t figs[MAX_FIGURES];
    int nf = 0;
    for (j = i; j < npairs && rf_root(pairs[j]) == s; j++) figs[nf++] = rf_fig(pairs[j]);
    if ((g->segs[s].flags & SEG_SCORED) || feature_is_complete(g, s)) continue;
    staged *st = &g->stage[g->nstaged];
    memset(st, 0, sizeof *st);
    r = pipeline_score(g, s, CARC_FINAL, st, figs, nf);
    st->ran = 1;
    if (r == CARC_OK) g->nstaged++, g->nstaged_ran++;
  }
  carc_hook_args a = {g, -1, -1, 0, 0, 0, -1, -1};
  if (r == CARC_OK) r = hooks_run(g, CARC_HOOK_FINAL_SCORING, &a);
  if (r == CARC_OK) r = hooks_run(g, CARC_HOOK_GAME_END, &a);
  if (r == CARC_OK) r = check_scores(g);
  if (r != CARC_OK) return txn_rollback(g, &t, r);
  commit_stage(g);
  g->phase = CARC_PHASE_OVER;
  if (g->keep_records) { /* before the commit: the event callback's calls on this game are refused */
    char scores[96];
    int n = 0;
    for (int p = 0; p < g->players; p++)
      n += snprintf(scores + n, sizeof scores - (size_t)n, "%s%d", p ? "," : "", g->s.score[p]);
    game_log(g, "{\"event\":\"final\",\"scores\":[%s]}", scores);
  }
  txn_commit(g, &t);
  return CARC_OK;
}

/* ------------------------------------------------------------- scenarios */

static carc_result editable_phase(carc_game *g) {
  if (g->phase == CARC_PHASE_OVER) return game_fail(g, CARC_ERR_STATE, "the game is over");
  if (g->phase == CARC_PHASE_ACT)
    return game_fail(g, CARC_ERR_STATE, "finish the turn in progress first");
  return CARC_OK;
}

/* Scenario edits: never while a handler or hook runs (inside another call). */
static carc_result editable(carc_game *g) {
  if (g->read_only || g->txn)
    return game_fail(g, CARC_ERR_STATE, "the game cannot be edited while a handler or hook runs");
  return editable_phase(g);
}

static carc_result put_tile(carc_game *g, int type, int x, int y, int rot) {
  carc_result r = editable_phase(g);
  if (r != CARC_OK) return r;
  if (type < 0 || type >= g->e->ntypes) return game_fail(g, CARC_ERR_UNKNOWN, "unknown tile type %d", type);
  r = game_arms_fit(g, 1);
  if (r != CARC_OK) return r;
  return place_tile(g, type, x, y, rot, false);
}

carc_result carc_game_put_tile(carc_game *g, int type, int x, int y, int rot) {
  txn t;
  carc_result r = txn_begin(g, &t);
  if (r != CARC_OK) return r;
  r = put_tile(g, type, x, y, rot);
  if (r != CARC_OK) return txn_rollback(g, &t, r);
  txn_commit(g, &t);
  return CARC_OK;
}

carc_result carc_game_put_notation(carc_game *g, const char *notation, int x, int y, int rot) {
  carc_engine *e = g->e;
  if (!notation) return game_fail(g, CARC_ERR_ARGUMENT, "no tile notation");
  txn t;
  carc_result r = txn_begin(g, &t);
  if (r != CARC_OK) return r;
  int type = -1;
  for (int i = 0; i < e->ntypes && type < 0; i++)
    if (e->types[i].adhoc && strcmp(e->types[i].notation, notation) == 0) type = i;
  if (type < 0) {
    char name[CARC_MAX_NAME];
    snprintf(name, sizeof name, "adhoc%d", e->ntypes);
    if (tile_define_adhoc(e, name, notation) != CARC_OK)
      return txn_rollback(g, &t, game_fail(g, CARC_ERR_PARSE, "%s", e->err));
    type = e->ntypes - 1;
  }
  /* a refused placement also drops the ad-hoc type it defined */
  r = put_tile(g, type, x, y, rot);
  if (r != CARC_OK) return txn_rollback(g, &t, r);
  txn_commit(g, &t); /* keeps the type: this game holds it now */
  return CARC_OK;
}

carc_result carc_game_put_figure(carc_game *g, int player, int ftype, int tile, int s) {
  carc_result r = editable(g);
  if (r != CARC_OK) return r;
  const carc_engine *e = g->e;
  if (ftype < 0 || ftype >= e->nfig) return game_fail(g, CARC_ERR_UNKNOWN, "unknown figure type %d", ftype);
  if (tile < 0 || tile >= g->ntiles) return game_fail(g, CARC_ERR_ARGUMENT, "no board tile %d", tile);
  const board_tile *bt = &g->tiles[tile];
  const tile_type *t = &e->types[bt->type];
  if (s < 0 || s >= t->nseg)
    return game_fail(g, CARC_ERR_ILLEGAL, "tile %s at (%d,%d) has no segment %d", t->name, bt->x,
                     bt->y, s);
  const figure_type *ft = &e->figs[ftype];
  if (!(ft->kinds & (1u << t->seg[s].kind)))
    return game_fail(g, CARC_ERR_ILLEGAL, "a %s cannot stand on a %s", ft->name,
                     carc_kind_name(e, t->seg[s].kind));
  bool neutral = ft->placement == CARC_PLACE_NEUTRAL;
  if (!neutral && (player < 0 || player >= g->players))
    return game_fail(g, CARC_ERR_ARGUMENT, "no player %lld", (long long)player + 1);
  int root = feature_find(g, bt->seg_base + s);
  if (ft->occupies && g->segs[root].occupants)
    return game_fail(g, CARC_ERR_ILLEGAL, "the %s at (%d,%d) segment %d is already occupied",
                     carc_kind_name(e, t->seg[s].kind), bt->x, bt->y, s);
  int fig = -1;
  for (int i = 0; i < g->nfigs && fig < 0; i++)
    if (g->figs[i].type == ftype && (neutral || g->figs[i].owner == player) &&
        (g->figs[i].seg < 0 || neutral))
      fig = i;
  if (fig < 0)
    return game_fail(g, CARC_ERR_ILLEGAL, "player %d has no %s left", player + 1, ft->name);
  if (neutral && has_exclusive_on(g, fig, root))
    return game_fail(g, CARC_ERR_ILLEGAL, "the %s cannot share a feature with the %s", ft->name,
                     e->figs[ft->exclusive].name);
  figure_move(g, fig, bt->seg_base + s);
  return CARC_OK;
}

carc_result carc_game_put_token(carc_game *g, int player, int ttype, int tile) {
  carc_result r = editable(g);
  if (r != CARC_OK) return r;
  if (ttype < 0 || ttype >= g->e->ntok) return game_fail(g, CARC_ERR_UNKNOWN, "unknown token type %d", ttype);
  if (player < 0 || player >= g->players)
    return game_fail(g, CARC_ERR_ARGUMENT, "no player %lld", (long long)player + 1);
  if (tile < 0 || tile >= g->ntiles) return game_fail(g, CARC_ERR_ARGUMENT, "no board tile %d", tile);
  board_tile *bt = &g->tiles[tile];
  if (bt->token >= 0)
    return game_fail(g, CARC_ERR_ILLEGAL, "tile at (%d,%d) already holds a %s", bt->x, bt->y,
                     g->e->toks[bt->token].name);
  if (g->s.token_supply[player][ttype] <= 0)
    return game_fail(g, CARC_ERR_ILLEGAL, "player %d has no %s left", player + 1, g->e->toks[ttype].name);
  g->s.token_supply[player][ttype]--;
  bt->token = (int8_t)ttype;
  bt->token_owner = (int8_t)player;
  return CARC_OK;
}

carc_result carc_game_end_turn(carc_game *g) {
  carc_result r = editable(g);
  if (r != CARC_OK) return r;
  txn t;
  r = txn_begin(g, &t);
  if (r != CARC_OK) return r;
  r = end_turn(g, -1);
  if (r != CARC_OK) return txn_rollback(g, &t, r);
  /* edits may have taken every square the drawn tile fitted: as at a draw,
   * a tile that fits nowhere is set aside and the next one drawn */
  if (g->phase == CARC_PHASE_PLACE && g->drawn >= 0 && !board_can_place_anywhere(g, g->drawn)) {
    g->set_aside++;
    log_set_aside(g, g->drawn);
    turn_draw(g);
  }
  txn_commit(g, &t);
  return CARC_OK;
}

static carc_result draw_named(carc_game *g, int type) {
  if (type < 0 || type >= g->e->ntypes) return game_fail(g, CARC_ERR_UNKNOWN, "unknown tile type %d", type);
  if (g->phase == CARC_PHASE_OVER) return game_fail(g, CARC_ERR_STATE, "the game is over");
  if (g->phase == CARC_PHASE_ACT)
    return game_fail(g, CARC_ERR_STATE, "finish the turn in progress first");
  if (g->phase == CARC_PHASE_PLACE && g->drawn == type) return CARC_OK;
  if (!g->opt.no_bag && g->phase == CARC_PHASE_END)
    return game_fail(g, CARC_ERR_STATE, "the bag is empty: the game waits for its final scoring");
  if (g->bag_pos < g->bag_len || g->phase == CARC_PHASE_PLACE)
    return game_fail(g, CARC_ERR_STATE, "the tile to place is %s, drawn from the bag",
                     g->drawn >= 0 ? g->e->types[g->drawn].name : "the next one in the bag");
  if (!board_can_place_anywhere(g, type))
    return game_fail(g, CARC_ERR_ILLEGAL, "tile %s fits nowhere on the board", g->e->types[type].name);
  g->drawn = type;
  g->phase = CARC_PHASE_PLACE;
  return CARC_OK;
}

carc_result carc_game_place_named(carc_game *g, int type, int x, int y, int rot) {
  int drawn = g->drawn;
  carc_phase phase = g->phase;
  carc_result r = draw_named(g, type);
  if (r == CARC_OK) r = carc_game_place(g, x, y, rot);
  if (r != CARC_OK) { /* as it was: no tile waiting */
    g->drawn = drawn;
    g->phase = phase;
  }
  return r;
}

carc_result carc_game_set_current_player(carc_game *g, int p) {
  if (g->read_only || g->txn)
    return game_fail(g, CARC_ERR_STATE, "the game cannot be edited while a handler or hook runs");
  if (p < 0 || p >= g->players) return game_fail(g, CARC_ERR_ARGUMENT, "no player %lld", (long long)p + 1);
  g->current = p;
  return CARC_OK;
}

carc_result carc_game_add_score(carc_game *g, int p, int points) {
  if (g->read_only) return read_only_fail(g);
  if (p < 0 || p >= g->players) return game_fail(g, CARC_ERR_ARGUMENT, "no player %lld", (long long)p + 1);
  /* the score now, and with the awards this call's scorings have staged and
   * add when it commits (a hook runs before): both must stay in range */
  const long long pending = staged_awards(g, p);
  const long long now = (long long)g->s.score[p] + points, then = now + pending;
  if (now < -CARC_MAX_SCORE || now > CARC_MAX_SCORE || then < -CARC_MAX_SCORE || then > CARC_MAX_SCORE) {
    const bool at_commit = now >= -CARC_MAX_SCORE && now <= CARC_MAX_SCORE;
    char with[96] = "";
    if (at_commit) snprintf(with, sizeof with, " with the %lld points this call's scorings award", pending);
    return game_fail(g, CARC_ERR_LIMIT, "player %d's score would be %lld%s, outside the allowed %d..%d", p + 1,
                     at_commit ? then : now, with, -CARC_MAX_SCORE, CARC_MAX_SCORE);
  }
  if (g->keep_records && !record_added_score(g, p, points))
    return game_fail(g, CARC_ERR_MEMORY, "out of memory recording the points");
  txn_touch(g);
  g->s.score[p] += points;
  return CARC_OK;
}

/* board.c - squares, placement legality and features kept incrementally.
 *
 * Squares live in a dense grid over the board's bounding box (store.c): an
 * entry names the square's tile or its place on the frontier, the free
 * squares next to a tile. Each of those keeps its coordinates and the edge
 * signature its neighbours demand, so testing a rotation is one xor and one
 * mask; no other record of a square is kept. Features are union-find sets
 * of segments with aggregates at the root: distinct tiles, open ports, coats
 * of arms, occupying figures. Nothing here allocates. */
#include "internal.h"
#include "map.h"

int32_t board_square(const carc_game *g, int x, int y) {
  unsigned ux = (unsigned)(x - g->grid_x0), uy = (unsigned)(y - g->grid_y0);
  if (ux >= (unsigned)g->grid_w || uy >= (unsigned)g->grid_h) return -1;
  return g->grid[uy * (unsigned)g->grid_w + ux];
}

/* A free square joins the frontier, at its end; the grid covers (x, y). */
void frontier_add(carc_game *g, int x, int y, uint32_t req, uint32_t mask) {
  int pos = g->nfrontier++;
  g->fr[pos] = (fr_sig){req, mask};
  g->fsq[pos] = (fr_square){(int16_t)x, (int16_t)y};
  *grid_at(g, x, y) = -2 - pos;
}

void board_reset(carc_game *g) {
  for (int ti = 0; ti < g->ntiles; ti++)
    if (g->tiles[ti].on_square) *grid_at(g, g->tiles[ti].x, g->tiles[ti].y) = -1;
  for (int pos = 0; pos < g->nfrontier; pos++) *grid_at(g, g->fsq[pos].x, g->fsq[pos].y) = -1;
  if (g->grid_near) memset(g->grid_near, 0, (size_t)g->grid_w * (size_t)g->grid_h);
  g->ntiles = g->nsegs = g->nfrontier = 0;
  g->cities_opened = 0;
  g->ahead.valid = 0;
}

/* Every segment's parent is its feature's root: a join relabels the smaller
 * feature's members (weighted quick-find), so a find reads one value and
 * never writes: queries on a const game are safe from several threads. */
int feature_find(const carc_game *g, int s) { return g->segs[s].parent; }

/* Tests below combine with & rather than &&: each part follows the board,
 * and && would make a branch of each. */
static inline bool closable(int kind) { return (kind != CARC_FIELD) & (kind != CARC_WATER); }

bool feature_is_complete(const carc_game *g, int root) {
  const seg_state *r = &g->segs[root];
  return closable(r->kind) & (r->open == 0);
}

/* Tiles that both features cover (segments of one tile on both sides). The
 * tile's other segments of the member's kind come from the type's bit mask
 * by kind (one line), not from its segment records (several lines a type:
 * a game of a hundred types misses them). */
static int shared_tiles(carc_game *g, int small, int other) {
  int shared = 0, s = small;
  do {
    const seg_state *v = &g->segs[s];
    const board_tile *bt = &g->tiles[v->tile];
    const unsigned twins = g->e->types[bt->type].segs_of_kind[v->kind] & ~(1u << v->idx);
    bool counted = false; /* the tile counts once: at its first segment in `small` */
    for (unsigned m = twins & ((1u << v->idx) - 1); m && !counted; m &= m - 1)
      counted = feature_find(g, (int)bt->seg_base + __builtin_ctz(m)) == small;
    for (unsigned m = twins; m && !counted; m &= m - 1) {
      if (feature_find(g, (int)bt->seg_base + __builtin_ctz(m)) == other) {
        shared++;
        counted = true;
      }
    }
    s = v->next;
  } while (s != small);
  return shared;
}

/* The feature at root r completed when `closed`: recorded without a branch
 * (the slot past the count is the next one's to write). */
static inline void closed_if(carc_game *g, int r, int closed) {
  g->last_closed_roots[g->last_closed & (LAST_CLOSED_CAP - 1)] = r;
  g->last_closed += closed;
}

/* n open ports of the feature at root r close: recorded when that closes it. */
static inline void ports_closed(carc_game *g, int r, int n) {
  seg_state *v = &g->segs[r];
  v->open -= n;
  closed_if(g, r, (v->open == 0) & closable(v->kind));
  open_roots_closed(g, r);
}

/* Joins the features of segments a and b across `pairs` matched port pairs.
 * Out of line: inlined at each of board_place's eight call sites, it made
 * that function 25 KiB, and games with expansions and a map, whose other
 * code shares the 32 KiB instruction cache, missed it there. */
__attribute__((noinline)) static void join(carc_game *g, int a, int b, int pairs) {
  int ra = feature_find(g, a), rb = feature_find(g, b);
  seg_state *v = g->segs;
  if (ra == rb) { /* a pair joined already: a feature meets itself */
    ports_closed(g, ra, 2 * pairs);
    return;
  }
  /* the smaller feature joins the larger: which one is larger follows the
   * board, so the swap is arithmetic, not a branch */
  const int flip = (ra ^ rb) & -(v[ra].size < v[rb].size);
  ra ^= flip;
  rb ^= flip;
  /* fields never score by tiles (their count is computed on demand): they have no SEG_TWINS */
  int shared = v[ra].flags & v[rb].flags & SEG_TWINS ? shared_tiles(g, rb, ra) : 0;
  int m = rb;
  do {
    v[m].parent = (uint32_t)ra;
    m = v[m].next;
  } while (m != rb);
  v[ra].size += v[rb].size;
  v[ra].tiles = v[ra].tiles + v[rb].tiles - shared;
  v[ra].open = v[ra].open + v[rb].open - 2 * pairs;
  closed_if(g, ra, (v[ra].open == 0) & closable(v[ra].kind));
  v[ra].symbols += v[rb].symbols;
  v[ra].occupants += v[rb].occupants;
  v[ra].flags |= v[rb].flags;
  seg_attrs *at = g->seg_attr;
  at[ra].attr_bits |= at[rb].attr_bits;
  at[ra].tile_attr_bits |= at[rb].tile_attr_bits;
  uint32_t n = v[ra].next;
  v[ra].next = v[rb].next;
  v[rb].next = n;
  if (g->track_roots) { /* rb is a root no more; ra may have closed */
    g->open_roots[rb >> 6] &= ~(1ull << (rb & 63));
    open_roots_closed(g, ra);
  }
}

/* The same for map.c (a segment joined to a printed piece beyond an edge). */
void board_join(carc_game *g, int a, int b) { join(g, a, b, 1); }

/* A port of segment s meets what takes no tile (a map's border, sea, a
 * field link): closed, and counted as a join's closing is. */
void board_close_port(carc_game *g, int s) { ports_closed(g, feature_find(g, s), 1); }

/* Side d of a tile of type t turned rot, its segments from `base`, faces
 * no square (a map's sea, border, waves, a highlight): its three ports close. */
static inline void side_closed(carc_game *g, int base, const tile_type *t, int rot, int d) {
  const int8_t *mine = t->turned[rot].rport_seg;
  if (t->turned[rot].side_one >> d & 1) {
    ports_closed(g, feature_find(g, base + mine[d * 3]), 3);
    return;
  }
  for (int q = d * 3; q < d * 3 + 3; q++) ports_closed(g, feature_find(g, base + mine[q]), 1);
}
/* The same for map.c, for board tile ti (a printed piece's side). */
void board_close_side(carc_game *g, int ti, int d) {
  const board_tile *bt = &g->tiles[ti];
  side_closed(g, (int)bt->seg_base, &g->e->types[bt->type], bt->rot, d);
}

bool board_fits(const carc_game *g, int type, int x, int y, int rot) {
  if (g->ntiles == 0) return true;
  int pos = square_frontier(board_square(g, x, y));
  return pos >= 0 && fr_fits(g->fr[pos], g->e->types[type].sig[rot]);
}

bool board_can_place_anywhere(carc_game *g, int type) {
  const uint32_t *sig = g->e->types[type].sig;
  const fr_sig *fr = g->fr;
  const uint32_t s0 = sig[0], s1 = sig[1], s2 = sig[2], s3 = sig[3];
  /* the newest squares first, four rotations at once: they border one tile
   * most often, where nearly every tile fits one way or another */
  for (int i = g->nfrontier - 1; i >= 0; i--) {
    uint32_t q = fr[i].req, m = fr[i].mask;
    if (!((s0 ^ q) & m) | !((s1 ^ q) & m) | !((s2 ^ q) & m) | !((s3 ^ q) & m)) return true;
  }
  return g->ntiles == 0;
}

/* The square at frontier position pos leaves it: the last one takes its place. */
static void frontier_remove(carc_game *g, int pos) {
  int end = --g->nfrontier;
  g->fr[pos] = g->fr[end];
  g->fsq[pos] = g->fsq[end];
  *grid_at(g, g->fsq[pos].x, g->fsq[pos].y) = -2 - pos; /* itself when pos is the last */
}

/* A tile on the board's last row or column: the free squares beyond it are
 * off the board, and leave the frontier (no placement is offered there). */
__attribute__((noinline, cold)) static void frontier_trim(carc_game *g, int x, int y) {
  for (int d = 0; d < 4; d++) {
    const int nx = x + dx_of(d), ny = y + dy_of(d);
    const int pos = off_board(nx, ny) ? square_frontier(*grid_at(g, nx, ny)) : -1;
    if (pos < 0) continue;
    frontier_remove(g, pos);
    *grid_at(g, nx, ny) = -1; /* after: the removal rewrites it when pos was the last */
  }
}

/* The new segments of board tile ti, copied from the type's records;
 * monastery-like ones miss `area_open` squares. */
static inline void segs_init(carc_game *g, int ti, const tile_type *t, int area_open) {
  const int base = g->nsegs, n = t->nseg;
  seg_state *s = &g->segs[base];
  seg_attrs *at = &g->seg_attr[base];
  /* four records at a time: a loop of one or two rounds mispredicts its end
   * less often than one of a round a segment. The records past n lie in the
   * arrays' slack (SEG_SLACK) and are the next tile's to write. */
  for (int i0 = 0; i0 < n; i0 += 4) {
#pragma GCC unroll 4
    for (int i = i0; i < i0 + 4; i++) {
      at[i] = (seg_attrs){template_attr_bits(&t->seg_init[i]), t->attr_bits};
      s[i] = t->seg_init[i];
      s[i].parent = s[i].next = (uint32_t)(base + i);
      s[i].tile = (uint32_t)ti;
      g->seg_stamp[base + i] = 0;
    }
  }
  for (unsigned m = t->area_segs; m; m &= m - 1) s[__builtin_ctz(m)].open = area_open;
  if (g->track_roots) {
    unsigned tracked = 0; /* the tile's segments of the kinds neutral figures go to */
    for (unsigned k = g->track_roots; k; k &= k - 1) tracked |= t->segs_of_kind[__builtin_ctz(k)];
    open_roots_init(g, base, n, (t->open_init | (area_open > 0 ? t->area_segs : 0u)) & tracked);
  }
  g->nsegs = base + n;
}

/* Board tile ti's face, from its type t turned rot. */
static inline void face_init(carc_game *g, int ti, const tile_type *t, int rot) {
  tile_face *f = &g->tile_faces[ti];
  memcpy(f->seg, t->turned[rot].facing, sizeof f->seg);
  f->area_segs = t->area_segs;
  f->one = t->turned[rot].facing_one;
  f->unused = 0;
}

/* A map's printed piece with no square of its own (a segment abroad, a
 * ferry route): a board tile joined to the edges it is printed on. */
int board_place_off(carc_game *g, int type, int x, int y) {
  int ti = g->ntiles++;
  g->ahead.valid = 0;
  board_tile *bt = &g->tiles[ti];
  bt->type = (uint16_t)type;
  bt->rot = 0;
  bt->token = -1;
  bt->token_owner = -1;
  bt->x = (int16_t)x;
  bt->y = (int16_t)y;
  bt->seg_base = (uint32_t)g->nsegs;
  bt->on_square = 0;
  g->tile_stamp[ti] = 0;
  face_init(g, ti, &g->e->types[type], 0);
  segs_init(g, ti, &g->e->types[type], 0);
  return ti;
}

/* Side d of board tile bt (type t turned rot) meets board tile nti: its
 * features join across the three ports. */
static inline void join_side(carc_game *g, const board_tile *bt, const tile_type *t, int rot, int d, int nti) {
  const board_tile *nb = &g->tiles[nti];
  const tile_face *nf = &g->tile_faces[nti];
  const int8_t *mine = t->turned[rot].rport_seg, *theirs = nf->seg;
  if ((t->turned[rot].side_one & nf->one) >> d & 1) { /* one segment each side: one join */
    join(g, (int)bt->seg_base + mine[d * 3], (int)nb->seg_base + theirs[d * 3], 3);
    return;
  }
  /* a pair joined already (a side's ports on one segment each) is a join
   * of a feature with itself: two more ports closed */
  for (int q = d * 3; q < d * 3 + 3; q++) join(g, (int)bt->seg_base + mine[q], (int)nb->seg_base + theirs[q], 1);
}

/* Side d of the tile just placed on (x, y) has no tile beyond: the square
 * there, `*slot`, joins the frontier or demands the side's edge as well.
 * Without branches: whether the square is new or already on the frontier
 * follows the board, which no predictor can guess. A new square's
 * signature is read before it is written, then masked out (board_has_room:
 * the arrays have room for it); it starts from `pre`, what a map's printed
 * pieces beside it demand (zero on the plane, and folded away there). */
static inline void frontier_side(carc_game *g, int32_t *slot, int x, int y, int d, uint32_t side_req, map_need pre) {
  const int32_t v = *slot;
  const bool fresh = v == -1;
  int32_t pos = -2 - v; /* -1 when fresh */
  pos ^= (g->nfrontier ^ pos) & -(int32_t)fresh; /* a select gcc keeps branch-free */
  g->nfrontier += fresh;
  *slot = -2 - pos;
  fr_sig *f = &g->fr[pos];
  const uint32_t keep = -(uint32_t)!fresh;
  *f = (fr_sig){(f->req & keep) | (pre.req & ~keep) | side_req,
                (f->mask & keep) | (pre.mask & ~keep) | 0x3Fu << (8 * ((d + 2) % 4))};
  g->fsq[pos] = (fr_square){(int16_t)(x + dx_of(d)), (int16_t)(y + dy_of(d))};
}

/* board_place's four sides on a map (map_sides says what each is). A tile
 * beside is joined as on the plane. A side facing no square closes its
 * ports; a side with a printed link, or facing a square that opens unlike
 * the plane's, goes to map_side. The rest, most of them, update the
 * frontier as the plane's sides do, a new square also taking what the
 * printed pieces beside it demand (map_shape.need). Out of line: the
 * plane's games never come here (join says why that matters). */
__attribute__((noinline)) static void map_place_sides(carc_game *g, int ti, const tile_type *t, int rot, int32_t *at) {
  const map_shape *m = g->e->map;
  const board_tile *bt = &g->tiles[ti];
  const int x = bt->x, y = bt->y, w = g->grid_w, base = (int)bt->seg_base;
  const unsigned sides = map_sides(g, ti);
  const int side_off[4] = {-w, 1, w, -1}, need_off[4] = {-MAP_NEED_W, 1, MAP_NEED_W, -1}; /* N, E, S, W */
  const bool on_map = (unsigned)x < (unsigned)m->w && (unsigned)y < (unsigned)m->h; /* else every side is slow */
  const map_need *need = &m->need[on_map ? y + 1 : 1][on_map ? x + 1 : 1];
#pragma GCC unroll 4 /* each side's branches predicted on their own */
  for (int d = 0; d < 4; d++) {
    int32_t *slot = at + side_off[d];
    const int32_t v = *slot;
    if (v >= 0) {
      join_side(g, bt, t, rot, d, v);
      continue;
    }
    if ((sides | sides >> MAP_CLOSED_SHIFT) >> d & 1) { /* a printed link, a square unlike the plane's, or none */
      if (sides >> d & 1) map_side(g, ti, d, square_frontier(v));
      else side_closed(g, base, t, rot, d);
      continue;
    }
    frontier_side(g, slot, x, y, d, t->turned[rot].side_req[d], need[need_off[d]]);
  }
  if (sides & MAP_AFTER) map_after_place(g, ti);
}

/* The new tile's segments complete from the start: closable ones without a
 * port, and its monastery-like ones when the eight squares around are
 * filled (area_open 0). Out of line: few tiles have them. */
__attribute__((noinline)) static void closed_from_start(carc_game *g, int ti, const tile_type *t, int area_open) {
  unsigned segs = t->closable_segs & ~t->open_init & ~t->area_segs;
  if (area_open == 0) segs |= t->area_segs;
  for (; segs; segs &= segs - 1) closed_if(g, (int)g->tiles[ti].seg_base + __builtin_ctz(segs), 1);
}

/* Places a tile known to fit; returns its board index. The grid covers the
 * square and the eight around it (board_has_room). */
int board_place(carc_game *g, int type, int x, int y, int rot) {
  const carc_engine *e = g->e;
  const tile_type *t = &e->types[type];
  const int w = g->grid_w;
  int32_t *at = grid_at(g, x, y);
  if (*at <= -2) frontier_remove(g, -2 - *at); /* not so for the first tile, or a map's printed one */
  g->ahead.valid = 0; /* the frontier changes */
  int ti = g->ntiles++;
  board_tile *bt = &g->tiles[ti];
  *bt = (board_tile){(uint16_t)type, (uint8_t)rot, -1, -1, (int16_t)x, (int16_t)y, (uint32_t)g->nsegs, 1};
  *at = ti;
  g->tile_stamp[ti] = 0;
  face_init(g, ti, t, rot);

  /* The diagonal squares matter only for a monastery-like segment: one on
   * this tile, or one around it (its squares are marked in grid_near). */
  const map_shape *map = e->map; /* NULL on the plane: the map branches below are never taken */
  g->nlast_area = 0;
  g->last_closed = 0;
  int area_open = 0;
  if (t->area_segs || g->grid_near[at - g->grid]) {
    const int off[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
    int around = 0;
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) { /* a new neighbour for every monastery-like segment around */
      /* whether a square around holds a tile follows the board: counted and
       * read without a branch (tile 0 stands in for none, its segments masked) */
      const int v = at[off[k]], has = v >= 0;
      around += has;
      const board_tile *nb = &g->tiles[v & -has];
      for (unsigned area = g->tile_faces[v & -has].area_segs & -(unsigned)has; area; area &= area - 1) {
        int s = (int)nb->seg_base + __builtin_ctz(area);
        if (--g->segs[s].open == 0) { /* ending the turn scores it */
          g->last_area[g->nlast_area++] = s;
          open_roots_closed(g, s);
        }
      }
    }
    area_open = (map && t->area_segs ? map_area_squares(g, x, y) : 8) - around;
    if (t->area_segs) grid_near_mark(g, x, y);
  }
  segs_init(g, ti, t, area_open);
  const bool done_at_start = t->closed_alone | ((area_open == 0) & (t->area_segs != 0));
  if (__builtin_expect(done_at_start, 0)) closed_from_start(g, ti, t, area_open);
  if (__builtin_expect(map != NULL, 0)) {
    map_place_sides(g, ti, t, rot, at);
  } else {
    const int side_off[4] = {-w, 1, w, -1}; /* N, E, S, W */
#pragma GCC unroll 4 /* each side's branches predicted on their own */
    for (int d = 0; d < 4; d++) {
      int32_t *slot = at + side_off[d];
      if (*slot >= 0) { /* join across the three ports of this side */
        join_side(g, bt, t, rot, d, *slot);
        continue;
      }
      frontier_side(g, slot, x, y, d, t->turned[rot].side_req[d], (map_need){0, 0});
    }
  }
  if (__builtin_expect((int)off_board(x - 1, y - 1) | (int)off_board(x + 1, y + 1), 0)) frontier_trim(g, x, y);
  return ti;
}

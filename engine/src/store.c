/* store.c - the board's growable storage: tiles, segments, the frontier
 * and the grid that maps squares to tiles and frontier squares.
 *
 * A game sizes its arrays when it starts, for every tile its bag holds, so
 * a turn never allocates; scenario edits and loads grow them on demand. A
 * grow allocates every new array first and swaps only when all succeeded:
 * a failure leaves the game as it was. */
#include "internal.h"

#define GRID_MIN 16 /* squares a grid grows by, at least, in each dimension */

/* One array: its address in the game and its element size. */
typedef struct slot {
  void **p;
  size_t size;
  int group; /* 0: per tile, 1: per segment, 2: per frontier square */
} slot;

static int slots_of(carc_game *g, slot *s) {
  int n = 0;
  s[n++] = (slot){(void **)&g->tiles, sizeof(board_tile), 0};
  s[n++] = (slot){(void **)&g->tile_faces, sizeof(tile_face), 0};
  s[n++] = (slot){(void **)&g->tile_stamp, sizeof(uint32_t), 0};
  s[n++] = (slot){(void **)&g->bag, sizeof(uint16_t), 0};
  s[n++] = (slot){(void **)&g->ctx_tiles, sizeof(int32_t), 0};
  s[n++] = (slot){(void **)&g->segs, sizeof(seg_state), 1};
  s[n++] = (slot){(void **)&g->seg_attr, sizeof(seg_attrs), 1};
  s[n++] = (slot){(void **)&g->seg_stamp, sizeof(uint32_t), 1};
  s[n++] = (slot){(void **)&g->open_roots, 1, 1}; /* a byte a segment: 8 times the bits needed */
  s[n++] = (slot){(void **)&g->stage, sizeof(staged), 1};
  s[n++] = (slot){(void **)&g->fr, sizeof(fr_sig), 2};
  s[n++] = (slot){(void **)&g->fsq, sizeof(fr_square), 2};
  return n;
}

/* Elements of each group in use, which a grow keeps. */
static int used(const carc_game *g, int group) {
  if (group == 0) return g->ntiles > g->bag_len ? g->ntiles : g->bag_len;
  if (group == 1) return g->nsegs;
  return g->nfrontier;
}

static size_t align16(size_t n) { return (n + 15) & ~(size_t)15; }

/* Elements an array of the group holds for `cap`: the segment arrays have
 * slack, as a new tile writes its records four at a time. */
static size_t room_for(int group, int cap) { return (size_t)cap + (group == 1 ? SEG_SLACK : 0); }

/* Bytes of one group's block for `cap` elements: its arrays back to back. */
static size_t group_bytes(const slot *s, int n, int group, int cap) {
  size_t bytes = 0;
  for (int i = 0; i < n; i++)
    if (s[i].group == group) bytes += align16(s[i].size * room_for(group, cap));
  return bytes;
}

carc_result store_reserve(carc_game *g, int tiles, int segs) {
  if (tiles <= g->cap_tiles && segs <= g->cap_segs) return CARC_OK;
  if (tiles < 0 || segs < 0 || tiles > CARC_MAX_BOARD_TILES ||
      segs > CARC_MAX_BOARD_TILES / 2 * CARC_MAX_SEGMENTS_PER_TILE)
    return game_fail(g, CARC_ERR_LIMIT, "a board holds at most %d tiles", CARC_MAX_BOARD_TILES);
  int cap[3] = {g->cap_tiles, g->cap_segs, g->cap_frontier};
  int want[3];
  want[0] = cap[0] ? cap[0] : 16;
  while (want[0] < tiles) want[0] *= 2;
  want[1] = cap[1] ? cap[1] : 64;
  while (want[1] < segs) want[1] *= 2;
  want[2] = 4 * want[0] + 8;
  slot s[16];
  int n = slots_of(g, s);
  char *block[3] = {NULL, NULL, NULL};
  carc_engine *e = g->e;
  /* one block a group, all allocated before anything changes */
  for (int grp = 0; grp < 3; grp++) {
    if (want[grp] == cap[grp]) continue;
    block[grp] = carc_mem(e, NULL, 0, group_bytes(s, n, grp, want[grp]));
    if (!block[grp]) {
      for (int k = 0; k < grp; k++)
        if (block[k]) carc_mem(e, block[k], group_bytes(s, n, k, want[k]), 0);
      return game_fail(g, CARC_ERR_MEMORY, "out of memory growing the board to %d tiles", want[0]);
    }
  }
  for (int grp = 0; grp < 3; grp++) {
    if (!block[grp]) continue;
    void *old = NULL;
    size_t at = 0;
    for (int i = 0; i < n; i++) {
      if (s[i].group != grp) continue;
      if (!old) old = *s[i].p; /* a group's first array starts its block */
      void *fresh = block[grp] + at;
      if (*s[i].p) memcpy(fresh, *s[i].p, s[i].size * (size_t)used(g, grp));
      *s[i].p = fresh;
      at += align16(s[i].size * room_for(grp, want[grp]));
    }
    if (old) carc_mem(e, old, group_bytes(s, n, grp, cap[grp]), 0);
  }
  g->cap_tiles = want[0];
  g->cap_segs = want[1];
  g->cap_frontier = want[2];
  g->ctx.tiles = g->ctx_tiles;
  return CARC_OK;
}

/* Writes every tile on a square and every frontier square into a grid whose
 * other entries are -1. */
void store_grid_mark(carc_game *g) {
  for (int ti = 0; ti < g->ntiles; ti++)
    if (g->tiles[ti].on_square) *grid_at(g, g->tiles[ti].x, g->tiles[ti].y) = ti;
  for (int pos = 0; pos < g->nfrontier; pos++) *grid_at(g, g->fsq[pos].x, g->fsq[pos].y) = -2 - pos;
}

/* Bytes of a grid block of `cap` squares: the entries, then the near marks. */
static size_t grid_bytes(int cap) { return (sizeof(int32_t) + 1) * (size_t)cap; }

static carc_result grid_alloc(carc_game *g, int cap, int32_t **grid, uint8_t **near) {
  *grid = carc_mem(g->e, NULL, 0, grid_bytes(cap));
  if (!*grid) return CARC_ERR_MEMORY;
  *near = (uint8_t *)(*grid + cap);
  return CARC_OK;
}

static void grid_fill(carc_game *g) {
  size_t squares = (size_t)g->grid_w * (size_t)g->grid_h;
  memset(g->grid, 0xFF, sizeof(int32_t) * squares);
  memset(g->grid_near, 0, squares);
  store_grid_mark(g);
  store_near_mark(g);
}

void store_near_mark(carc_game *g) {
  for (int ti = 0; ti < g->ntiles; ti++) { /* marks wholly inside the window (a map may cut them) */
    const board_tile *bt = &g->tiles[ti];
    if (!bt->on_square || !g->e->types[bt->type].area_segs) continue;
    if (bt->x - 1 >= g->grid_x0 && bt->x + 1 < g->grid_x0 + g->grid_w && bt->y - 1 >= g->grid_y0 &&
        bt->y + 1 < g->grid_y0 + g->grid_h)
      grid_near_mark(g, bt->x, bt->y);
  }
}

/* Widens the box (lx, ly)-(hx, hy) to hold (x, y). */
static void widen(int *lx, int *ly, int *hx, int *hy, int x, int y) {
  if (x < *lx) *lx = x;
  if (x > *hx) *hx = x;
  if (y < *ly) *ly = y;
  if (y > *hy) *hy = y;
}

carc_result store_grid_cover(carc_game *g, int x0, int y0, int x1, int y1) {
  if (g->grid && x0 >= g->grid_x0 && y0 >= g->grid_y0 && x1 < g->grid_x0 + g->grid_w &&
      y1 < g->grid_y0 + g->grid_h)
    return CARC_OK;
  /* the new window: the squares in use and the rectangle, each dimension
   * doubled, at least GRID_MIN more (so a long line of tiles stays a thin grid) */
  int lx = x0, ly = y0, hx = x1, hy = y1;
  for (int ti = 0; ti < g->ntiles; ti++)
    if (g->tiles[ti].on_square) widen(&lx, &ly, &hx, &hy, g->tiles[ti].x, g->tiles[ti].y);
  for (int pos = 0; pos < g->nfrontier; pos++) widen(&lx, &ly, &hx, &hy, g->fsq[pos].x, g->fsq[pos].y);
  long w = hx - lx + 1, h = hy - ly + 1;
  if (w * h > GRID_MAX_SQUARES)
    return game_fail(g, CARC_ERR_LIMIT, "the board would span %ld by %ld squares; its bounding box "
                     "holds at most %d squares", w, h, GRID_MAX_SQUARES);
  long mw = w > GRID_MIN ? w : GRID_MIN, mh = h > GRID_MIN ? h : GRID_MIN;
  while ((w + mw) * (h + mh) > GRID_MAX_SQUARES && (mw > 2 || mh > 2)) { /* near the bound: less room */
    mw = mw > 2 ? mw / 2 : mw;
    mh = mh > 2 ? mh / 2 : mh;
  }
  if ((w + mw) * (h + mh) > GRID_MAX_SQUARES) mw = mh = 0;
  lx -= (int)(mw / 2);
  ly -= (int)(mh / 2);
  w += mw;
  h += mh;
  if (w * h > g->grid_cap) {
    int32_t *q;
    uint8_t *qn;
    if (grid_alloc(g, (int)(w * h), &q, &qn) != CARC_OK)
      return game_fail(g, CARC_ERR_MEMORY, "out of memory growing the board's grid");
    if (g->grid) carc_mem(g->e, g->grid, grid_bytes(g->grid_cap), 0);
    g->grid = q;
    g->grid_near = qn;
    g->grid_cap = (int)(w * h);
  }
  g->grid_x0 = lx;
  g->grid_y0 = ly;
  g->grid_w = (int)w;
  g->grid_h = (int)h;
  grid_fill(g);
  return CARC_OK;
}

carc_result board_make_room(carc_game *g, int nseg, int x, int y) {
  carc_result r = store_reserve(g, g->ntiles + 1, g->nsegs + nseg);
  if (r == CARC_OK) r = store_grid_cover(g, x - 1, y - 1, x + 1, y + 1);
  return r;
}

/* Gives dst at least src's capacities, keeping dst as it is. */
carc_result store_fit(carc_game *dst, const carc_game *src) {
  carc_result r = store_reserve(dst, src->cap_tiles, src->cap_segs);
  if (r != CARC_OK || src->grid_w * src->grid_h <= dst->grid_cap) return r;
  int32_t *q;
  uint8_t *qn;
  if (grid_alloc(dst, src->grid_cap, &q, &qn) != CARC_OK)
    return game_fail(dst, CARC_ERR_MEMORY, "out of memory copying the board's grid");
  if (dst->grid) {
    size_t squares = (size_t)dst->grid_w * (size_t)dst->grid_h;
    memcpy(q, dst->grid, sizeof(int32_t) * squares);
    memcpy(qn, dst->grid_near, squares);
    carc_mem(dst->e, dst->grid, grid_bytes(dst->grid_cap), 0);
  }
  dst->grid = q;
  dst->grid_near = qn;
  dst->grid_cap = src->grid_cap;
  return CARC_OK;
}

/* Copies src's used board into dst, which store_fit sized and whose
 * scalars (the counts) are src's already. */
void store_copy(carc_game *dst, const carc_game *src) {
  memcpy(dst->tiles, src->tiles, sizeof(board_tile) * (size_t)src->ntiles);
  memcpy(dst->tile_faces, src->tile_faces, sizeof(tile_face) * (size_t)src->ntiles);
  memcpy(dst->tile_stamp, src->tile_stamp, sizeof(uint32_t) * (size_t)src->ntiles);
  memcpy(dst->bag, src->bag, sizeof(uint16_t) * (size_t)src->bag_len);
  memcpy(dst->segs, src->segs, sizeof(seg_state) * (size_t)src->nsegs);
  memcpy(dst->seg_attr, src->seg_attr, sizeof(seg_attrs) * (size_t)src->nsegs);
  memcpy(dst->seg_stamp, src->seg_stamp, sizeof(uint32_t) * (size_t)src->nsegs);
  memcpy(dst->open_roots, src->open_roots, sizeof(uint64_t) * (size_t)((src->nsegs + 63) / 64));
  memcpy(dst->fr, src->fr, sizeof(fr_sig) * (size_t)src->nfrontier);
  memcpy(dst->fsq, src->fsq, sizeof(fr_square) * (size_t)src->nfrontier);
  dst->grid_x0 = src->grid_x0, dst->grid_y0 = src->grid_y0;
  dst->grid_w = src->grid_w, dst->grid_h = src->grid_h;
  if (src->grid) {
    size_t squares = (size_t)src->grid_w * (size_t)src->grid_h;
    memcpy(dst->grid, src->grid, sizeof(int32_t) * squares);
    memcpy(dst->grid_near, src->grid_near, squares);
  }
  memcpy(dst->figs, src->figs, sizeof(figure_state) * (size_t)src->nfigs);
}

void store_free(carc_game *g) {
  slot s[16];
  int n = slots_of(g, s);
  int cap[3] = {g->cap_tiles, g->cap_segs, g->cap_frontier};
  for (int grp = 0; grp < 3; grp++)
    for (int i = 0; i < n; i++)
      if (s[i].group == grp) { /* the group's first array holds its block */
        if (*s[i].p) carc_mem(g->e, *s[i].p, group_bytes(s, n, grp, cap[grp]), 0);
        break;
      }
  if (g->grid) carc_mem(g->e, g->grid, grid_bytes(g->grid_cap), 0);
  g->grid = NULL;
  g->grid_near = NULL;
  g->cap_tiles = g->cap_segs = g->cap_frontier = g->grid_cap = 0;
}

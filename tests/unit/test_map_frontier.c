/* test_map_frontier.c - on a map, the frontier kept turn by turn against
 * one recomputed from the board. Every frontier square must demand exactly
 * the edges of the tiles beside it (real or printed) and of the printed
 * links on its own edges; every free square that a real tile opens must be
 * on the frontier, and no island square a land tile alone touches. Checked
 * after every turn of random games on the shipped maps and on generated
 * maps with islands against the land, links, ferries and a large city, so
 * that what the map computes once (map_shape.need, the side bits of
 * map_square) agrees with the rules square by square. */
#include "check.h"
#include "internal.h"
#include "map.h"
#include <stdlib.h>

static int kind_at(const map_shape *m, int x, int y) {
  return (unsigned)x < (unsigned)m->w && (unsigned)y < (unsigned)m->h ? m->sq[y][x].kind : CARC_SQ_NONE;
}

static bool takes(int k) {
  return k == CARC_SQ_LAND || k == CARC_SQ_TOWN || k == CARC_SQ_START || k == CARC_SQ_ISLAND;
}

/* Edge `side` (N E S W) of a tile of type `type` turned `rot`, as the
 * square across it must show it: left and right swapped. */
static uint32_t facing_edge(const carc_game *g, int type, int rot, int side) {
  uint32_t n = g->e->types[type].sig[rot] >> (8 * side) & 0x3F;
  return (n >> 4 & 3) | (n & 3 << 2) | (n & 3) << 4;
}

/* What free square (x, y) must match, recomputed from the board. */
static void demand(const carc_game *g, int x, int y, uint32_t *req, uint32_t *mask) {
  const map_shape *m = g->e->map;
  *req = *mask = 0;
  for (int d = 0; d < 4; d++) {
    int32_t v = board_square(g, x + dx_of(d), y + dy_of(d));
    int link = kind_at(m, x, y) != CARC_SQ_NONE ? m->sq[y][x].link[d] : -1;
    if (v < 0 && link < 0) continue;
    uint32_t e;
    if (v >= 0) {
      e = facing_edge(g, g->tiles[v].type, g->tiles[v].rot, (d + 2) % 4);
    } else { /* a link's piece is printed turned 0; a ferry's second end is its south */
      const map_link *l = &m->links[link];
      bool far_end = l->kind == LINK_FERRY && l->x[1] == x && l->y[1] == y && l->d[1] == d;
      e = facing_edge(g, l->type, 0, far_end ? CARC_S : CARC_N);
    }
    *req |= e << (8 * d);
    *mask |= 0x3Fu << (8 * d);
  }
}

/* The mismatches between the kept frontier and the board, the first few printed. */
static int frontier_errors(const carc_game *g, const char *where) {
  const map_shape *m = g->e->map;
  int bad = 0;
  for (int pos = 0; pos < g->nfrontier; pos++) {
    const fr_square *q = &g->fsq[pos];
    uint32_t req, mask;
    demand(g, q->x, q->y, &req, &mask);
    if (req != g->fr[pos].req || mask != g->fr[pos].mask) {
      if (bad++ < 3)
        fprintf(stderr, "%s: (%d,%d) demands %08x/%08x, the frontier keeps %08x/%08x\n", where, q->x, q->y,
                (unsigned)req, (unsigned)mask, (unsigned)g->fr[pos].req, (unsigned)g->fr[pos].mask);
    }
  }
  for (int ti = g->nprinted; ti < g->ntiles; ti++) { /* what each real tile opens */
    const board_tile *bt = &g->tiles[ti];
    if (!bt->on_square) continue;
    bool island = kind_at(m, bt->x, bt->y) == CARC_SQ_ISLAND;
    for (int d = 0; d < 4; d++) {
      int x = bt->x + dx_of(d), y = bt->y + dy_of(d), k = kind_at(m, x, y);
      if (!takes(k) || m->sq[bt->y][bt->x].link[d] >= 0) continue;
      int32_t v = board_square(g, x, y);
      bool shore = k == CARC_SQ_ISLAND && !island; /* opens only from its island or a ferry */
      if (v == -1 && !shore && bad++ < 3) fprintf(stderr, "%s: (%d,%d) beside a tile is not open\n", where, x, y);
    }
  }
  for (int y = 0; y < m->h; y++) /* an island square open with only land tiles beside it */
    for (int x = 0; x < m->w; x++) {
      if (m->sq[y][x].kind != CARC_SQ_ISLAND || board_square(g, x, y) > -2) continue;
      bool reached = false;
      for (int d = 0; d < 4; d++) {
        int nx = x + dx_of(d), ny = y + dy_of(d), k = kind_at(m, nx, ny);
        int32_t v = board_square(g, nx, ny);
        reached = reached || m->sq[y][x].link[d] >= 0 || (v >= 0 && k == CARC_SQ_ISLAND) ||
                  (k == CARC_SQ_CITY && g->cities_opened >> m->sq[ny][nx].city & 1); /* a connected city opens all around */
      }
      if (!reached && bad++ < 3) fprintf(stderr, "%s: island square (%d,%d) opened from the land\n", where, x, y);
    }
  return bad;
}

/* Random games on the engine's map, the frontier checked after every turn;
 * returns the games played (a start square may not take the start tile). */
static int play_checked(carc_engine *e, const char *name, int games) {
  int played = 0;
  for (int seed = 1; seed <= games; seed++) {
    carc_game_options go = {2 + seed % 3, (uint64_t)seed, 0, 0};
    carc_game *g = carc_game_new(e, &go);
    if (!g) continue;
    played++;
    char where[96];
    int turns = 0;
    while (carc_game_phase(g) != CARC_PHASE_END && turns++ < 400) {
      CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
      snprintf(where, sizeof where, "%s, seed %d, turn %d", name, seed, turns);
      CHECK_INT(frontier_errors(g, where), 0);
    }
    carc_game_free(g);
  }
  return played;
}

static void test_shipped_maps(void) {
  static const char *const maps[] = {"demo", "veldmark", "skarnholm"};
  for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
    carc_engine *e = check_base_engine();
    char *text = check_map_text(maps[i]);
    const char *t[1] = {text}, *o[1] = {maps[i]};
    CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
    CHECK(play_checked(e, maps[i], 40) > 0);
    free(text);
    carc_engine_free(e);
  }
}

static uint64_t next(uint64_t *s) {
  *s = *s * 6364136223846793005ull + 1442695040888963407ull;
  return *s >> 33;
}

/* A random map of land, sea, islands (some beside the land), waves and a
 * highlight, with a 2x2 large city, roads and cities abroad on border
 * edges and ferries between squares that face the water. */
static void random_map(uint64_t *s, char *out, size_t cap) {
  enum { W = 9, H = 7 };
  char grid[H][W];
  static const char mix[] = "........~~~iii2wh";
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) grid[y][x] = mix[next(s) % (sizeof mix - 1)];
  int cx = 1 + (int)(next(s) % (W - 3)), cy = 1 + (int)(next(s) % (H - 3));
  for (int y = cy; y < cy + 2; y++)
    for (int x = cx; x < cx + 2; x++) grid[y][x] = 'A';
  int sx, sy;
  do {
    sx = (int)(next(s) % W), sy = (int)(next(s) % H);
  } while (grid[sy][sx] == 'A');
  grid[sy][sx] = '.';
  size_t n = (size_t)snprintf(out, cap, "name Random\ntiles 40 60\nstarts 1\nfollowers 7\ngrid\n");
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) n += (size_t)snprintf(out + n, cap - n, "%c ", grid[y][x]);
    n += (size_t)snprintf(out + n, cap - n, "\n");
  }
  n += (size_t)snprintf(out + n, cap - n, "end\nstart %d,%d\ncity A 2x2 %d,%d arms 2 Burg\n", sx, sy, cx, cy);
  n += (size_t)snprintf(out + n, cap - n, "edge %d,%d %s city\n", cx + 1, cy, next(s) % 2 ? "E" : "N");
  for (int k = 0, links = 0; k < 40 && links < 3; k++) { /* pieces abroad on border land squares */
    int x = (int)(next(s) % W), y = (int)(next(s) % H), d = (int)(next(s) % 4);
    if (grid[y][x] == 'A' || grid[y][x] == '~' || grid[y][x] == 'w' || grid[y][x] == 'h') continue;
    int nx = x + dx_of(d), ny = y + dy_of(d);
    if ((unsigned)nx < W && (unsigned)ny < H) continue;
    n += (size_t)snprintf(out + n, cap - n, "abroad %d,%d %c %s arms 1\n", x, y, "NESW"[d], next(s) % 2 ? "road" : "city");
    links++;
  }
  for (int k = 0, ferries = 0; k < 200 && ferries < 2; k++) { /* ferries between squares facing water */
    int x[2], y[2], d[2], ok = 1;
    for (int j = 0; j < 2 && ok; j++) {
      x[j] = (int)(next(s) % W), y[j] = (int)(next(s) % H), d[j] = (int)(next(s) % 4);
      int nx = x[j] + dx_of(d[j]), ny = y[j] + dy_of(d[j]);
      ok = grid[y[j]][x[j]] != 'A' && grid[y[j]][x[j]] != '~' && grid[y[j]][x[j]] != 'w' && grid[y[j]][x[j]] != 'h' &&
           (unsigned)nx < W && (unsigned)ny < H && (grid[ny][nx] == '~' || grid[ny][nx] == 'w');
    }
    if (!ok || (x[0] == x[1] && y[0] == y[1])) continue;
    n += (size_t)snprintf(out + n, cap - n, "ferry %d,%d %c %d,%d %c arms 1\n", x[0], y[0], "NESW"[d[0]], x[1], y[1],
                          "NESW"[d[1]]);
    ferries++;
  }
}

static void test_random_maps(void) {
  uint64_t s = 2026;
  int loaded = 0, played = 0;
  char text[2048];
  for (int i = 0; i < 300; i++) {
    random_map(&s, text, sizeof text);
    carc_engine *e = check_base_engine();
    const char *t[1] = {text}, *o[1] = {"random.map"};
    if (carc_engine_set_map(e, 1, t, o) == CARC_OK) {
      loaded++;
      char name[32];
      snprintf(name, sizeof name, "random map %d", i);
      played += play_checked(e, name, 3);
      if (check_failures) {
        fprintf(stderr, "%s", text);
        carc_engine_free(e);
        return;
      }
    }
    carc_engine_free(e);
  }
  fprintf(stderr, "random maps: %d loaded, %d games\n", loaded, played);
  CHECK(loaded >= 30);
  CHECK(played >= 30);
}

int main(void) {
  test_shipped_maps();
  test_random_maps();
  return check_done("test_map_frontier");
}

#include "check.h"
#include <stdlib.h>

int check_failures = 0;

carc_engine *check_base_engine(void) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) {
    fprintf(stderr, "cannot build the base engine: %s\n", e ? carc_engine_error(e) : "no memory");
    exit(1);
  }
  return e;
}

int check_done(const char *name) {
  if (check_failures) fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
  else printf("%s: all checks passed\n", name);
  return check_failures ? 1 : 0;
}

carc_game *check_scenario(carc_engine *e, int players) {
  carc_game_options o = {players, 1, 0, 1};
  carc_game *g = carc_game_new(e, &o);
  if (!g) {
    fprintf(stderr, "cannot create a scenario game: %s\n", carc_engine_error(e));
    exit(1);
  }
  return g;
}

int check_type(const carc_engine *e, const char *name) {
  int t = carc_tile_type_find(e, name);
  if (t < 0) {
    fprintf(stderr, "no tile type %s\n", name);
    exit(1);
  }
  return t;
}

static int occupied(const carc_game *g, int x, int y) { return carc_board_tile_at(g, x, y) >= 0; }

int check_recount_open(const carc_game *g, const char *where) {
  const carc_engine *e = carc_game_engine(g);
  static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
  int n = carc_board_tiles(g), bad = 0;
  int *want = calloc((size_t)n * 12 + 16, sizeof *want);
  char *seen = calloc((size_t)n * 12 + 16, 1);
  if (!want || !seen) abort();
  for (int t = 0; t < n; t++) {
    int type = carc_board_tile_type(g, t), x = carc_board_tile_x(g, t), y = carc_board_tile_y(g, t);
    for (int s = 0; s < carc_tile_type_segments(e, type); s++) {
      int id = carc_board_segment_id(g, t, s), root = carc_feature_root(g, id);
      seen[root] = 1;
      if (carc_segment_kind(e, type, s) >= 4) {
        int around = 0;
        for (int ddy = -1; ddy <= 1; ddy++)
          for (int ddx = -1; ddx <= 1; ddx++) around += (ddx || ddy) && occupied(g, x + ddx, y + ddy);
        want[root] += 8 - around;
        continue;
      }
      for (int q = 0; q < 12; q++)
        if (carc_board_segment_at_port(g, t, q) == s && !occupied(g, x + dx[q / 3], y + dy[q / 3])) want[root]++;
    }
  }
  for (int r = 0; r < n * 12 + 16; r++) {
    if (!seen[r] || carc_feature_open(g, r) == want[r]) continue;
    if (bad++ < 3)
      fprintf(stderr, "%s: feature %d (kind %d) open %d, recounted %d\n", where, r, carc_feature_kind(g, r),
              carc_feature_open(g, r), want[r]);
  }
  free(want);
  free(seen);
  return bad;
}

int check_save_is(const carc_game *g, const char *text) {
  char *x = check_save_text(g);
  int same = strcmp(x, text) == 0;
  free(x);
  return same;
}

int check_same_save(const carc_game *a, const carc_game *b) {
  char *y = check_save_text(b);
  int same = check_save_is(a, y);
  free(y);
  return same;
}

void *check_failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  long *left = ud;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (nsize > (ptr ? osize : 0) && *left >= 0 && (*left)-- == 0) return NULL;
  return realloc(ptr, nsize);
}

char *check_map_text(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/maps/%s.map", CARC_SOURCE_DIR, name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  char *copy = malloc(n + 1);
  if (!copy) abort();
  memcpy(copy, buf, n + 1);
  return copy;
}

char *check_save_text(const carc_game *g) {
  size_t n = carc_game_save(g, NULL, 0);
  char *buf = malloc(n + 1);
  if (!buf) abort();
  carc_game_save(g, buf, n + 1);
  return buf;
}

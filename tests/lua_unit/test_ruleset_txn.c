/* test_ruleset_txn.c - loading a ruleset is one transaction. In the style of
 * SQLite's fault injection, for the default ruleset and two rulesets with
 * their own tiles, handlers, hooks, a map, moved and disabled handlers:
 *
 *  (a) the engine's allocator fails at its N-th allocation during the load,
 *  (b) the Lua allocator fails at its N-th allocation during the load,
 *  (c) the load raises an error right after its K-th declaration,
 *
 * for every N (K) until the load succeeds. After each failure the engine
 * described in full (names, tile types with notations and attributes,
 * figures, tokens, handlers and hooks in order with priorities, sequence
 * numbers, filters, descriptions and functions, the map, the pipeline text,
 * the expansions' describers) is what it was before, and a seeded game on it
 * is the game of an engine that never loaded anything. The load that finally
 * succeeds, on the same engine and Lua state, gives the engine of a clean
 * load and the same seeded game, byte for byte.
 */
#include "check.h"
#include "internal.h"
#include "map.h"
#include "binding.h"
#include <stdarg.h>
#include <stdlib.h>

static long alloc_left = -1; /* check_failing_alloc's countdown for the engine: -1 never fails */

typedef struct text {
  char *s;
  size_t n, cap;
} text;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(text *t, const char *fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
    va_end(ap);
    if (w < 0) abort();
    if (t->s && t->n + (size_t)w < t->cap) {
      t->n += (size_t)w;
      return;
    }
    t->cap = (t->cap + (size_t)w + 1) * 2;
    t->s = realloc(t->s, t->cap);
    if (!t->s) abort();
  }
}

static void put_filter(text *t, const carc_filter *f) {
  put(t, " filter %x %d %d %d %d %d %d", f->kinds, f->reasons, f->attr, f->tile_attr, f->figure, f->flag,
      f->tokens);
}

/* A seeded game played by the random bot to its end: its save text. */
static char *play(carc_engine *e) {
  carc_game_options o = {3, 20261123, 0, 1};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  if (!g) return NULL;
  CHECK_INT(carc_bot_play_game(g, CARC_BOT_RANDOM), CARC_OK);
  size_t n = carc_game_save(g, NULL, 0);
  char *s = malloc(n + 1);
  if (!s) abort();
  carc_game_save(g, s, n + 1);
  carc_game_free(g);
  return s;
}

/* Everything the engine knows. With `ptrs`, also the handlers' functions
 * and user data (the same engine before and after a failure; a fresh
 * engine has other addresses). */
static char *describe(carc_engine *e, int ptrs) {
  text t = {NULL, 0, 0};
  put(&t, "attrs");
  for (int i = 0; i < e->nattr; i++) put(&t, " %s", e->attr_names[i]);
  put(&t, "\nkinds");
  for (int i = 0; i < e->nkinds; i++) put(&t, " %s", e->kind_names[i]);
  put(&t, "\nsets");
  for (int i = 0; i < e->nsets; i++) put(&t, " %s:%d", e->set_names[i], e->set_used[i]);
  put(&t, "\nvars");
  for (int i = 0; i < e->nvars; i++) put(&t, " %s", e->var_names[i]);
  put(&t, "\nflags");
  for (int i = 0; i < e->nflags; i++) put(&t, " %s", e->flag_names[i]);
  put(&t, "\ntypes %d start %d\n", e->ntypes, e->start_type);
  for (int i = 0; i < e->ntypes; i++) {
    const tile_type *y = &e->types[i];
    put(&t, "  %s set %d copies %d adhoc %d %s attrs", y->name, y->set, y->copies, y->adhoc, y->notation);
    for (int a = 0; a < y->nattr; a++) put(&t, " %d=%d", y->attr[a].id, y->attr[a].value);
    put(&t, "\n");
  }
  for (int i = 0; i < e->nfig; i++) {
    const figure_type *f = &e->figs[i];
    put(&t, "figure %s %d %d %d %d %d %x %d %d\n", f->name, f->strength, f->per_player, f->occupies,
        f->incomplete_only, (int)f->placement, f->kinds, f->trigger_attr, f->exclusive);
  }
  for (int i = 0; i < e->ntok; i++)
    put(&t, "token %s %d %d\n", e->toks[i].name, e->toks[i].per_player, e->toks[i].value);
  put(&t, "seq %d arms %d flags %d %d %d\n", e->seq, e->arms_attr, e->has_neutral_trigger, e->has_exclusive,
      e->has_nonoccupying);
  for (int i = 0; i < e->nhandlers; i++) {
    const handler *h = &e->handlers[i];
    put(&t, "handler %s %d seq %d on %d", h->name, h->priority, h->seq, h->enabled);
    put_filter(&t, &h->filter);
    if (ptrs) put(&t, " fn %p ud %p", (void *)(size_t)h->fn, h->ud);
    put(&t, " [%s]\n", h->desc ? h->desc : "");
  }
  for (int p = 0; p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < e->nhooks[p]; i++) {
      const hook *h = &e->hooks[p][i];
      put(&t, "hook %d %s %d seq %d on %d", p, h->name, h->priority, h->seq, h->enabled);
      put_filter(&t, &h->filter);
      if (ptrs) put(&t, " fn %p ud %p", (void *)(size_t)h->fn, h->ud);
      put(&t, " [%s]\n", h->desc ? h->desc : "");
    }
  if (e->map)
    put(&t, "map %s %dx%d tiles %d..%d followers %d signal %d %d printed %d\n", e->map->name, e->map->w,
        e->map->h, e->map->tiles_min, e->map->tiles_max, e->map->followers, e->map->signal,
        e->map->signal_towns, e->map->nprinted);
  else
    put(&t, "no map\n");
  char pipe[16384];
  CHECK_INT(carc_engine_describe_pipeline(e, pipe, sizeof pipe), CARC_OK);
  put(&t, "%s", pipe);
  carc_lua *cl = carc_lua_of(e);
  if (cl) { /* the expansions' describers, on a new game */
    carc_game_options o = {2, 7, 0, 0};
    carc_game *g = carc_game_new(e, &o);
    CHECK(g != NULL);
    char said[4096];
    if (g) {
      const size_t n = carc_lua_describe(cl, g, said, sizeof said);
      CHECK(carc_lua_describe(cl, g, NULL, sizeof said) == n); /* a NULL buffer only sizes */
    }
    put(&t, "said: %s\n", g ? said : "(no game)");
    carc_game_free(g);
  }
  return t.s;
}

enum { F_ENGINE, F_LUA, F_DECL, F_COUNT };
static const char *const fault_names[] = {"engine allocation", "Lua allocation", "declaration"};

/* One kind of fault at N = 0, 1, ... until the load of `path` succeeds. */
static void inject(const char *path, int kind, const char *want, const char *want_game, const char *base_game) {
  carc_engine *e = carc_engine_new(check_failing_alloc, &alloc_left);
  if (!e || carc_tiles_load_base(e) != CARC_OK) abort();
  carc_lua *cl = carc_lua_new(e, 0);
  if (!cl) abort();
  char *before = describe(e, 1);
  long n = 0, failures = 0;
  carc_result r = CARC_ERR_STATE;
  for (; n < 10000000; n++) {
    if (kind == F_ENGINE) alloc_left = n;
    else carc_lua_debug_faults(cl, kind == F_LUA ? n : -1, kind == F_DECL ? n : -1);
    r = carc_lua_load_ruleset(cl, path);
    alloc_left = -1;
    carc_lua_debug_faults(cl, -1, -1);
    if (r == CARC_OK) break;
    failures++;
    if (getenv("CARC_TXN_DEBUG")) fprintf(stderr, "%s N=%ld: %s\n", fault_names[kind], n, carc_lua_error(cl));
    CHECK(carc_lua_error(cl)[0] != '\0');
    char *after = describe(e, 1);
    if (strcmp(after, before)) {
      fprintf(stderr, "%s: a failure at %s %ld (%s) left a trace:\n--- before\n%s\n--- after\n%s\n", path,
              fault_names[kind], n, carc_lua_error(cl), before, after);
      CHECK(0);
      free(after);
      break;
    }
    free(after);
    char *game = play(e); /* a game on the engine left behind: the base game */
    CHECK(game && !strcmp(game, base_game));
    free(game);
  }
  CHECK_INT(r, CARC_OK);
  if (r != CARC_OK) fprintf(stderr, "%s: %s\n", path, carc_lua_error(cl));
  char *now = describe(e, 0);
  if (strcmp(now, want)) {
    fprintf(stderr, "%s: after %ld %s faults the loaded engine differs:\n--- clean\n%s\n--- here\n%s\n", path,
            failures, fault_names[kind], want, now);
    CHECK(0);
  }
  char *game = play(e);
  CHECK(game && !strcmp(game, want_game));
  fprintf(stderr, "%s: %ld %s faults (every N up to %ld)\n", path, failures, fault_names[kind], n);
  if (kind != F_ENGINE || strstr(path, "default")) CHECK(failures > 0);
  free(game);
  free(now);
  free(before);
  carc_lua_free(cl);
  carc_engine_free(e);
}

static void test_ruleset(const char *path) {
  /* the engine without a ruleset, and the clean load */
  carc_engine *base = carc_engine_new(NULL, NULL);
  if (!base || carc_tiles_load_base(base) != CARC_OK) abort();
  carc_lua *bl = carc_lua_new(base, 0);
  char *base_game = play(base);
  carc_lua_free(bl);
  carc_engine_free(base);
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) abort();
  carc_lua *cl = carc_lua_new(e, 0);
  if (!cl || carc_lua_load_ruleset(cl, path) != CARC_OK) {
    fprintf(stderr, "%s: %s\n", path, cl ? carc_lua_error(cl) : "no Lua state");
    exit(1);
  }
  char *want = describe(e, 0);
  char *want_game = play(e);
  CHECK(strcmp(want_game, base_game) != 0); /* the ruleset changes the game */
  carc_lua_free(cl);
  carc_engine_free(e);
  for (int k = 0; k < F_COUNT; k++) inject(path, k, want, want_game, base_game);
  free(want);
  free(want_game);
  free(base_game);
}

/* A second ruleset on an engine that has one: a failure keeps the first. */
static void test_second_load(const char *first, const char *second) {
  carc_engine *e = carc_engine_new(NULL, NULL);
  if (!e || carc_tiles_load_base(e) != CARC_OK) abort();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK(cl && carc_lua_load_ruleset(cl, first) == CARC_OK);
  char *before = describe(e, 1), *game = play(e);
  for (long k = 0; k < 100000; k++) {
    carc_lua_debug_faults(cl, -1, k);
    carc_result r = carc_lua_load_ruleset(cl, second);
    carc_lua_debug_faults(cl, -1, -1);
    if (r == CARC_OK) break;
    char *after = describe(e, 1);
    CHECK(!strcmp(after, before));
    free(after);
  }
  char *again = play(e);
  CHECK(strcmp(again, game) != 0); /* the second one did load */
  free(again);
  free(before);
  free(game);
  carc_lua_free(cl);
  carc_engine_free(e);
}

int main(void) {
  /* a ruleset of its own: tiles of several expansions, hooks that add
   * points, a moved base handler, a disabled handler, its own final order
   * (set last in a load: a failure after it must take it back) */
  const char *mix = "ruleset_txn_mix.lua";
  FILE *f = fopen(mix, "w");
  if (!f) abort();
  fprintf(f, "ruleset {\n"
             "  expansions = { \"cathars\", \"gold_mines\", \"fairy\", \"pigs\", \"trade_goods\",\n"
             "                 \"vineyards\", \"ghosts\", \"king_robber\" },\n"
             "  order = { [\"base.total\"] = 401, [\"fairy.bonus\"] = 630 },\n"
             "  disable = { \"ghosts.penalty\" },\n"
             "  final_order = { \"city\", \"field\", \"road\" },\n"
             "}\n");
  fclose(f);
  test_ruleset(CARC_SOURCE_DIR "/expansions/default.lua");
  test_ruleset(CARC_SOURCE_DIR "/expansions/maps/ostwald.lua");
  test_ruleset(mix); /* its expansions are found through the search path */
  test_second_load(CARC_SOURCE_DIR "/expansions/default.lua", mix);
  remove(mix);
  return check_done("test_ruleset_txn");
}

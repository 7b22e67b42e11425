/* carc_lua.c - one sandboxed Lua state per engine: a capped allocator, an
 * instruction budget per call, the C primitives the loader (prelude.lua)
 * uses, and the trampolines that run Lua handlers and hooks.
 *
 * Hot path (a handler call): push the message handler, the function (a
 * registry ref) and the engine's one ctx userdata, pcall. Nothing is
 * allocated; the ctx and lent views are invalidated when the call returns. */
#define _POSIX_C_SOURCE 200809L /* open, fstat, read (files read without blocking), clock_gettime */
#include "binding.h"
#include <lualib.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

extern const char carc_lua_prelude[];

/* One step of a declarative handler: field = source, field += source,
 * field -= source, or field = field / 2 rounded up. */
enum { SRC_CONST, SRC_FIELD, SRC_TOKEN_POINTS, SRC_TOKENS, SRC_TILES_ATTR, SRC_TILES_KIND, SRC_POINTERS,
       SRC_SEMICIRCULAR, SRC_FEATURE_SYMBOLS, SRC_TILES_KIND_PLACED, SRC_SEMICIRCULAR_PLACED,
       SRC_SEMICIRCULAR_SYMBOLS, SRC_SEMICIRCULAR_SYMBOLS_PLACED };
enum { OP_SET, OP_ADD, OP_SUB, OP_HALVE };
#define MAX_POINTERS 4
typedef struct ladd {
  int field, src, value; /* value: the constant, or the source field */
  int op;
  int npointers, worth_types; /* SRC_POINTERS: the attributes and their turns */
  int ferries;                 /* ... whether a map's ferry route counts as the next tile */
  int border_ends;             /* ... whether a road leaving the next tile off the map ends there */
  int pointer_attr[MAX_POINTERS], pointer_turn[MAX_POINTERS];
} ladd;
#define MAX_STEPS (4 * CARC_F_FIELD_COUNT)

/* What a batched placement hook decided for one game state: the candidate
 * list it judged and its verdicts, kept while the game's fingerprint stays
 * the same (a copy of the game in the same state hits it too). */
typedef struct batch_cache {
  int valid, type, n, cap;
  carc_placement_option *list;
  unsigned char *refused;
  unsigned char *fp;          /* carc_game_fingerprint of the judged state */
  size_t nfp, capfp;
} batch_cache;

typedef struct lfn {
  carc_lua *cl;
  int ref;            /* the Lua function in the registry (LUA_NOREF: declarative) */
  int point;          /* hook point, or -1 for a scoring handler */
  char exp[CARC_MAX_NAME];
  char name[CARC_MAX_NAME]; /* a declarative handler's name, for the checks a later x:var makes */
  int nsteps[2];      /* a declarative handler's steps when completed [0], at the end [1] */
  int present[2];     /* ... and its strength = { present = n } (-1: none), per reason */
  ladd steps[2][MAX_STEPS];
  int args_ref;       /* a batched placement hook's own args table */
  int verdicts_ref;   /* ... and its last verdicts, copied where the hook cannot reach */
  batch_cache bc;
  int16_t *supply;    /* a setup hook declared with token_supply: see supply_at */
  struct lstack *stacks; /* a hook declared with deal or turn: its card stacks */
  int nstacks, turn;  /* turn: 1 turns the stacks, 0 deals them */
  int *card_flags, ncard_flags; /* the distinct flags its cards name */
  int arms_points, arms_flag; /* a turn-end hook declared with square_arms: points a coat
                       * of arms, and its flag */
  char where[160];    /* a hook or handler declared as data: "file:line" of its declaration, which its
                       * errors while a game runs name (it has no Lua line of its own) */
  int has_when;       /* a declarative handler's `when`: per kind, a variable and */
  int when_var[CARC_MAX_KINDS], when_value[CARC_MAX_KINDS]; /* its value (-1: never) */
} lfn;

/* A card stack of a hook declared with `deal` or `turn` (docs/lua-api.md,
 * section 4): the active card's number in one variable, the face-down rest
 * packed as base-16 digits (lowest digit = top) in another, and a flag per
 * card, on while a stack of the hook shows it. */
#define STACK_CARDS 8 /* the rest (7 digits) stays below 2^28 */
#define HOOK_STACKS 16
typedef struct lstack {
  int active, rest;        /* variable ids */
  int ncards, shuffle, top; /* top: the card dealt on top (1..n), 0: as shuffled */
  int flags[STACK_CARDS];  /* flag id per card */
  int slot[STACK_CARDS];   /* its index in the hook's card_flags */
  char rest_name[CARC_MAX_NAME]; /* for messages */
} lstack;

/* token_supply[players][seat][token type], -1 where the table says nothing. */
#define SUPPLY_TOKENS 16
static int16_t *supply_at(int16_t *t, int players, int seat, int token) {
  return &t[((players - 1) * CARC_MAX_PLAYERS + seat) * SUPPLY_TOKENS + token];
}

struct carc_lua {
  lua_State *L;
  carc_engine *e;
  carc_lstate ls;
  size_t used, cap;
  unsigned long allocs;
  unsigned long calls;      /* calls from C into Lua (handlers, hooks, loader) */
  long budget;
  long left;                /* instructions of the budget after the running chunk */
  int chunk;                /* the running chunk: the count hook fires at its end */
  struct timespec deadline; /* the running call's wall-clock limit */
  int in_call, exhausted;   /* exhausted: 1 the budget, 2 the time limit */
  int loading;              /* a ruleset is loading: declarations allowed */
  int raw_listing;          /* listing placements for a batched hook: Lua placement hooks pass */
  int read_only;            /* a scoring handler or placement hook runs */
  carc_game *game;          /* the game of the running call, for math.random */
  uint64_t rng;             /* math.random outside games: fixed seed */
  carc_ctxbox *ctx;
  int keys_ref;
  int award_ref, scores_ref; /* feature_scored: args.award, args.scores, refilled */
  int ctx_ref, loader_ref, options_ref, args_ref, hook_game_ref, hook_tile_ref, hook_feature_ref,
      names_ref;
  int names_n;              /* types named in names_ref, fixed since the last ruleset loaded */
  carc_view *hook_game, *hook_tile, *hook_feature;
  lfn **fns;
  int nfns, cap_fns;
  lfn **describers;         /* x:describe functions, in load order (point -2) */
  int ndescribers, cap_describers;
  long fail_alloc;          /* test faults (carc_lua_debug_faults): -1 off */
  long fail_decl;
  char memloc[160], errloc[160];
  char options_at[320]; /* the expansion loading and where its ruleset gave its options, or "" */
  char err[1024];
  char trace[2048];
};

/* The binding's state hangs on its engine: no global list to keep. */
carc_lua *carc_lua_of(const carc_engine *e) { return carc_engine_userdata(e); }
carc_engine *carc_lua_engine(carc_lua *cl) { return cl->e; }
const char *carc_lua_error(const carc_lua *cl) { return cl ? cl->err : "no Lua state"; }
const char *carc_lua_traceback(const carc_lua *cl) { return cl ? cl->trace : ""; }
lua_State *carc_lua_state(carc_lua *cl) { return cl->L; }
void carc_lua_stats(const carc_lua *cl, size_t *bytes, unsigned long *allocations) {
  if (bytes) *bytes = cl->used;
  if (allocations) *allocations = cl->allocs;
}
unsigned long carc_lua_calls(const carc_lua *cl) { return cl->calls; }
void carc_lua_set_budget(carc_lua *cl, long n) { cl->budget = n > 0 ? n : CARC_LUA_BUDGET; }

const char carc_lstate_key = 0;

void carc_lua_lstate_init(lua_State *L, carc_lstate *ls) {
  lua_pushlightuserdata(L, ls);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &carc_lstate_key);
}

/* The first Lua function on the stack from `level` up, as "file:line". */
static void where(lua_State *L, int level, char *out, size_t cap) {
  lua_Debug ar;
  out[0] = '\0';
  for (; lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Sl", &ar)) break;
    /* name the script, not the loader: only the prelude's source is
     * "=prelude" (files are "@path"; the sandbox's load refuses the name) */
    if (ar.currentline > 0 && strcmp(ar.source, "=prelude")) {
      snprintf(out, cap, "%s:%d", ar.short_src, ar.currentline);
      return;
    }
  }
}

/* Raises "file:line: message" naming the user's script, not the prelude. */
static int user_error(lua_State *L, const char *fmt, ...) {
  char loc[160];
  where(L, 1, loc, sizeof loc);
  va_list ap;
  va_start(ap, fmt);
  const char *msg = lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  if (loc[0]) lua_pushfstring(L, "%s: %s", loc, msg);
  return lua_error(L);
}

/* Declarations change the engine's rules: only while a ruleset loads. Once
 * it has loaded the ruleset is frozen (a handler cannot add handlers, tiles
 * or figures under a running game). */
static void declaration(lua_State *L, const char *what) {
  carc_lua *cl = carc_lstate_of(L)->cl;
  if (!cl->loading)
    user_error(L, "x:%s() is a declaration: declarations run only while a ruleset loads, "
               "and the ruleset is frozen once loaded", what);
}

/* After each declaration's effect: the test fault that stops a load there. */
static void declared(lua_State *L) {
  carc_lua *cl = carc_lstate_of(L)->cl;
  if (cl->fail_decl >= 0 && cl->fail_decl-- == 0) luaL_error(L, "test fault after a declaration");
}

void carc_lua_debug_faults(carc_lua *cl, long alloc_n, long decl_k) {
  cl->fail_alloc = alloc_n;
  cl->fail_decl = decl_k;
}

/* The budget counts instructions (deterministic), but one instruction can
 * cost milliseconds (comparing or joining strings of many MiB), so each call
 * also has a wall-clock limit. The count hook fires every CHECK_EVERY
 * instructions (a vDSO clock read, cheap), counting the budget down exactly;
 * allocations of BIG_ALLOC bytes or more, and refused ones (each runs a full
 * collection), read the clock too and, once past the limit, make the very
 * next instruction fail. */
#define CHECK_EVERY 1024
#define TIME_LIMIT_S 5 /* far above what 10 million instructions take, even under sanitizers */
#define BIG_ALLOC ((size_t)256 << 10)

static int past_deadline(const carc_lua *cl) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec > cl->deadline.tv_sec ||
         (now.tv_sec == cl->deadline.tv_sec && now.tv_nsec >= cl->deadline.tv_nsec);
}

static void budget_hook(lua_State *L, lua_Debug *ar);

/* carc_lstate.after_costly: one library call can run for most of a second
 * (guards.c bounds each), and a loop of them holds few instructions, so the
 * count hook alone would read the clock too seldom. */
static void time_after_costly(lua_State *L) {
  carc_lua *cl = carc_lstate_of(L)->cl;
  if (cl && cl->in_call && !cl->exhausted && past_deadline(cl)) {
    cl->exhausted = 2;
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
  }
}

/* Refuses growth past the cap; notes where the script was when it did. */
static void *cap_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  carc_lua *cl = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    cl->used -= old;
    return NULL;
  }
  if (nsize > old && cl->fail_alloc >= 0) { /* a test fault: from the N-th on, every one */
    if (cl->fail_alloc == 0) return NULL;
    cl->fail_alloc--;
  }
  if (nsize > old && cl->in_call && cl->L && !cl->exhausted && (nsize >= BIG_ALLOC || cl->used - old + nsize > cl->cap) &&
      past_deadline(cl)) {
    cl->exhausted = 2; /* the next instruction fails (setting a hook is safe anywhere) */
    lua_sethook(cl->L, budget_hook, LUA_MASKCOUNT, 1);
  }
  if (nsize > old && cl->used - old + nsize > cl->cap) {
    if (cl->in_call && cl->L && !cl->memloc[0]) where(cl->L, 0, cl->memloc, sizeof cl->memloc);
    return NULL;
  }
  void *n = realloc(ptr, nsize);
  if (n) cl->used = cl->used - old + nsize;
  if (n && nsize > old) cl->allocs++;
  return n;
}

/* Runs the next chunk of the budget. */
static void next_chunk(carc_lua *cl) {
  int n = cl->left < CHECK_EVERY ? (int)cl->left : CHECK_EVERY;
  cl->left -= n;
  cl->chunk = n;
  lua_sethook(cl->L, budget_hook, LUA_MASKCOUNT, n);
}

static void budget_hook(lua_State *L, lua_Debug *ar) {
  carc_lua *cl = carc_lstate_of(L)->cl;
  (void)ar;
  if (!cl->exhausted) {
    if (cl->left > 0 && !past_deadline(cl)) {
      if (cl->left < cl->chunk) next_chunk(cl); /* the last, shorter chunk */
      else cl->left -= cl->chunk;                /* the same count again: Lua has reset it */
      return;
    }
    cl->exhausted = cl->left > 0 ? 2 : 1;
  }
  /* from now on every instruction fails, so pcall in the script cannot swallow it */
  lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
  if (cl->exhausted == 1)
    lua_pushfstring(L, "instruction budget exhausted (%d instructions)", (int)cl->budget);
  else
    lua_pushfstring(L, "instruction budget exhausted: time limit of %d s (wall clock) exceeded", TIME_LIMIT_S);
  lua_error(L);
}

static int msgh(lua_State *L) {
  carc_lua *cl = carc_lstate_of(L)->cl;
  const char *msg = lua_tostring(L, 1);
  if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  where(L, 1, cl->errloc, sizeof cl->errloc);
  luaL_traceback(L, L, msg, 1);
  snprintf(cl->trace, sizeof cl->trace, "%s", lua_tostring(L, -1));
  lua_pop(L, 1);
  lua_pushstring(L, msg);
  return 1;
}

/* Does `msg` start with "file:line:"? */
static int starts_with_place(const char *msg) {
  const char *c = msg;
  while (*c && *c != ':' && *c != ' ') c++;
  if (*c != ':' || c == msg || !isdigit((unsigned char)c[1])) return 0;
  for (c++; isdigit((unsigned char)*c); c++) {}
  return *c == ':';
}

/* Calls the function below `nargs` arguments (the message handler below it)
 * with the budget on. On error leaves a message in cl->err, naming `exp`,
 * and pops everything from the message handler up. */
static int call(carc_lua *cl, int nargs, int nres, const char *exp) {
  lua_State *L = cl->L;
  int base = lua_gettop(L) - nargs - 1;
  cl->memloc[0] = cl->errloc[0] = cl->options_at[0] = '\0';
  cl->exhausted = 0;
  cl->in_call = 1;
  cl->calls++;
  clock_gettime(CLOCK_MONOTONIC, &cl->deadline);
  cl->deadline.tv_sec += TIME_LIMIT_S;
  cl->left = cl->budget;
  cl->chunk = 0;
  next_chunk(cl);
  int st = lua_pcall(L, nargs, nres, base);
  lua_sethook(L, NULL, 0, 0);
  cl->in_call = 0;
  if (st == LUA_OK) return st; /* results above the message handler; the caller pops both */
  const char *msg = lua_tostring(L, -1), *loc = cl->errloc;
  char mem[96];
  if (!msg) msg = "?";
  if (st == LUA_ERRMEM) {
    snprintf(mem, sizeof mem, "memory cap of %zu MiB exceeded (not enough memory)", cl->cap >> 20);
    msg = mem;
    loc = cl->memloc;
  }
  size_t n = strlen(loc);
  if (n && !strncmp(msg, loc, n) && msg[n] == ':') msg += n + 1 + (msg[n + 1] == ' ');
  if (!strncmp(msg, "prelude:", 8) && starts_with_place(msg)) { /* the loader's line: drop it */
    msg = strchr(msg + 8, ':') + 1;
    if (*msg == ' ') msg++;
  }
  if (exp)
    snprintf(cl->err, sizeof cl->err, "expansion '%s' at %s: %s", exp, loc[0] ? loc : "?", msg);
  else if (loc[0] && strncmp(loc, "prelude:", 8) && !starts_with_place(msg)) /* loader errors name their own file */
    snprintf(cl->err, sizeof cl->err, "%s: %s", loc, msg);
  else
    snprintf(cl->err, sizeof cl->err, "%s", msg);
  /* an expansion failed loading with a ruleset's options: name that line
   * too, unless the message starts there already (an option it refused) */
  const char *given = strstr(cl->options_at, "with the options at ");
  const size_t glen = given ? strlen(given + 20) : 0;
  if (cl->options_at[0] && !(given && !strncmp(cl->err, given + 20, glen) && cl->err[glen] == ':')) {
    size_t used = strlen(cl->err);
    snprintf(cl->err + used, sizeof cl->err - used, " (%s)", cl->options_at);
  }
  lua_settop(L, base - 1);
  return st;
}

/* ------------------------------------------------------------ trampolines */

static void begin_call(carc_lua *cl, carc_game *g) {
  cl->game = g;
  cl->ls.epoch++;
  cl->ctx->game->g = g;
  cl->ctx->game->epoch = cl->ls.epoch;
  cl->ctx->feature->g = g;
  cl->ctx->feature->epoch = cl->ls.epoch;
}
static void end_call(carc_lua *cl) {
  cl->ctx->ctx = NULL;
  cl->game = NULL;
  cl->ls.epoch++;
}

static carc_result run_handler(carc_score_ctx *ctx, void *ud) {
  lfn *f = ud;
  carc_lua *cl = f->cl;
  lua_State *L = cl->L;
  int top = lua_gettop(L);
  begin_call(cl, carc_ctx_game(ctx));
  cl->ctx->ctx = ctx;
  cl->ctx->feature->a = carc_ctx_feature(ctx);
  lua_pushcfunction(L, msgh);
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, cl->ctx_ref);
  int st = call(cl, 1, 0, f->exp);
  lua_settop(L, top);
  end_call(cl);
  if (st != LUA_OK) {
    carc_ctx_fail(ctx, cl->err);
    return CARC_ERR_SCRIPT;
  }
  return CARC_OK;
}

/* The board edges segment `id` touches, as bits (N = 1, E = 2, S = 4, W = 8). */
static unsigned segment_edge_bits(const carc_game *g, int id) {
  unsigned ports = carc_board_segment_ports(g, id), bits = 0;
  for (int d = 0; d < 4; d++)
    if (ports & (7u << (d * 3))) bits |= 1u << d;
  return bits;
}

/* Whether square (x, y) can hold a tile: on the plane any, on a map land,
 * a town, a start square, an island or a large city's square (not the sea,
 * the outside, waves, a highlight or a lone half square). */
static int holds_a_tile(const carc_engine *e, int x, int y) {
  switch (carc_map_square(e, x, y)) {
  case -1: /* no map */
  case CARC_SQ_LAND: case CARC_SQ_TOWN: case CARC_SQ_START: case CARC_SQ_ISLAND: case CARC_SQ_CITY:
    return 1;
  default:
    return 0;
  }
}

/* The square beyond edge d (N, E, S, W) of a square. */
static const int edge_dx[4] = {0, 1, 0, -1}, edge_dy[4] = {-1, 0, 1, 0};

/* Whether edge d of square (x, y) leads off a map: beyond it no square holds
 * a tile, and no ferry route printed on it leads to one. Never on the plane. */
static int off_the_map(const carc_engine *e, int x, int y, int d) {
  carc_map_link l;
  if (holds_a_tile(e, x + edge_dx[d], y + edge_dy[d])) return 0;
  return !(carc_map_link_at(e, x, y, d, &l) && l.kind == CARC_LINK_FERRY && holds_a_tile(e, l.far_x, l.far_y));
}

/* Source { pointers = { attr = turn, ... }, worth = 1 or "types", ferries =
 * bool, border_ends = bool }: over the scored feature's segments, each
 * listed attribute whose value names a tile edge (before rotation, N = 0 ..
 * W = 3) where the feature leaves the tile holds when, on the neighbouring
 * tile across that edge, the segment on the facing edge is of the feature's
 * kind and also touches the edge `turn` quarter turns clockwise from
 * straight on. With `ferries`, a map's ferry route printed on that edge
 * stands for the next tile: it leaves where its far end meets a square.
 * With `border_ends`, a pointer does not hold where the feature goes on off
 * the map (off_the_map): it ends there. The value is the number that hold,
 * times the number of their attributes with worth = "types". */
static carc_result pointers_value(carc_score_ctx *ctx, const lfn *f, const ladd *a, long long *out) {
  static const char *const edges = "NESW";
  carc_game *g = carc_ctx_game(ctx);
  carc_engine *e = carc_game_engine(g);
  int kind = carc_ctx_kind(ctx), root = carc_feature_root(g, carc_ctx_feature(ctx)), n = 0;
  unsigned seen = 0;
  for (int s = root; s >= 0;) {
    int t = carc_segment_tile(g, s), type = carc_board_tile_type(g, t), idx = carc_segment_index(g, s);
    for (int i = 0; i < a->npointers; i++) {
      int v = carc_segment_attr(e, type, idx, a->pointer_attr[i]);
      if (!v) continue;
      int x = carc_board_tile_x(g, t), y = carc_board_tile_y(g, t);
      int d = (int)(((v + carc_board_tile_rotation(g, t)) % 4 + 4) % 4);
      if (!(segment_edge_bits(g, s) & (1u << d))) {
        char msg[448];
        snprintf(msg, sizeof msg, "expansion '%s' (handler declared at %s): tile %s at (%d,%d): %s points "
                 "through edge %c, which is not an end of its %s", f->exp, f->where[0] ? f->where : "?",
                 carc_tile_type_name(e, type), x, y, carc_attr_name(e, a->pointer_attr[i]), edges[d],
                 carc_kind_name(e, kind));
        carc_ctx_fail(ctx, msg);
        return CARC_ERR_SCRIPT;
      }
      const int nx = x + edge_dx[d], ny = y + edge_dy[d], nt = carc_board_tile_at(g, nx, ny);
      carc_map_link l;
      if (nt < 0 && a->ferries && carc_map_link_at(e, x, y, d, &l) && l.kind == CARC_LINK_FERRY) {
        /* the route runs on into its far square, crossing its edge far_edge
         * inward: that is the direction it leaves in. A ferry carries a road:
         * another kind's pointer (a field's, along the road) finds no road
         * of its kind there, as it would on a tile's road. A far square that
         * holds no tile (a lone map's half square) ends the road. */
        if (kind == CARC_ROAD && (l.far_edge + 2) % 4 == (d + a->pointer_turn[i]) % 4 &&
            (!a->border_ends || holds_a_tile(e, l.far_x, l.far_y))) {
          n++;
          seen |= 1u << i;
        }
        continue;
      }
      int ns = nt < 0 ? -1 : carc_board_segment_at_port(g, nt, ((d + 2) % 4) * 3 + 1);
      if (ns < 0 || carc_segment_kind(e, carc_board_tile_type(g, nt), ns) != kind) continue;
      const int out_edge = (d + a->pointer_turn[i]) % 4;
      if (!(segment_edge_bits(g, carc_board_segment_id(g, nt, ns)) & (1u << out_edge))) continue;
      if (a->border_ends && off_the_map(e, nx, ny, out_edge)) continue;
      n++;
      seen |= 1u << i;
    }
    s = carc_feature_next_member(g, s);
    if (s == root) break;
  }
  *out = a->worth_types ? (long long)n * __builtin_popcount(seen) : n;
  return CARC_OK;
}

/* A handler declared with `set`, `add` and `halve` (docs/lua-api.md,
 * section 3): runs in C, no Lua call. Each change goes through carc_ctx_set,
 * so the breakdown records it under the handler's name exactly as the same
 * assignment in a Lua `fn` would. */
static carc_result run_added(carc_score_ctx *ctx, void *ud) {
  const lfn *f = ud;
  if (f->has_when) { /* the steps apply only while the kind's variable has its value */
    int k = carc_ctx_kind(ctx);
    if (k < 0 || k >= CARC_MAX_KINDS || f->when_var[k] < 0 ||
        carc_game_var(carc_ctx_game(ctx), f->when_var[k]) != f->when_value[k])
      return CARC_OK;
  }
  int r_ = carc_ctx_reason(ctx) == CARC_FINAL;
  if (f->present[r_] >= 0) { /* players with a figure there, or a strength, get this strength */
    unsigned present = binding_players_present(ctx);
    for (int p = 0; p < carc_ctx_players(ctx); p++) {
      if (!(present >> p & 1) && carc_ctx_strength(ctx, p) <= 0) continue;
      carc_result r = carc_ctx_set_strength(ctx, p, f->present[r_]);
      if (r != CARC_OK) return r;
    }
  }
  for (int i = 0; i < f->nsteps[r_]; i++) {
    const ladd *a = &f->steps[r_][i];
    long long now = carc_ctx_get(ctx, (carc_ctx_field)a->field), v = a->value, out;
    if (a->src == SRC_FIELD) v = carc_ctx_get(ctx, (carc_ctx_field)a->value);
    else if (a->src == SRC_TOKEN_POINTS) v = carc_ctx_token_points(ctx);
    else if (a->src == SRC_TOKENS) v = carc_ctx_tokens(ctx, -1);
    else if (a->src == SRC_TILES_ATTR) v = binding_tiles_with_attr(ctx, a->value);
    else if (a->src == SRC_TILES_KIND) v = binding_tiles_with_kind(ctx, a->value, 0);
    else if (a->src == SRC_TILES_KIND_PLACED) v = binding_tiles_with_kind(ctx, a->value, 1);
    else if (a->src == SRC_SEMICIRCULAR) v = binding_semicircular_tiles(ctx, 0, NULL);
    else if (a->src == SRC_SEMICIRCULAR_PLACED) v = binding_semicircular_tiles(ctx, 1, NULL);
    else if (a->src == SRC_FEATURE_SYMBOLS) v = carc_feature_symbols(carc_ctx_game(ctx), carc_ctx_feature(ctx));
    else if (a->src == SRC_POINTERS && pointers_value(ctx, f, a, &v) != CARC_OK) return CARC_ERR_SCRIPT;
    else if (a->src == SRC_SEMICIRCULAR_SYMBOLS || a->src == SRC_SEMICIRCULAR_SYMBOLS_PLACED) {
      int symbols = 0;
      binding_semicircular_tiles(ctx, a->src == SRC_SEMICIRCULAR_SYMBOLS_PLACED, &symbols);
      v = symbols;
    }
    if (a->op == OP_SET) out = v;
    else if (a->op == OP_ADD) out = now + v;
    else if (a->op == OP_SUB) out = now - v;
    else out = (now + 1 - ((now + 1) % 2 != 0 && now + 1 < 0)) / 2; /* floor((now + 1) / 2) */
    if (out < -CARC_MAX_SCORE || out > CARC_MAX_SCORE) {
      char msg[448];
      snprintf(msg, sizeof msg, "%s %lld is outside the allowed %d..%d (expansion '%s', declared at %s)",
               carc_ctx_field_name((carc_ctx_field)a->field), out, -CARC_MAX_SCORE, CARC_MAX_SCORE,
               f->exp, f->where[0] ? f->where : "?");
      carc_ctx_fail(ctx, msg);
      return CARC_ERR_ARGUMENT;
    }
    carc_result r = carc_ctx_set(ctx, (carc_ctx_field)a->field, (int)out);
    if (r != CARC_OK) return r;
  }
  return CARC_OK;
}

/* Hook argument keys, pushed from a registry array: lua_setfield would look
 * each name up in the string table on every call. */
enum { K_PLAYER = 1, K_X, K_Y, K_ROTATION, K_TILE, K_FEATURE, K_AWARD, K_SCORES, K_COUNT };
static const char *const arg_keys[] = {NULL, "player", "x", "y", "rotation", "tile", "feature", "award", "scores"};

static void set_arg_int(lua_State *L, int keys, int key, int v) {
  lua_rawgeti(L, keys, key);
  lua_pushinteger(L, v);
  lua_rawset(L, -3);
}

/* Empties the table at absolute index t and drops its metatable (through
 * the C API, which a __metatable field does not stop): what one call left
 * in a table it was lent, keys or a metatable, is gone before the next,
 * whether that call failed or not and whichever game it was for. */
static int empty_lent_table(lua_State *L, int t) {
  lua_pushnil(L);
  lua_setmetatable(L, t);
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) { /* clearing the fields met is allowed during a traversal */
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, t);
    n++;
  }
  return n;
}

/* Pushes tile type t's name: from the binding's table of names (strings
 * interned when a ruleset loaded: no allocation) for the types defined by
 * then, which stay; looked up afresh for a type defined since (a one-line
 * notation, a C embedder's carc_tile_define), since a call that fails takes
 * such a type back and another may take its index. */
static void push_type_name(lua_State *L, carc_lua *cl, int t) {
  if (t >= cl->names_n) {
    const char *name = carc_tile_type_name(cl->e, t);
    if (name) lua_pushstring(L, name);
    else lua_pushnil(L);
    return;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, cl->names_ref);
  lua_rawgeti(L, -1, t + 1);
  lua_replace(L, -2);
}

/* Lent table `ref` of the registry, emptied, at the top of the stack; one
 * that a call filled with more than LENT_KEYS keys is replaced by a new one,
 * since a table keeps its size and the next emptying would walk it all. */
#define LENT_KEYS 64
static void push_lent_table(lua_State *L, int ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  if (empty_lent_table(L, lua_gettop(L)) <= LENT_KEYS) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushvalue(L, -1);
  lua_rawseti(L, LUA_REGISTRYINDEX, ref);
}

/* Fills the engine's hook argument table; run by lua_pcall, since setting a
 * table's fields may allocate (a memory error must not escape to the host). */
typedef struct hook_fill {
  carc_lua *cl;
  lfn *f;
  const carc_hook_args *a;
} hook_fill;

static int fill_hook_args(lua_State *L) {
  const hook_fill *h = lua_touserdata(L, 1);
  carc_lua *cl = h->cl;
  const lfn *f = h->f;
  const carc_hook_args *a = h->a;
  carc_game *g = a->game;
  lua_rawgeti(L, LUA_REGISTRYINDEX, cl->keys_ref);
  int keys = lua_gettop(L);
  push_lent_table(L, cl->args_ref); /* one table per engine, emptied and refilled */
  lua_rawgeti(L, keys, K_PLAYER);
  if (a->player >= 0) lua_pushinteger(L, a->player + 1);
  else lua_pushnil(L);
  lua_rawset(L, -3);
  lua_rawgeti(L, keys, K_TILE);
  if (f->point == CARC_HOOK_PLACEMENT) {
    push_type_name(L, cl, a->tile_type);
  } else if (a->tile >= 0) {
    cl->hook_tile->a = a->tile;
    lua_rawgeti(L, LUA_REGISTRYINDEX, cl->hook_tile_ref);
  } else {
    lua_pushnil(L);
  }
  lua_rawset(L, -3);
  if (f->point == CARC_HOOK_PLACEMENT) {
    set_arg_int(L, keys, K_X, a->x);
    set_arg_int(L, keys, K_Y, a->y);
    set_arg_int(L, keys, K_ROTATION, a->rotation);
  }
  if (f->point == CARC_HOOK_FEATURE_SCORED) { /* per player: points and whether he scores */
    int n = carc_game_players(g);
    lua_rawgeti(L, keys, K_AWARD);
    push_lent_table(L, cl->award_ref);
    lua_rawgeti(L, keys, K_SCORES);
    push_lent_table(L, cl->scores_ref);
    for (int p = 0; p < n; p++) {
      int award = 0, scores = 0;
      carc_game_pending_award(g, a->feature, p, &award, &scores);
      lua_pushinteger(L, award);
      lua_rawseti(L, -4, p + 1);
      lua_pushboolean(L, scores);
      lua_rawseti(L, -2, p + 1);
    }
    lua_rawset(L, -5); /* args.scores */
    lua_rawset(L, -3); /* args.award */
  }
  lua_rawgeti(L, keys, K_FEATURE);
  if (a->feature >= 0) {
    cl->hook_feature->a = a->feature;
    lua_rawgeti(L, LUA_REGISTRYINDEX, cl->hook_feature_ref);
  } else {
    lua_pushnil(L);
  }
  lua_rawset(L, -3);
  return 0;
}

/* Fills a hook's arguments by running `fill` with `job` in protected mode,
 * then pushes the message handler, the hook, the game view and the argument
 * table `args_ref` for call(). On a memory error while filling, the game's
 * error names the expansion, the stack is back at `top` and the call is
 * over (0). */
static int hook_call_prepare(carc_lua *cl, carc_game *g, const lfn *f, lua_CFunction fill, void *job,
                             int args_ref, int top) {
  lua_State *L = cl->L;
  lua_pushcfunction(L, fill);
  lua_pushlightuserdata(L, job);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    snprintf(cl->err, sizeof cl->err, "expansion '%s': %s passing a hook its arguments", f->exp,
             lua_tostring(L, -1) ? lua_tostring(L, -1) : "an error");
    carc_game_set_error(g, cl->err);
    lua_settop(L, top);
    end_call(cl);
    return 0;
  }
  lua_pushcfunction(L, msgh);
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, cl->hook_game_ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_ref);
  return 1;
}

static carc_result run_hook(const carc_hook_args *a, void *ud) {
  lfn *f = ud;
  carc_lua *cl = f->cl;
  if (cl->raw_listing && f->point == CARC_HOOK_PLACEMENT) return CARC_OK; /* see batch_judge */
  lua_State *L = cl->L;
  carc_game *g = a->game;
  int top = lua_gettop(L);
  begin_call(cl, g);
  cl->hook_game->g = cl->hook_tile->g = cl->hook_feature->g = g;
  cl->hook_game->epoch = cl->hook_tile->epoch = cl->hook_feature->epoch = cl->ls.epoch;
  hook_fill job = {cl, f, a};
  if (!hook_call_prepare(cl, g, f, fill_hook_args, &job, cl->args_ref, top)) return CARC_ERR_SCRIPT;
  int st = call(cl, 2, 2, f->exp);
  carc_result r = CARC_OK;
  if (st != LUA_OK) {
    carc_game_set_error(g, cl->err);
    r = CARC_ERR_SCRIPT;
  } else if (f->point == CARC_HOOK_PLACEMENT && lua_type(L, -2) == LUA_TBOOLEAN && !lua_toboolean(L, -2)) {
    /* a string only: lua_tostring would turn a number into one, allocating
     * outside a protected call (an abort when the state is full) */
    if (lua_type(L, -1) == LUA_TSTRING) carc_game_set_error(g, lua_tostring(L, -1));
    r = CARC_ERR_ILLEGAL;
  }
  lua_settop(L, top);
  end_call(cl);
  return r;
}

/* A setup hook declared with token_supply: deals the supplies for the
 * game's number of players, in C (no Lua call). */
static carc_result run_supply_hook(const carc_hook_args *a, void *ud) {
  lfn *f = ud;
  carc_game *g = a->game;
  int players = carc_game_players(g);
  if (players < 1 || players > CARC_MAX_PLAYERS) return CARC_OK;
  for (int seat = 0; seat < players; seat++)
    for (int t = 0; t < SUPPLY_TOKENS; t++) {
      int n = *supply_at(f->supply, players, seat, t);
      if (n < 0) continue;
      carc_result r = carc_game_set_token_supply(g, seat, t, n);
      if (r != CARC_OK) return r;
    }
  return CARC_OK;
}

/* Floor division and remainder, as Lua's // and %. */
static long long floor_div(long long a, long long b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }
static long long floor_mod(long long a, long long b) { return a - floor_div(a, b) * b; }

/* A hook declared as data failed with r: its error names the expansion and
 * the declaration's file and line, as a Lua hook's names the line that failed. */
static carc_result declared_failed(carc_game *g, const lfn *f, carc_result r) {
  if (r == CARC_OK) return r;
  char msg[640];
  snprintf(msg, sizeof msg, "expansion '%s' at %s: %s", f->exp, f->where[0] ? f->where : "?", carc_game_error(g));
  carc_game_set_error(g, msg);
  return r;
}

/* A hook declared with `deal` or `turn`: deals or turns its stacks, then
 * sets each card's flag, in C (no Lua call). The same draws and values as
 * the Lua that game:permutation, game:set_var and game:set_flags would
 * give: a deal shuffles each stack as game:permutation(n) does. */
static carc_result run_stack_hook(const carc_hook_args *a, void *ud) {
  lfn *f = ud;
  carc_game *g = a->game;
  unsigned char on[HOOK_STACKS * STACK_CARDS] = {0};
  for (int i = 0; i < f->nstacks; i++) {
    const lstack *st = &f->stacks[i];
    long long active, rest;
    if (!f->turn) {
      int p[STACK_CARDS] = {0};
      for (int k = 0; k < st->ncards; k++) p[k] = k + 1;
      for (int k = st->ncards; st->shuffle && k >= 2; k--) {
        int j = 1 + (int)carc_game_random(g, (uint32_t)k), t = p[k - 1];
        p[k - 1] = p[j - 1];
        p[j - 1] = t;
      }
      active = st->top ? st->top : p[0];
      rest = 0;
      for (int k = 0, digit = 1; k < st->ncards; k++)
        if (p[k] != active) {
          rest += p[k] * digit;
          digit *= 16;
        }
    } else { /* the active card goes under the stack, the top one turns up */
      long long bottom = 1, was = carc_game_var(g, st->active), r = carc_game_var(g, st->rest);
      for (int k = 2; k < st->ncards; k++) bottom *= 16;
      active = floor_mod(r, 16);
      rest = floor_div(r, 16) + was * bottom;
    }
    if (rest < INT32_MIN || rest > INT32_MAX) {
      char msg[320];
      snprintf(msg, sizeof msg, "a card stack's variable %s would be %lld, outside "
               "-2147483648..2147483647", st->rest_name, rest);
      carc_game_set_error(g, msg);
      return declared_failed(g, f, CARC_ERR_ARGUMENT);
    }
    carc_result r = carc_game_set_stack(g, st->active, (int)active, (int)rest); /* both at once, checked once */
    if (r != CARC_OK) return declared_failed(g, f, r);
    if (active >= 1 && active <= st->ncards) on[st->slot[active - 1]] = 1;
  }
  for (int i = 0; i < f->ncard_flags; i++) {
    carc_result r = carc_game_set_flag(g, f->card_flags[i], on[i]);
    if (r != CARC_OK) return declared_failed(g, f, r);
  }
  return CARC_OK;
}

/* A turn-end hook declared with `square_arms = n` (docs/lua-api.md, section
 * 4): turns its flag off, then gives the player whose turn ends n points a
 * coat of arms printed on the island square of the turn's tile, in C, as
 * game:set_flag, game:map_square and game:add_score would. */
static carc_result run_arms_hook(const carc_hook_args *a, void *ud) {
  const lfn *f = ud;
  carc_game *g = a->game;
  carc_result r = carc_game_set_flag(g, f->arms_flag, 0);
  const int t = carc_game_last_tile(g);
  if (r != CARC_OK || t < 0 || a->player < 0) return declared_failed(g, f, r);
  const carc_engine *e = carc_game_engine(g);
  const int x = carc_board_tile_x(g, t), y = carc_board_tile_y(g, t);
  const int arms = carc_map_square(e, x, y) == CARC_SQ_ISLAND ? carc_map_square_arms(e, x, y) : 0;
  return declared_failed(g, f, arms > 0 ? carc_game_add_score(g, a->player, f->arms_points * arms) : CARC_OK);
}

/* spec.deal or spec.turn = { { cards = { flag, ... }, active = var, rest =
 * var, shuffle = true, top = n }, ... } (spec at index 2, the list on top). */
static void read_stacks(lua_State *L, carc_lua *cl, lfn *f, const char *name, const char *key) {
  int list = lua_gettop(L);
  if (!lua_istable(L, list)) luaL_error(L, "hook '%s': '%s' must be a list of card stacks", name, key);
  int n = (int)lua_rawlen(L, list);
  if (n < 1 || n > HOOK_STACKS) luaL_error(L, "hook '%s': '%s' lists 1 to %d card stacks, not %d", name, key, HOOK_STACKS, n);
  f->stacks = calloc((size_t)n, sizeof *f->stacks);
  f->card_flags = calloc((size_t)n * STACK_CARDS, sizeof *f->card_flags);
  if (!f->stacks || !f->card_flags) luaL_error(L, "out of memory");
  f->nstacks = n;
  for (int i = 1; i <= n; i++) {
    lstack *st = &f->stacks[i - 1];
    if (lua_rawgeti(L, list, i) != LUA_TTABLE) luaL_error(L, "hook '%s': %s[%d] must be a table", name, key, i);
    int t = lua_gettop(L);
    static const char *const stack_keys[] = {"cards", "active", "rest", "shuffle", "top", NULL};
    binding_check_keys(L, t, "card stack", "a card stack { ... }", stack_keys);
    static const char *const vars[] = {"active", "rest"};
    for (int v = 0; v < 2; v++) {
      if (lua_getfield(L, t, vars[v]) != LUA_TSTRING)
        luaL_error(L, "hook '%s': %s[%d].%s must name a game variable", name, key, i, vars[v]);
      int id = carc_var_id(cl->e, lua_tostring(L, -1));
      if (id < 0) luaL_error(L, "hook '%s': %s[%d].%s: %s", name, key, i, vars[v], carc_engine_error(cl->e));
      *(v ? &st->rest : &st->active) = id;
      if (v) snprintf(st->rest_name, sizeof st->rest_name, "%s", lua_tostring(L, -1));
      lua_pop(L, 1);
    }
    if (lua_getfield(L, t, "cards") != LUA_TTABLE) luaL_error(L, "hook '%s': %s[%d].cards must be a list of flag names", name, key, i);
    st->ncards = (int)lua_rawlen(L, -1);
    if (st->ncards < 2 || st->ncards > STACK_CARDS)
      luaL_error(L, "hook '%s': %s[%d].cards holds 2 to %d cards, not %d", name, key, i, STACK_CARDS, st->ncards);
    for (int k = 1; k <= st->ncards; k++) {
      if (lua_rawgeti(L, -1, k) != LUA_TSTRING) luaL_error(L, "hook '%s': %s[%d].cards[%d] must name a game flag", name, key, i, k);
      int flag = st->flags[k - 1] = carc_flag_id(cl->e, lua_tostring(L, -1));
      if (flag < 0) luaL_error(L, "hook '%s': %s[%d].cards[%d]: %s", name, key, i, k, carc_engine_error(cl->e));
      int slot = 0;
      while (slot < f->ncard_flags && f->card_flags[slot] != flag) slot++;
      if (slot == f->ncard_flags) f->card_flags[f->ncard_flags++] = flag;
      st->slot[k - 1] = slot;
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    int ty = lua_getfield(L, t, "shuffle");
    if (ty != LUA_TNIL && ty != LUA_TBOOLEAN) luaL_error(L, "hook '%s': %s[%d].shuffle must be true or false", name, key, i);
    st->shuffle = ty == LUA_TNIL || lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (lua_getfield(L, t, "top") != LUA_TNIL) {
      lua_Integer top = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
      if (top < 1 || top > st->ncards)
        luaL_error(L, "hook '%s': %s[%d].top must be a card's number, 1..%d (or nil: as shuffled)", name, key, i, st->ncards);
      st->top = (int)top;
    }
    /* the engine checks a save's stack: an order of the cards, each variable in its range */
    if (carc_var_set_stack(cl->e, st->active, st->rest, st->ncards) != CARC_OK)
      luaL_error(L, "hook '%s': %s[%d]: %s", name, key, i, carc_engine_error(cl->e));
    lua_settop(L, t - 1);
  }
}

/* A key of token_supply as an error shows it (pushed): never converted in
 * place, as lua_tostring would (the key is lua_next's). */
static const char *supply_key(lua_State *L, int idx) {
  if (lua_isinteger(L, idx)) return lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, idx));
  if (lua_type(L, idx) == LUA_TNUMBER) return lua_pushfstring(L, "%f", (LUAI_UACNUMBER)lua_tonumber(L, idx));
  if (lua_type(L, idx) == LUA_TSTRING) return lua_pushfstring(L, "'%s'", lua_tostring(L, idx));
  return lua_pushfstring(L, "a %s", luaL_typename(L, idx));
}

/* spec.token_supply = { [players] = { [seat] = { token = n, ... } } }, read
 * at load (spec at index 2). Every entry is read (lua_next) and must be in
 * range: a number of players past CARC_MAX_PLAYERS, a seat past the number
 * of players, or a token name not declared before the hook is an error, not
 * an entry skipped unseen. */
static void read_supply(lua_State *L, carc_lua *cl, lfn *f, const char *name) {
  int ntok = carc_token_type_count(cl->e);
  if (ntok > SUPPLY_TOKENS) luaL_error(L, "hook '%s': token_supply handles %d token types", name, SUPPLY_TOKENS);
  size_t cells = (size_t)CARC_MAX_PLAYERS * CARC_MAX_PLAYERS * SUPPLY_TOKENS;
  f->supply = malloc(sizeof *f->supply * cells);
  if (!f->supply) luaL_error(L, "out of memory");
  for (size_t i = 0; i < cells; i++) f->supply[i] = -1;
  int top = lua_gettop(L);
  if (lua_getfield(L, 2, "token_supply") != LUA_TTABLE)
    luaL_error(L, "hook '%s': token_supply must be a table, { [players] = { [seat] = { token = n } } }", name);
  for (lua_pushnil(L); lua_next(L, top + 1);) { /* players at top + 2, its seats at top + 3 */
    lua_Integer players = lua_isinteger(L, -2) ? lua_tointeger(L, -2) : 0;
    if (players < 1 || players > CARC_MAX_PLAYERS)
      luaL_error(L, "hook '%s': token_supply is keyed by numbers of players, 1..%d, not %s", name,
                 CARC_MAX_PLAYERS, supply_key(L, -2));
    if (!lua_istable(L, -1))
      luaL_error(L, "hook '%s': token_supply[%d] must be a table of seats", name, (int)players);
    for (lua_pushnil(L); lua_next(L, top + 3);) { /* seat at top + 4, its counts at top + 5 */
      lua_Integer seat = lua_isinteger(L, -2) ? lua_tointeger(L, -2) : 0;
      if (seat < 1 || seat > players)
        luaL_error(L, "hook '%s': token_supply[%d] is keyed by seats, 1..%d, not %s", name, (int)players,
                   (int)players, supply_key(L, -2));
      if (!lua_istable(L, -1))
        luaL_error(L, "hook '%s': token_supply[%d][%d] must be a table of token counts", name, (int)players,
                   (int)seat);
      for (lua_pushnil(L); lua_next(L, top + 5);) { /* token name at top + 6, count at top + 7 */
        int k = lua_type(L, -2) == LUA_TSTRING ? carc_token_type_find(cl->e, lua_tostring(L, -2)) : -1;
        if (k < 0 || k >= ntok)
          luaL_error(L, "hook '%s': token_supply[%d][%d]: %s is not a token declared before the hook (x:token)",
                     name, (int)players, (int)seat, supply_key(L, -2));
        if (!binding_whole(L, -1, NULL) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > 99)
          luaL_error(L, "hook '%s': token_supply[%d][%d].%s must be a whole number in 0..99", name, (int)players,
                     (int)seat, carc_token_type_name(cl->e, k));
        *supply_at(f->supply, (int)players, (int)seat - 1, k) = (int16_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_settop(L, top);
}

/* ------------------------------------------------ batched placement hooks */

/* Index of (x, y, rotation) in the cache's list, or -1. */
static int batch_find(const batch_cache *bc, int x, int y, int rot) {
  for (int i = 0; i < bc->n; i++)
    if (bc->list[i].x == x && bc->list[i].y == y && bc->list[i].rotation == rot) return i;
  return -1;
}

static int batch_reserve(batch_cache *bc, int n) {
  if (n <= bc->cap) return 1;
  int cap = bc->cap ? bc->cap : 64;
  while (cap < n) cap *= 2;
  carc_placement_option *l = realloc(bc->list, sizeof *l * (size_t)cap);
  if (!l) return 0;
  bc->list = l;
  unsigned char *r = realloc(bc->refused, (size_t)cap);
  if (!r) return 0;
  bc->refused = r;
  bc->cap = cap;
  return 1;
}

/* Fills an array table at `t` with n integers from the list. */
static void fill_ints(lua_State *L, int t, const carc_placement_option *l, int n, int field, int old) {
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, field == 0 ? l[i].x : field == 1 ? l[i].y : l[i].rotation);
    lua_rawseti(L, t, i + 1);
  }
  for (int i = n; i < old; i++) { /* no stale entries past the count */
    lua_pushnil(L);
    lua_rawseti(L, t, i + 1);
  }
}

/* One Lua call judges the whole list: the legal placements of the drawn
 * tile (every Lua placement hook passing while they are listed), or, for a
 * tile that is not the drawn one, the asked placement alone. */
/* Fills a batched hook's argument table (protected: it may allocate). */
typedef struct batch_fill {
  carc_lua *cl;
  lfn *f;
  const carc_hook_args *a;
  int old;
} batch_fill;

/* The table at args[key] (raw access: a metatable on args runs nothing),
 * made anew if the hook put something else there; left on the stack. */
static void args_table(lua_State *L, int args, const char *key) {
  lua_pushstring(L, key);
  if (lua_rawget(L, args) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushstring(L, key);
  lua_pushvalue(L, -2);
  lua_rawset(L, args);
}

static void args_set_int(lua_State *L, int args, const char *key, lua_Integer v) {
  lua_pushstring(L, key);
  lua_pushinteger(L, v);
  lua_rawset(L, args);
}

/* Before a batched hook's call: its args and their four lists lose their
 * metatables, args every key but the lists (the rest is written again),
 * and each list every key but 1..n, so that nothing one call left reaches
 * the next, in this game or another. */
static void batch_args_tidy(lua_State *L, int args, int n) {
  static const char *const lists[] = {"xs", "ys", "rotations", "refuse"};
  lua_pushnil(L);
  lua_setmetatable(L, args);
  lua_pushnil(L);
  while (lua_next(L, args)) { /* the key at -2, its value at -1 */
    int list = 0;
    for (int k = 0; k < 4 && !list && lua_type(L, -2) == LUA_TSTRING; k++)
      list = !strcmp(lua_tostring(L, -2), lists[k]);
    if (list && lua_type(L, -1) == LUA_TTABLE) {
      const int t = lua_gettop(L);
      lua_pushnil(L);
      lua_setmetatable(L, t);
      lua_pushnil(L);
      while (lua_next(L, t)) {
        lua_pop(L, 1);
        const lua_Integer i = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
        if (i >= 1 && i <= n) continue;
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
      }
      lua_pop(L, 1); /* the list; its key stays for lua_next */
      continue;
    }
    lua_pop(L, 1); /* any other key, or a list that is no table (args_table puts one back) */
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, args);
  }
}

static int fill_batch_args(lua_State *L) {
  const batch_fill *j = lua_touserdata(L, 1);
  carc_lua *cl = j->cl;
  lfn *f = j->f;
  const carc_hook_args *a = j->a;
  batch_cache *bc = &f->bc;
  int old = j->old;
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->args_ref);
  int args = lua_gettop(L);
  batch_args_tidy(L, args, old > bc->n ? old : bc->n);
  static const char *const arrays[] = {"xs", "ys", "rotations"};
  for (int k = 0; k < 3; k++) {
    args_table(L, args, arrays[k]);
    fill_ints(L, lua_gettop(L), bc->list, bc->n, k, old);
    lua_pop(L, 1);
  }
  args_table(L, args, "refuse");
  for (int i = 1; i <= old || i <= bc->n; i++) { /* emptied for the hook to fill */
    lua_pushnil(L);
    lua_rawseti(L, -2, i);
  }
  lua_pop(L, 1);
  args_set_int(L, args, "count", bc->n);
  args_set_int(L, args, "player", a->player + 1);
  lua_pushstring(L, "tile");
  push_type_name(L, cl, a->tile_type);
  lua_rawset(L, args);
  return 0;
}

/* After a batched hook ran: its verdicts from args.refuse into the cache,
 * and the refusal reasons into a table of the binding's own (protected:
 * raw access only, and copying may allocate). */
static int read_batch_verdicts(lua_State *L) {
  lfn *f = lua_touserdata(L, 1);
  batch_cache *bc = &f->bc;
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->args_ref);
  lua_pushstring(L, "refuse");
  if (lua_rawget(L, -2) != LUA_TTABLE)
    return luaL_error(L, "its batched placement hook must leave args.refuse a table");
  int refuse = lua_gettop(L);
  if (!f->verdicts_ref) {
    lua_newtable(L);
    f->verdicts_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->verdicts_ref);
  int verdicts = lua_gettop(L);
  for (int i = 0; i < bc->n; i++) {
    int t = lua_rawgeti(L, refuse, i + 1);
    bc->refused[i] = t != LUA_TNIL && (t != LUA_TBOOLEAN || lua_toboolean(L, -1));
    lua_rawseti(L, verdicts, i + 1);
  }
  return 0;
}

static carc_result batch_judge(lfn *f, const carc_hook_args *a) {
  carc_lua *cl = f->cl;
  lua_State *L = cl->L;
  carc_game *g = a->game;
  batch_cache *bc = &f->bc;
  int old = bc->valid ? bc->n : bc->cap;
  bc->valid = 0;
  bc->n = 0;
  if (carc_game_phase(g) == CARC_PHASE_PLACE && carc_game_drawn_tile(g) == a->tile_type) {
    cl->raw_listing = 1;
    int n = carc_game_placements(g, bc->list, bc->cap);
    if (n > bc->cap && batch_reserve(bc, n)) n = carc_game_placements(g, bc->list, bc->cap);
    cl->raw_listing = 0;
    if (n < 0) return CARC_ERR_SCRIPT; /* another placement hook failed: its message stands */
    carc_game_set_error(g, ""); /* as the caller left it: the listing may have written it */
    bc->n = n < bc->cap ? n : bc->cap;
  }
  if (batch_find(bc, a->x, a->y, a->rotation) < 0) {
    if (!batch_reserve(bc, bc->n + 1)) {
      carc_game_set_error(g, "out of memory listing placements");
      return CARC_ERR_MEMORY;
    }
    bc->list[bc->n++] = (carc_placement_option){a->x, a->y, a->rotation};
  }
  size_t nfp = carc_game_fingerprint(g, NULL, 0);
  if (nfp > bc->capfp) {
    unsigned char *p = realloc(bc->fp, nfp);
    if (!p) {
      carc_game_set_error(g, "out of memory keeping placement verdicts");
      return CARC_ERR_MEMORY;
    }
    bc->fp = p;
    bc->capfp = nfp;
  }
  bc->nfp = carc_game_fingerprint(g, bc->fp, bc->capfp);
  int top = lua_gettop(L);
  begin_call(cl, g);
  cl->hook_game->g = g;
  cl->hook_game->epoch = cl->ls.epoch;
  batch_fill job = {cl, f, a, old};
  if (!hook_call_prepare(cl, g, f, fill_batch_args, &job, f->args_ref, top)) return CARC_ERR_SCRIPT;
  int st = call(cl, 2, 0, f->exp);
  carc_result r = CARC_OK;
  if (st != LUA_OK) {
    carc_game_set_error(g, cl->err);
    r = CARC_ERR_SCRIPT;
  } else {
    lua_pushcfunction(L, read_batch_verdicts);
    lua_pushlightuserdata(L, f);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
      snprintf(cl->err, sizeof cl->err, "expansion '%s': %s", f->exp,
               lua_tostring(L, -1) ? lua_tostring(L, -1) : "an error reading the verdicts");
      carc_game_set_error(g, cl->err);
      lua_settop(L, top);
      end_call(cl);
      return CARC_ERR_SCRIPT;
    }
    bc->type = a->tile_type;
    bc->valid = 1;
  }
  lua_settop(L, top);
  end_call(cl);
  return r;
}

/* A batched placement hook, asked about one placement: answered from the
 * verdicts for the game's state, judging the state's list first if needed. */
static carc_result run_batch_hook(const carc_hook_args *a, void *ud) {
  lfn *f = ud;
  carc_lua *cl = f->cl;
  if (cl->raw_listing) return CARC_OK;
  batch_cache *bc = &f->bc;
  carc_game *g = a->game;
  int k = -1;
  /* a type defined since the ruleset loaded may have been taken back and
   * its index given to another: its verdicts are not kept */
  if (bc->valid && bc->type == a->tile_type && a->tile_type < cl->names_n &&
      carc_game_fingerprint_equal(g, bc->fp, bc->nfp))
    k = batch_find(bc, a->x, a->y, a->rotation);
  if (k < 0) {
    carc_result r = batch_judge(f, a);
    if (r != CARC_OK) return r;
    k = batch_find(bc, a->x, a->y, a->rotation);
  }
  if (k < 0 || !bc->refused[k]) return CARC_OK;
  lua_State *L = cl->L; /* the binding's own copy: raw reads of a plain table */
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->verdicts_ref);
  lua_rawgeti(L, -1, k + 1);
  const char *why = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  if (why) carc_game_set_error(g, why);
  lua_pop(L, 2);
  return CARC_ERR_ILLEGAL;
}

/* ------------------------------------------------- primitives for prelude */

static carc_lua *self(lua_State *L) { return carc_lstate_of(L)->cl; }

static int engine_error(lua_State *L) { return luaL_error(L, "%s", carc_engine_error(self(L)->e)); }

/* A regular file's size, or -1. Opened without blocking, so that a FIFO
 * named as an expansion or ruleset is refused instead of waiting for a
 * writer forever. */
static long regular_size(const char *path) {
  errno = 0;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  long size = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= LONG_MAX ? (long)st.st_size : -1;
  close(fd);
  return size;
}

/* The file's bytes, or nil and why if it cannot be read (missing, not a
 * regular file, or more than the memory cap). The block is a Lua userdata
 * made before the file is open, so that running out of memory leaves no
 * file open. */
static int p_read(lua_State *L) {
  const char *path = check_text(L, 1);
  long size = regular_size(path);
  if (size < 0 || (size_t)size > self(L)->cap) {
    lua_pushnil(L);
    lua_pushstring(L, size >= 0 ? "larger than the Lua state's memory" : errno ? strerror(errno) : "not a regular file");
    return 2;
  }
  char *buf = lua_newuserdatauv(L, (size_t)size + 1, 0);
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return 0;
  size_t n = 0;
  for (ssize_t r; n < (size_t)size && (r = read(fd, buf + n, (size_t)size - n)) > 0;) n += (size_t)r;
  close(fd);
  const size_t bom = binding_bom(buf, n);
  lua_pushlstring(L, buf + bom, n - bom);
  return 1;
}

/* C.read_only(t, newindex, pairs): a userdata that reads through to table t
 * (its __index), whose every write runs newindex (rawset takes no userdata)
 * and whose pairs runs pairs; its metatable is hidden. */
static int p_read_only(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  lua_newuserdatauv(L, 0, 0);
  lua_createtable(L, 0, 4);
  lua_pushvalue(L, 1);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, 2);
  lua_setfield(L, -2, "__newindex");
  lua_pushvalue(L, 3);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  return 1;
}

/* options_at(text or nil): while an expansion given options by a ruleset
 * loads, where they were given; an error in the load names it (call). */
static int p_options_at(lua_State *L) {
  carc_lua *cl = self(L);
  snprintf(cl->options_at, sizeof cl->options_at, "%s", lua_isnil(L, 1) ? "" : check_text(L, 1));
  return 0;
}

static int p_tiles(lua_State *L) {
  carc_lua *cl = self(L);
  declaration(L, "tiles");
  if (carc_tiles_load(cl->e, check_text(L, 1), check_text(L, 2), check_text(L, 3)) != CARC_OK) {
    lua_pushstring(L, carc_engine_error(cl->e)); /* already "file:line: ..." */
    return lua_error(L);
  }
  declared(L);
  return 0;
}

static int p_tile_attr(lua_State *L) {
  carc_lua *cl = self(L);
  declaration(L, "tile_attr");
  const char *tile = check_text(L, 1);
  int t = carc_tile_type_find(cl->e, tile);
  if (t < 0) return luaL_error(L, "tile_attr: unknown tile type '%s'", tile);
  int a = carc_attr_id(cl->e, check_text(L, 2));
  lua_Integer v = binding_check_whole(L, 3, "tile_attr: value");
  if (v < -32768 || v > 32767)
    return luaL_error(L, "tile_attr: value %I is outside the allowed -32768..32767", (LUAI_UACINT)v);
  if (a < 0 || carc_tile_set_attr(cl->e, t, a, (int)v) != CARC_OK) return engine_error(L);
  declared(L);
  return 0;
}

/* map(name, dir, followers, tiles, signal, towns, start_towns, city_fields): finds and
 * sets the engine's map; `signal` names a game flag the engine turns on for
 * island squares with coats of arms (and town squares if `towns`, start
 * squares too if also `start_towns`). */
/* x:map's count at `arg` (nil is 0): a number beyond an int is refused here
 * by the option's name, as the engine refuses one beyond its range. */
static int map_count(lua_State *L, int arg, const char *name, long long max) {
  if (lua_isnoneornil(L, arg)) return 0;
  int isnum = 0;
  const lua_Integer v = lua_tointegerx(L, arg, &isnum);
  if (!isnum) return luaL_error(L, "%s must be a whole number, not %s", name, binding_push_value(L, arg));
  if (v < INT_MIN || v > INT_MAX)
    return luaL_error(L, "%s: %I is outside 1..%d (0 keeps the map's)", name, (LUAI_UACINT)v, (int)max);
  return (int)v;
}

static int p_map(lua_State *L) {
  carc_lua *cl = self(L);
  char err[768];
  if (!lua_isnoneornil(L, 8)) { /* before the map: its printed pieces are made as it loads */
    const char *fields = lua_type(L, 8) == LUA_TSTRING ? lua_tostring(L, 8) : "";
    const int mode = !strcmp(fields, "around") ? CARC_MAP_FIELDS_AROUND
                     : !strcmp(fields, "apart") ? CARC_MAP_FIELDS_APART : -1;
    if (mode < 0) return luaL_error(L, "x:map: city_fields is \"around\" or \"apart\", not %s",
                                    binding_push_value(L, 8));
    if (carc_engine_map_fields(cl->e, mode) != CARC_OK) return engine_error(L);
  }
  if (carc_map_file_load(cl->e, check_text(L, 1), opt_text(L, 2, NULL), err, sizeof err) != CARC_OK) {
    lua_pushstring(L, err);
    return lua_error(L);
  }
  const int followers = map_count(L, 3, "followers", CARC_MAX_MAP_FOLLOWERS);
  const int tiles = map_count(L, 4, "tiles", CARC_MAX_BOARD_TILES);
  if (carc_engine_map_setup(cl->e, followers, tiles) != CARC_OK)
    return engine_error(L);
  const char *signal = opt_text(L, 5, NULL);
  int flag = signal ? carc_flag_id(cl->e, signal) : -1;
  if (signal && flag < 0) /* -1 would be no signal at all */
    return luaL_error(L, "map signal: %s", carc_engine_error(cl->e));
  const int towns = lua_toboolean(L, 6) ? 1 + lua_toboolean(L, 7) : 0;
  if (signal && carc_engine_map_signal(cl->e, flag, towns) != CARC_OK) return engine_error(L);
  declared(L);
  return 0;
}

static int p_tile_split(lua_State *L) {
  carc_lua *cl = self(L);
  const char *tile = check_text(L, 1);
  int t = carc_tile_type_find(cl->e, tile);
  if (t < 0) return luaL_error(L, "tile_split: unknown tile type '%s'", tile);
  if (carc_tile_split(cl->e, t, check_text(L, 2), check_int(L, 3)) != CARC_OK)
    return engine_error(L);
  declared(L);
  return 0;
}

/* An integer field of a declaration in lo..hi (booleans are 0 and 1). */
static int get_int(lua_State *L, int t, const char *k, int def, int lo, int hi) {
  int ty = lua_getfield(L, t, k);
  int v = def;
  if (ty == LUA_TBOOLEAN && lo == 0 && hi == 1) v = lua_toboolean(L, -1); /* a flag; priority = true is no number */
  else if (ty != LUA_TNIL) {
    if (!binding_whole(L, -1, NULL))
      luaL_error(L, "'%s' must be a whole number in %d..%d, not %s", k, lo, hi, binding_push_value(L, -1));
    lua_Integer n = lua_tointeger(L, -1);
    if (n < lo || n > hi)
      luaL_error(L, "'%s' is %I, outside the allowed %d..%d", k, (LUAI_UACINT)n, lo, hi);
    v = (int)n;
  }
  lua_pop(L, 1);
  return v;
}
static const char *get_str(lua_State *L, int t, const char *k) {
  int ty = lua_getfield(L, t, k);
  const char *s = NULL;
  if (ty == LUA_TSTRING) s = lua_tostring(L, -1);
  else if (ty != LUA_TNIL) luaL_error(L, "'%s' must be a string", k);
  lua_pop(L, 1); /* still referenced by the table */
  return s;
}
static int find_kind(lua_State *L, carc_engine *e, const char *k) {
  int kind = carc_kind_find(e, k);
  if (kind < 0 && !strcmp(k, "farm")) kind = CARC_FIELD;
  if (kind < 0) luaL_error(L, "unknown feature kind '%s'", k);
  return kind;
}
/* The table at `idx` must be a list: keys 1..n and no other (a set such as
 * { city = true }, or a list with a gap, would be read as shorter than it
 * is, and a filter read short lets everything through). */
static void check_list(lua_State *L, int idx, const char *what) {
  idx = lua_absindex(L, idx);
  lua_Integer n = 0;
  for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1)) n++;
  for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1))
    if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < 1 || lua_tointeger(L, -2) > n) {
      const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : luaL_typename(L, -2);
      if (lua_isinteger(L, -2)) key = lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, -2));
      luaL_error(L, "%s must be a list { \"a\", \"b\", ... } with no gaps: it has the key %s", what, key);
    }
}

static unsigned get_kinds(lua_State *L, carc_engine *e, int t) {
  unsigned bits = 0;
  int top = lua_gettop(L);
  const int type = lua_getfield(L, t, "kinds");
  if (type != LUA_TTABLE && type != LUA_TNIL) luaL_error(L, "'kinds' must be a list of kind names");
  if (type == LUA_TTABLE) check_list(L, -1, "'kinds'");
  for (int i = 1; type == LUA_TTABLE && lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
    bits |= 1u << find_kind(L, e, check_text(L, -1));
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  return bits;
}

static int p_figure(lua_State *L) {
  static const char *const figure_keys[] = {"name", "strength", "per_player", "occupies", "placement", "kinds",
                                            "moved_by_tile_attr", "exclusive_with", "incomplete_only", NULL};
  carc_lua *cl = self(L);
  declaration(L, "figure");
  luaL_checktype(L, 1, LUA_TTABLE);
  binding_check_keys(L, 1, "figure", "x:figure{}", figure_keys);
  carc_figure_def d;
  memset(&d, 0, sizeof d);
  d.name = get_str(L, 1, "name");
  d.strength = get_int(L, 1, "strength", 1, 0, 100);
  d.per_player = get_int(L, 1, "per_player", 1, 0, 16);
  d.occupies = get_int(L, 1, "occupies", 1, 0, 1);
  const char *pl = get_str(L, 1, "placement");
  if (pl && strcmp(pl, "follower") && strcmp(pl, "neutral"))
    return luaL_error(L, "figure placement is \"follower\" or \"neutral\", not \"%s\"", pl);
  d.placement = pl && !strcmp(pl, "neutral") ? CARC_PLACE_NEUTRAL : CARC_PLACE_FOLLOWER;
  d.kinds = get_kinds(L, cl->e, 1);
  d.moved_by_tile_attr = get_str(L, 1, "moved_by_tile_attr");
  d.exclusive_with = get_str(L, 1, "exclusive_with");
  d.incomplete_only = get_int(L, 1, "incomplete_only", 0, 0, 1);
  if (carc_figure_define(cl->e, &d) != CARC_OK) return engine_error(L);
  declared(L);
  return 0;
}

static int p_token(lua_State *L) {
  static const char *const token_keys[] = {"name", "per_player", "value", NULL};
  carc_lua *cl = self(L);
  declaration(L, "token");
  luaL_checktype(L, 1, LUA_TTABLE);
  binding_check_keys(L, 1, "token", "x:token{}", token_keys);
  carc_token_def d = {get_str(L, 1, "name"), get_int(L, 1, "per_player", 1, 0, 30),
                     get_int(L, 1, "value", 0, -CARC_MAX_SCORE, CARC_MAX_SCORE)};
  if (carc_token_define(cl->e, &d) != CARC_OK) return engine_error(L);
  declared(L);
  return 0;
}

static int p_kind(lua_State *L) {
  declaration(L, "kind");
  if (carc_kind_id(self(L)->e, check_text(L, 1)) < 0) return engine_error(L);
  declared(L);
  return 0;
}
static int declare(lua_State *L, int flag) {
  carc_lua *cl = self(L);
  declaration(L, flag ? "flag" : "var");
  const char *name = check_text(L, 1);
  int id = flag ? carc_flag_id(cl->e, name) : carc_var_id(cl->e, name);
  if (id < 0) return engine_error(L);
  declared(L);
  lua_pushinteger(L, id); /* handlers may use the id: no name lookup per call */
  return 1;
}
/* x:attr(name): the id of a segment or tile attribute, which views take in
 * place of its name (no name lookup per call). */
static int p_attr(lua_State *L) {
  carc_lua *cl = self(L);
  declaration(L, "attr");
  const char *name = check_text(L, 1);
  int id = carc_attr_id(cl->e, name);
  if (id < 0) return engine_error(L);
  lua_pushinteger(L, id);
  return 1;
}
/* A range given to variable `id` after a handler's `when` named it: a
 * value outside the range would leave that handler's steps never applying,
 * as read_when refuses when the range comes first. */
static void when_in_range(lua_State *L, const carc_lua *cl, int id, int lo, int hi) {
  for (int i = 0; i < cl->nfns; i++) {
    const lfn *f = cl->fns[i];
    for (int k = 0; f->has_when && k < CARC_MAX_KINDS; k++)
      if (f->when_var[k] == id && (f->when_value[k] < lo || f->when_value[k] > hi))
        luaL_error(L, "x:var: the range %d..%d of variable '%s' leaves out handler '%s''s when.%s.equals = %d "
                   "(declared at %s): its steps would never apply", lo, hi, carc_var_name(cl->e, id), f->name,
                   carc_kind_name(cl->e, k), f->when_value[k], f->where);
  }
}

/* x:var(name [, { min = lo, max = hi }]): a range, which must hold 0, makes
 * a set outside it an error naming the variable, and a save holding a value
 * outside it is refused at load (the rule would fail later, in its file). */
static int p_var(lua_State *L) {
  const int has_range = !lua_isnoneornil(L, 2);
  if (has_range) {
    static const char *const range_keys[] = {"min", "max", NULL};
    luaL_checktype(L, 2, LUA_TTABLE);
    binding_check_keys(L, 2, "range", "x:var(name, { min = ..., max = ... })", range_keys);
  }
  lua_Integer lo = INT32_MIN, hi = INT32_MAX;
  if (has_range) {
    lua_pushliteral(L, "min");
    if (lua_rawget(L, 2) != LUA_TNIL) lo = binding_check_whole(L, -1, "x:var range: min");
    lua_pushliteral(L, "max");
    if (lua_rawget(L, 2) != LUA_TNIL) hi = binding_check_whole(L, -1, "x:var range: max");
  }
  if (lo < INT32_MIN || hi > INT32_MAX || lo > 0 || hi < 0)
    return luaL_error(L, "x:var: the range %I..%I must lie in -2147483648..2147483647 and hold 0 (a new game's value)",
                      (LUAI_UACINT)lo, (LUAI_UACINT)hi);
  lua_settop(L, 1);
  declare(L, 0);
  carc_lua *cl = self(L);
  const int id = (int)lua_tointeger(L, -1);
  int was_lo, was_hi;
  const int ranged = carc_var_range(cl->e, id, &was_lo, &was_hi);
  if (has_range && ranged && (was_lo != lo || was_hi != hi)) /* names are global: two expansions share one */
    return luaL_error(L, "x:var: variable '%s' already has the range %d..%d", lua_tostring(L, 1), was_lo, was_hi);
  if (has_range && !ranged) {
    when_in_range(L, cl, id, (int)lo, (int)hi);
    if (carc_var_set_range(cl->e, id, (int)lo, (int)hi) != CARC_OK) return engine_error(L);
  }
  return 1;
}
static int p_flag(lua_State *L) { return declare(L, 1); }

static int p_set_token_value(lua_State *L) {
  carc_lua *cl = self(L);
  declaration(L, "set_token_value");
  const char *name = check_text(L, 1);
  int t = carc_token_type_find(cl->e, name);
  if (t < 0) return luaL_error(L, "unknown token type '%s'", name);
  lua_Integer v = binding_check_whole(L, 2, "set_token_value: value");
  if (v < -CARC_MAX_SCORE || v > CARC_MAX_SCORE)
    return luaL_error(L, "token value %I is outside the allowed %d..%d", (LUAI_UACINT)v, -CARC_MAX_SCORE,
                      CARC_MAX_SCORE);
  carc_token_set_value(cl->e, t, (int)v);
  declared(L);
  return 0;
}

static void filter_name_error(lua_State *L, const char *field) {
  luaL_error(L, "filter %s: %s", field, carc_engine_error(self(L)->e));
}

/* Reads a handler or hook spec's filter fields. */
static void get_filter(lua_State *L, carc_engine *e, carc_filter *f, int hook) {
  carc_filter_init(f);
  f->kinds = get_kinds(L, e, 2);
  const char *s;
  /* a name the tables cannot take is an error: its id would be -1, any */
  if ((s = get_str(L, 2, "attr")) && (f->attr = carc_attr_id(e, s)) < 0) filter_name_error(L, "attr");
  if ((s = get_str(L, 2, "tile_attr")) && (f->tile_attr = carc_attr_id(e, s)) < 0)
    filter_name_error(L, "tile_attr");
  if ((s = get_str(L, 2, "figure")) && (f->figure = carc_figure_type_find(e, s)) < 0)
    luaL_error(L, "unknown figure type '%s' (declare it first)", s);
  if ((s = get_str(L, 2, "flag")) && (f->flag = carc_flag_find(e, s)) < 0) /* a misspelt flag would never be on */
    luaL_error(L, "filter flag: unknown flag '%s' (declare it with x:flag first)", s);
  f->tokens = get_int(L, 2, "tokens", 0, 0, 1);
  int top = lua_gettop(L);
  if (!hook && lua_getfield(L, 2, "reasons") == LUA_TTABLE) {
    check_list(L, -1, "'reasons'");
    for (int i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
      const char *r = check_text(L, -1);
      if (!strcmp(r, "completed")) f->reasons |= CARC_COMPLETED;
      else if (!strcmp(r, "final")) f->reasons |= CARC_FINAL;
      else luaL_error(L, "reasons are \"completed\" and \"final\", not \"%s\"", r);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, top);
}

static lfn *new_fn(lua_State *L, carc_lua *cl, const char *exp, int point, int with_fn) {
  if (cl->nfns == cl->cap_fns) {
    int cap = cl->cap_fns ? cl->cap_fns * 2 : 32;
    lfn **n = realloc(cl->fns, sizeof *n * (size_t)cap);
    if (!n) luaL_error(L, "out of memory");
    cl->fns = n;
    cl->cap_fns = cap;
  }
  lfn *f = calloc(1, sizeof *f);
  if (!f) luaL_error(L, "out of memory");
  cl->fns[cl->nfns++] = f;
  f->ref = LUA_NOREF;
  f->cl = cl;
  f->point = point;
  snprintf(f->exp, sizeof f->exp, "%s", exp);
  f->ref = LUA_NOREF;
  if (!with_fn) return f;
  if (lua_getfield(L, 2, "fn") != LUA_TFUNCTION) luaL_error(L, "'fn' must be a function");
  f->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return f;
}

/* Keeps where the hook being declared was declared ("file:line" of the
 * user's script, not the loader's), for the errors of a hook declared as data. */
static void note_declaration(lua_State *L, lfn *f) { where(L, 1, f->where, sizeof f->where); }

/* A describe table's key: a kind ("farm" for the field), alone or with a
 * reason ("city final"), as `carcassonne explain` picks rows by them. */
static int describe_key_ok(const carc_engine *e, const char *key) {
  char kind[CARC_MAX_NAME];
  const char *space = strchr(key, ' ');
  size_t n = space ? (size_t)(space - key) : strlen(key);
  if (n >= sizeof kind) return 0;
  memcpy(kind, key, n);
  kind[n] = '\0';
  if (carc_kind_find(e, kind) < 0 && strcmp(kind, "farm")) return 0;
  return !space || !strcmp(space + 1, "completed") || !strcmp(space + 1, "final");
}

/* A describe key that names no kind: an error listing the kinds, and the
 * key a small edit away ("raod" for "road", "city finl"). */
static void describe_key_error(lua_State *L, const carc_engine *e, const char *key) {
  static const char *const reasons[] = {"", " completed", " final"};
  char text[(CARC_MAX_KINDS + 1) * 3][CARC_MAX_NAME + 12];
  const char *keys[(CARC_MAX_KINDS + 1) * 3 + 1];
  int n = 0;
  luaL_Buffer kinds;
  luaL_buffinit(L, &kinds);
  for (int k = 0; k <= CARC_MAX_KINDS; k++) {
    const char *kind = k < CARC_MAX_KINDS ? carc_kind_name(e, k) : "farm";
    if (!strcmp(kind, "?")) continue;
    if (n) luaL_addstring(&kinds, ", ");
    luaL_addstring(&kinds, kind);
    for (int r = 0; r < 3; r++, n++) {
      snprintf(text[n], sizeof text[n], "%s%s", kind, reasons[r]);
      keys[n] = text[n];
    }
  }
  keys[n] = NULL;
  luaL_addstring(&kinds, "), or a kind and a reason (\"city completed\", \"city final\")");
  luaL_pushresult(&kinds);
  lua_pushfstring(L, "a kind (%s", lua_tostring(L, -1));
  binding_unknown_key(L, "describe", key, keys, "describe = { ... }", lua_tostring(L, -1));
}

/* spec.describe: a string, or a table { road = "...", ["city final"] = "..." }
 * (keys sorted so that the text is the same on every run). */
static void set_description(lua_State *L, carc_engine *e, const char *name) {
  int top = lua_gettop(L);
  int t = lua_getfield(L, 2, "describe");
  if (t == LUA_TSTRING) {
    if (carc_handler_describe(e, name, lua_tostring(L, -1)) != CARC_OK) engine_error(L);
  } else if (t == LUA_TTABLE) {
    const char *keys[32];
    int n = 0;
    for (lua_pushnil(L); lua_next(L, -2);) {
      if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
        luaL_error(L, "%s: describe = { kind = \"text\", ... } takes strings", name);
      if (n == 32) luaL_error(L, "%s: describe has more than 32 entries", name);
      if (!describe_key_ok(e, lua_tostring(L, -2))) describe_key_error(L, e, lua_tostring(L, -2));
      keys[n++] = lua_tostring(L, -2);
      lua_pop(L, 1);
    }
    for (int i = 1; i < n; i++) /* insertion sort by key */
      for (int j = i; j > 0 && strcmp(keys[j - 1], keys[j]) > 0; j--) {
        const char *k = keys[j];
        keys[j] = keys[j - 1];
        keys[j - 1] = k;
      }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0; i < n; i++) {
      lua_getfield(L, top + 1, keys[i]);
      const char *text = lua_tostring(L, -1);
      lua_pop(L, 1);
      if (i) luaL_addchar(&b, '\n');
      luaL_addstring(&b, keys[i]);
      luaL_addstring(&b, ": ");
      luaL_addstring(&b, text);
    }
    luaL_pushresult(&b);
    if (carc_handler_describe(e, name, lua_tostring(L, -1)) != CARC_OK) engine_error(L);
  } else if (t != LUA_TNIL) {
    luaL_error(L, "%s: 'describe' must be a string or a table of strings", name);
  }
  lua_settop(L, top);
}

static void full_name(lua_State *L, const char *exp, char *out) {
  const char *n = get_str(L, 2, "name");
  if (!n || !*n) luaL_error(L, "a handler or hook needs a name");
  if ((int)(strlen(exp) + 1 + strlen(n)) >= CARC_MAX_NAME) luaL_error(L, "name '%s.%s' is too long", exp, n);
  snprintf(out, CARC_MAX_NAME, "%s.%s", exp, n);
}

/* A ctx number field by name, -1 if none. */
static int ctx_field(const char *name) {
  for (int f = 0; f < CARC_F_FIELD_COUNT; f++)
    if (!strcmp(name, carc_ctx_field_name((carc_ctx_field)f))) return f;
  return -1;
}

/* A field a declarative handler may change, by name (error otherwise). */
static int step_field(lua_State *L, const char *name, const char *what, const char *k) {
  int field = ctx_field(k);
  if (field < 0 || field == CARC_F_COUNT_ORIGINAL || field == CARC_F_SYMBOLS_ORIGINAL)
    luaL_error(L, "handler '%s': %s names '%s': the fields it can change are count, symbols, "
                  "unit_rate, symbol_rate, adjust and total", name, what, k);
  return field;
}

/* { pointers = { attr = turn, ... }, worth = 1 or "types", ferries = bool,
 * border_ends = bool } (the source
 * table below its pointers field, on top), into a. Pops the field. */
static void read_pointers(lua_State *L, ladd *a, const char *name, const char *what, const char *k) {
  carc_engine *e = self(L)->e;
  int p = lua_gettop(L);
  if (!lua_istable(L, p))
    luaL_error(L, "handler '%s': %s.%s: pointers must be a table { attribute = turn (0..3), ... }", name, what, k);
  a->src = SRC_POINTERS;
  a->npointers = 0;
  lua_pushnil(L);
  if (!lua_next(L, p))
    luaL_error(L, "handler '%s': %s.%s: pointers must name at least one attribute { attribute = turn (0..3), ... }",
               name, what, k);
  lua_pop(L, 2);
  for (lua_pushnil(L); lua_next(L, p); lua_pop(L, 1)) {
    if (lua_type(L, -2) != LUA_TSTRING || !binding_whole(L, -1, NULL) || lua_tointeger(L, -1) < 0 ||
        lua_tointeger(L, -1) > 3)
      luaL_error(L, "handler '%s': %s.%s: pointers must be a table { attribute = turn (0..3), ... }", name, what, k);
    if (a->npointers == MAX_POINTERS)
      luaL_error(L, "handler '%s': %s.%s: at most %d pointer attributes", name, what, k, MAX_POINTERS);
    int id = carc_attr_id(e, lua_tostring(L, -2));
    if (id < 0) luaL_error(L, "handler '%s': %s.%s: cannot declare attribute '%s'", name, what, k, lua_tostring(L, -2));
    int j = a->npointers++; /* kept in attribute order: the same on every run */
    while (j > 0 && a->pointer_attr[j - 1] > id) {
      a->pointer_attr[j] = a->pointer_attr[j - 1];
      a->pointer_turn[j] = a->pointer_turn[j - 1];
      j--;
    }
    a->pointer_attr[j] = id;
    a->pointer_turn[j] = (int)lua_tointeger(L, -1);
  }
  lua_pop(L, 1);
  int w = lua_getfield(L, -1, "worth");
  a->worth_types = w == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "types");
  if (w != LUA_TNIL && !a->worth_types && !(binding_whole(L, -1, NULL) && lua_tointeger(L, -1) == 1))
    luaL_error(L, "handler '%s': %s.%s: worth is 1 or \"types\"", name, what, k);
  lua_pop(L, 1);
  int given = 1 + (w != LUA_TNIL);
  static const char *const flags[] = {"ferries", "border_ends"};
  int *const flag_of[] = {&a->ferries, &a->border_ends};
  for (int q = 0; q < 2; q++) { /* optional booleans */
    const int t = lua_getfield(L, -1, flags[q]);
    if (t != LUA_TNIL && t != LUA_TBOOLEAN)
      luaL_error(L, "handler '%s': %s.%s: %s is true or false", name, what, k, flags[q]);
    *flag_of[q] = lua_toboolean(L, -1);
    given += t != LUA_TNIL;
    lua_pop(L, 1);
  }
  int keys = 0;
  for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) keys++;
  if (keys != given)
    luaL_error(L, "handler '%s': %s.%s: a pointers source has the keys pointers, worth, ferries and border_ends",
               name, what, k);
}

/* Appends the steps of the table on top (`set`, `add`, `sub` or `halve`) to
 * out/n, in field order (count, symbols, unit_rate, symbol_rate, adjust,
 * total). */
static void parse_steps(lua_State *L, const char *name, const char *what, int op, ladd *out, int *n) {
  int seen[CARC_F_FIELD_COUNT];
  ladd step[CARC_F_FIELD_COUNT];
  memset(seen, 0, sizeof seen);
  memset(step, 0, sizeof step);
  int top = lua_gettop(L);
  if (op == OP_HALVE) { /* halve = "total" or { "total", ... } */
    if (lua_type(L, top) == LUA_TSTRING) {
      int field = step_field(L, name, what, lua_tostring(L, top));
      seen[field] = 1;
      step[field] = (ladd){.field = field, .src = SRC_CONST, .op = OP_HALVE};
    } else {
      char list[80];
      snprintf(list, sizeof list, "handler '%s': '%s'", name, what);
      check_list(L, top, list);
      for (int i = 1; lua_rawgeti(L, top, i) != LUA_TNIL; i++) {
        if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "handler '%s': %s takes field names", name, what);
        int field = step_field(L, name, what, lua_tostring(L, -1));
        if (seen[field]) luaL_error(L, "handler '%s': %s names '%s' twice", name, what, lua_tostring(L, -1));
        seen[field] = 1;
        step[field] = (ladd){.field = field, .src = SRC_CONST, .op = OP_HALVE};
        lua_pop(L, 1);
      }
      lua_settop(L, top);
    }
  } else {
    for (lua_pushnil(L); lua_next(L, top);) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
      int field = step_field(L, name, what, k);
      ladd *a = &step[field];
      a->field = field;
      a->op = op;
      if (binding_whole(L, -1, NULL)) {
        lua_Integer v = lua_tointeger(L, -1);
        if (v < -CARC_MAX_SCORE || v > CARC_MAX_SCORE)
          luaL_error(L, "handler '%s': %s.%s is outside the allowed %d..%d", name, what, k,
                     -CARC_MAX_SCORE, CARC_MAX_SCORE);
        a->src = SRC_CONST;
        a->value = (int)v;
      } else if (lua_type(L, -1) == LUA_TSTRING) {
        const char *src = lua_tostring(L, -1);
        a->value = ctx_field(src);
        a->src = SRC_FIELD;
        if (!strcmp(src, "token_points")) a->src = SRC_TOKEN_POINTS;
        else if (!strcmp(src, "tokens")) a->src = SRC_TOKENS;
        else if (!strcmp(src, "semicircular_tiles")) a->src = SRC_SEMICIRCULAR;
        else if (!strcmp(src, "placed_semicircular_tiles")) a->src = SRC_SEMICIRCULAR_PLACED;
        else if (!strcmp(src, "semicircular_symbols")) a->src = SRC_SEMICIRCULAR_SYMBOLS;
        else if (!strcmp(src, "placed_semicircular_symbols")) a->src = SRC_SEMICIRCULAR_SYMBOLS_PLACED;
        else if (!strcmp(src, "feature_symbols")) a->src = SRC_FEATURE_SYMBOLS;
        else if (a->value < 0)
          luaL_error(L, "handler '%s': %s.%s = \"%s\": a source is a whole number, a field name, "
                        "\"token_points\", \"tokens\", \"semicircular_tiles\", \"placed_semicircular_tiles\", "
                        "\"semicircular_symbols\", \"placed_semicircular_symbols\", "
                        "\"feature_symbols\", { tiles_with_attr = name }, { tiles_with_kind = name }, "
                        "{ placed_tiles_with_kind = name } or { pointers = ... }", name, what, k, src);
      } else if (lua_type(L, -1) == LUA_TTABLE && lua_getfield(L, -1, "pointers") != LUA_TNIL) {
        read_pointers(L, a, name, what, k);
      } else if (lua_type(L, -2) == LUA_TTABLE) { /* { tiles_with_attr = a }, { [placed_]tiles_with_kind = k } */
        lua_pop(L, 1); /* the pointers field, nil */
        static const char *const table_sources[] = {"tiles_with_attr", "tiles_with_kind", "placed_tiles_with_kind"};
        static const int table_src[] = {SRC_TILES_ATTR, SRC_TILES_KIND, SRC_TILES_KIND_PLACED};
        carc_engine *e = self(L)->e;
        int keys = 0, which = -1;
        for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) keys++;
        for (int q = 0; q < 3 && which < 0; q++) {
          if (lua_getfield(L, -1, table_sources[q]) == LUA_TSTRING) which = q;
          else lua_pop(L, 1);
        }
        if (keys != 1 || which < 0)
          luaL_error(L, "handler '%s': %s.%s: a table source is { tiles_with_attr = name }, "
                        "{ tiles_with_kind = name }, { placed_tiles_with_kind = name } or "
                        "{ pointers = { attribute = turn, ... }, ... }", name, what, k);
        const char *src = lua_tostring(L, -1);
        a->src = table_src[which];
        a->value = which == 0 ? carc_attr_id(e, src) : carc_kind_find(e, src);
        if (a->value < 0)
          luaL_error(L, which == 0 ? "handler '%s': %s.%s: cannot declare attribute '%s'"
                                   : "handler '%s': %s.%s: unknown kind '%s'", name, what, k, src);
        lua_pop(L, 1);
      } else {
        luaL_error(L, "handler '%s': %s.%s must be a whole number or a source name", name, what, k);
      }
      seen[field] = 1;
      lua_pop(L, 1);
    }
  }
  for (int i = 0; i < CARC_F_FIELD_COUNT; i++)
    if (seen[i]) out[(*n)++] = step[i];
}

/* `strength = { present = n }` of table `t`: *present gets n, or stays -1
 * without the key. Returns whether it had the key. */
static int parse_strength(lua_State *L, int t, const char *name, const char *where, int *present) {
  int ty = lua_getfield(L, t, "strength");
  if (ty == LUA_TNIL) {
    lua_pop(L, 1);
    return 0;
  }
  int keys = 0;
  if (ty == LUA_TTABLE)
    for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) keys++;
  if (ty != LUA_TTABLE || keys != 1 || lua_getfield(L, -1, "present") == LUA_TNIL || !binding_whole(L, -1, NULL) ||
      lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > CARC_MAX_SCORE)
    luaL_error(L, "handler '%s': '%sstrength' must be { present = n }, n a whole number from 0 to %d", name,
               where, CARC_MAX_SCORE);
  *present = (int)lua_tointeger(L, -1);
  lua_pop(L, 2);
  return 1;
}

/* The steps of table `t` (the spec, or its `completed` / `final` table):
 * every set, then every add, every sub, every halve. Returns whether it had any key. */
static int parse_reason(lua_State *L, int t, const char *name, const char *where, ladd *out, int *n,
                        int *present) {
  static const char *const keys[] = {"set", "add", "sub", "halve"};
  int any = parse_strength(L, t, name, where, present);
  for (int op = 0; op < 4; op++) {
    int ty = lua_getfield(L, t, keys[op]);
    if (ty != LUA_TNIL) {
      char what[48];
      snprintf(what, sizeof what, "%s%s", where, keys[op]);
      if (ty != LUA_TTABLE && !(op == OP_HALVE && ty == LUA_TSTRING))
        luaL_error(L, "handler '%s': '%s' must be a table", name, what);
      parse_steps(L, name, what, op, out, n);
      any = 1;
    }
    lua_pop(L, 1);
  }
  return any;
}

/* spec.when = { [kind] = { var = name, equals = n }, ... }: the steps apply
 * to a feature of a kind named only while that variable equals n. */
static void read_when(lua_State *L, carc_lua *cl, lfn *f, const char *name, const carc_filter *filter) {
  int top = lua_gettop(L);
  if (lua_getfield(L, 2, "when") != LUA_TTABLE)
    luaL_error(L, "handler '%s': 'when' must be a table { kind = { var = name, equals = n }, ... }", name);
  f->has_when = 1;
  int named = 0;
  for (int k = 0; k < CARC_MAX_KINDS; k++) f->when_var[k] = -1;
  for (lua_pushnil(L); lua_next(L, top + 1); lua_pop(L, 1)) {
    const char *kn = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int k = carc_kind_find(cl->e, kn);
    if (k < 0 && !strcmp(kn, "farm")) k = CARC_FIELD; /* as in kinds */
    if (k < 0 || k >= CARC_MAX_KINDS) luaL_error(L, "handler '%s': when.%s: unknown kind", name, kn);
    if (f->when_var[k] >= 0) /* farm and field: which applied would follow the table's order */
      luaL_error(L, "handler '%s': when names the field twice (farm is the field)", name);
    if (filter->kinds && !(filter->kinds >> k & 1)) /* its steps could never apply */
      luaL_error(L, "handler '%s': when.%s: the handler's kinds leave %s out", name, kn, kn);
    static const char *const when_keys[] = {"var", "equals", NULL};
    if (lua_type(L, -1) == LUA_TTABLE) binding_check_keys(L, -1, "when entry", "when = { kind = { ... } }", when_keys);
    int vt = lua_type(L, -1) == LUA_TTABLE ? lua_getfield(L, -1, "var") : LUA_TNIL;
    if (vt != LUA_TSTRING) luaL_error(L, "handler '%s': when.%s must be { var = name, equals = n }", name, kn);
    int id = carc_var_find(cl->e, lua_tostring(L, -1)); /* a misspelt one would stay 0 */
    if (id < 0)
      luaL_error(L, "handler '%s': when.%s: unknown variable '%s' (declare it with x:var first)", name, kn,
                 lua_tostring(L, -1));
    lua_getfield(L, -2, "equals");
    if (!binding_whole(L, -1, NULL) || lua_tointeger(L, -1) < INT32_MIN || lua_tointeger(L, -1) > INT32_MAX)
      luaL_error(L, "handler '%s': when.%s.equals must be a whole number", name, kn);
    int lo, hi;
    if (carc_var_range(cl->e, id, &lo, &hi) && (lua_tointeger(L, -1) < lo || lua_tointeger(L, -1) > hi))
      luaL_error(L, "handler '%s': when.%s.equals = %I is outside variable '%s''s range %d..%d: the steps "
                 "would never apply", name, kn, lua_tointeger(L, -1), carc_var_name(cl->e, id), lo, hi);
    f->when_var[k] = id;
    f->when_value[k] = (int)lua_tointeger(L, -1);
    lua_pop(L, 2);
    named = 1;
  }
  if (!named) /* no kind named: "another kind never" is every kind */
    luaL_error(L, "handler '%s': 'when' names no kind, so its steps would never apply", name);
  lua_settop(L, top);
}

/* Does the filter let through only kinds that never complete (fields and
 * water: scored at the end only)? */
static bool never_complete(const carc_filter *f) {
  return f->kinds && !(f->kinds & ~(1u << CARC_FIELD | 1u << CARC_WATER));
}

/* Returns the declarative handler of spec (at index 2), or NULL if it has
 * none of set, add, halve, completed, final. */
static lfn *declared_fn(lua_State *L, carc_lua *cl, const char *exp, const char *name, const carc_filter *filter) {
  int top = lua_gettop(L);
  ladd all[MAX_STEPS], by[2][MAX_STEPS];
  int nall = 0, nby[2] = {0, 0}, present_all = -1, present_by[2] = {-1, -1};
  int common = parse_reason(L, 2, name, "", all, &nall, &present_all);
  static const char *const reasons[] = {"completed", "final"};
  int per = 0;
  for (int r = 0; r < 2; r++) {
    int ty = lua_getfield(L, 2, reasons[r]);
    if (ty == LUA_TTABLE && filter->reasons && !(filter->reasons & (r ? CARC_FINAL : CARC_COMPLETED)))
      luaL_error(L, "handler '%s': its '%s' steps would never run: its reasons leave %s out", name, reasons[r],
                 reasons[r]);
    if (ty == LUA_TTABLE && r == 0 && never_complete(filter))
      luaL_error(L, "handler '%s': its 'completed' steps would never run: fields and water never complete", name);
    if (ty == LUA_TTABLE) {
      static const char *const step_keys[] = {"strength", "set", "add", "sub", "halve", NULL};
      char where[24], taker[24];
      snprintf(taker, sizeof taker, "%s = { ... }", reasons[r]);
      binding_check_keys(L, top + 1, "step", taker, step_keys);
      snprintf(where, sizeof where, "%s.", reasons[r]);
      parse_reason(L, top + 1, name, where, by[r], &nby[r], &present_by[r]);
      per = 1;
    } else if (ty != LUA_TNIL) {
      luaL_error(L, "handler '%s': '%s' must be a table of set/add/halve", name, reasons[r]);
    }
    lua_settop(L, top);
  }
  int when = lua_getfield(L, 2, "when");
  lua_settop(L, top);
  if (!common && !per) {
    if (when != LUA_TNIL) luaL_error(L, "handler '%s': 'when' goes with set/add/sub/halve, not with fn", name);
    return NULL;
  }
  if (common && per)
    luaL_error(L, "handler '%s': give set/add/halve either for every reason or under "
                  "completed/final, not both", name);
  if (lua_getfield(L, 2, "fn") != LUA_TNIL)
    luaL_error(L, "handler '%s': give either 'fn' or set/add/halve, not both", name);
  lua_settop(L, top);
  lfn *f = new_fn(L, cl, exp, -1, 0);
  note_declaration(L, f); /* it runs in C: its errors name this line */
  snprintf(f->name, sizeof f->name, "%s", name);
  for (int r = 0; r < 2; r++) {
    const ladd *src = common ? all : by[r];
    f->nsteps[r] = common ? nall : nby[r];
    memcpy(f->steps[r], src, sizeof *src * (size_t)f->nsteps[r]);
    f->present[r] = common ? present_all : present_by[r];
  }
  if (!f->nsteps[0] && !f->nsteps[1] && f->present[0] < 0 && f->present[1] < 0)
    luaL_error(L, "handler '%s': its steps change nothing", name);
  if (when != LUA_TNIL) read_when(L, cl, f, name, filter);
  return f;
}

/* The keys x:handler{} and x:hook{} take (docs/lua-api.md, section 1). A
 * hook's filter is checked on kinds, tile_attr and flag only
 * (hooks_run_all): its attr, figure, tokens or reasons would do nothing. */
static const char *const handler_keys[] = {"name", "priority", "fn", "set", "add", "sub", "halve", "strength",
                                           "completed", "final", "when", "kinds", "reasons", "attr",
                                           "tile_attr", "figure", "flag", "tokens", "describe", NULL};
static const char *const hook_keys[] = {"point", "name", "priority", "fn", "token_supply", "deal", "turn",
                                        "square_arms", "batch", "kinds", "tile_attr", "flag", "describe", NULL};

static int p_handler(lua_State *L) {
  carc_lua *cl = self(L);
  declaration(L, "handler");
  const char *exp = check_text(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  binding_check_keys(L, 2, "handler", "x:handler{}", handler_keys);
  char name[CARC_MAX_NAME];
  full_name(L, exp, name);
  carc_filter f;
  get_filter(L, cl->e, &f, 0);
  int prio = get_int(L, 2, "priority", -1, 0, 999);
  if (prio < 0) return luaL_error(L, "handler '%s' needs a priority (0..999)", name);
  if (f.reasons == CARC_COMPLETED && never_complete(&f))
    return luaL_error(L, "handler '%s' would never run: its reasons are { \"completed\" }, and fields and water "
                         "never complete", name);
  lfn *decl = declared_fn(L, cl, exp, name, &f);
  if (decl) {
    if (carc_handler_add(cl->e, name, prio, &f, run_added, decl) != CARC_OK) return engine_error(L);
    set_description(L, cl->e, name);
    return 0;
  }
  lfn *fn = new_fn(L, cl, exp, -1, 1);
  if (carc_handler_add(cl->e, name, prio, &f, run_handler, fn) != CARC_OK) return engine_error(L);
  declared(L);
  set_description(L, cl->e, name);
  declared(L);
  return 0;
}

static int p_hook(lua_State *L) {
  static const char *const points[] = {"setup", "placement", "tile_placed", "feature_scored",
                                       "turn_end", "final_scoring", "game_end", "feature_completed", NULL};
  carc_lua *cl = self(L);
  declaration(L, "hook");
  const char *exp = check_text(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  binding_check_keys(L, 2, "hook", "x:hook{}", hook_keys);
  char name[CARC_MAX_NAME];
  full_name(L, exp, name);
  const char *point = get_str(L, 2, "point");
  int p = -1;
  for (int i = 0; point && points[i]; i++)
    if (!strcmp(points[i], point)) p = i;
  if (p < 0) return luaL_error(L, "hook '%s': unknown point '%s'", name, point ? point : "(none)");
  carc_filter f;
  get_filter(L, cl->e, &f, 1);
  if (f.tile_attr >= 0 && (p == CARC_HOOK_SETUP || p == CARC_HOOK_FINAL_SCORING || p == CARC_HOOK_GAME_END))
    return luaL_error(L, "hook '%s': tile_attr filters on the tile a hook is told of, and a %s hook is told of "
                      "none (it would never run)", name, point);
  int batch = get_int(L, 2, "batch", 0, 0, 1);
  if (batch && p != CARC_HOOK_PLACEMENT)
    return luaL_error(L, "hook '%s': batch = true is for placement hooks", name);
  int prio = get_int(L, 2, "priority", 100, 0, 999);
  /* what does the hook's work: a Lua function or one of the forms declared
   * as data, only one (a second would be dropped unseen) */
  enum { W_FN, W_SUPPLY, W_DEAL, W_TURN, W_ARMS, W_COUNT };
  static const char *const works[W_COUNT] = {"fn", "token_supply", "deal", "turn", "square_arms"};
  int work = W_FN; /* none given: new_fn says a function is needed */
  int given = 0;
  for (int k = 0; k < W_COUNT; k++) {
    const int present = lua_getfield(L, 2, works[k]) != LUA_TNIL;
    lua_pop(L, 1);
    if (present && given)
      return luaL_error(L, "hook '%s': give either '%s' or '%s', not both", name, works[work], works[k]);
    if (present) {
      work = k;
      given = 1;
    }
  }
  lfn *fn;
  carc_hook_fn run;
  int infallible = 0;
  switch (work) {
  case W_ARMS: { /* declarative: no Lua function */
    lua_getfield(L, 2, "square_arms");
    if (!binding_whole(L, -1, NULL) || lua_tointeger(L, -1) < -99 || lua_tointeger(L, -1) > 99)
      return luaL_error(L, "hook '%s': square_arms must be a whole number of points in -99..99", name);
    const int arms_points = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (p != CARC_HOOK_TURN_END) return luaL_error(L, "hook '%s': square_arms is for turn_end hooks", name);
    if (f.flag < 0) return luaL_error(L, "hook '%s': square_arms needs the flag the map turns on (flag = ...)", name);
    fn = new_fn(L, cl, exp, p, 0);
    fn->arms_points = arms_points;
    fn->arms_flag = f.flag;
    note_declaration(L, fn);
    run = run_arms_hook;
    break;
  }
  case W_SUPPLY: /* declarative: no Lua function */
    if (p != CARC_HOOK_SETUP) return luaL_error(L, "hook '%s': token_supply is for setup hooks", name);
    fn = new_fn(L, cl, exp, p, 0);
    read_supply(L, cl, fn, name);
    run = run_supply_hook;
    infallible = 1; /* the supplies were checked here (0..99): dealing them cannot fail */
    break;
  case W_DEAL:
  case W_TURN: /* declarative card stacks: no Lua function */
    if (work == W_DEAL && p != CARC_HOOK_SETUP) return luaL_error(L, "hook '%s': deal is for setup hooks", name);
    if (p == CARC_HOOK_PLACEMENT) return luaL_error(L, "hook '%s': placement hooks cannot turn card stacks", name);
    fn = new_fn(L, cl, exp, p, 0);
    fn->turn = work == W_TURN;
    note_declaration(L, fn);
    lua_getfield(L, 2, works[work]);
    read_stacks(L, cl, fn, name, works[work]);
    lua_pop(L, 1);
    run = run_stack_hook;
    /* a deal sets values checked here: it cannot fail (a turn reads the
     * game's variables, which a scenario may have set to anything) */
    infallible = work == W_DEAL;
    break;
  default:
    fn = new_fn(L, cl, exp, p, 1);
    if (batch) { /* its own args: xs, ys, rotations, refuse, refilled per call */
      lua_createtable(L, 0, 8);
      static const char *const tables[] = {"xs", "ys", "rotations", "refuse"};
      for (int k = 0; k < 4; k++) {
        lua_newtable(L);
        lua_setfield(L, -2, tables[k]);
      }
      fn->args_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    run = batch ? run_batch_hook : run_hook;
    break;
  }
  if (carc_hook_add(cl->e, (carc_hook_point)p, name, prio, &f, run, fn) != CARC_OK) return engine_error(L);
  if (infallible && carc_hook_set_infallible(cl->e, name, 1) != CARC_OK) return engine_error(L);
  declared(L);
  set_description(L, cl->e, name);
  declared(L);
  return 0;
}


/* x:describe(fn): fn(game) returns a line saying the expansion's state. */
static int p_describe(lua_State *L) {
  carc_lua *cl = self(L);
  const char *exp = check_text(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  if (cl->ndescribers == cl->cap_describers) {
    int cap = cl->cap_describers ? cl->cap_describers * 2 : 8;
    lfn **n = realloc(cl->describers, sizeof *n * (size_t)cap);
    if (!n) return luaL_error(L, "out of memory");
    cl->describers = n;
    cl->cap_describers = cap;
  }
  lfn *f = calloc(1, sizeof *f);
  if (!f) return luaL_error(L, "out of memory");
  cl->describers[cl->ndescribers++] = f;
  f->ref = LUA_NOREF;
  f->cl = cl;
  f->point = -2;
  snprintf(f->exp, sizeof f->exp, "%s", exp);
  lua_pushvalue(L, 2);
  f->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  declared(L);
  return 0;
}

/* Appends the byte c to buf at *n if it fits (snprintf style: *n counts on). */
static void put_byte(char *buf, size_t cap, size_t *n, char c) {
  if (*n + 1 < cap) {
    buf[*n] = c;
    buf[*n + 1] = '\0';
  }
  (*n)++;
}

/* "exp: text" and a line end, the text kept on its one line: its line
 * breaks shown as blanks, a NUL in it as '?'. */
static void put_description(char *buf, size_t cap, size_t *n, const char *exp, const char *text, size_t len) {
  for (const char *c = exp; *c; c++) put_byte(buf, cap, n, *c);
  put_byte(buf, cap, n, ':');
  put_byte(buf, cap, n, ' ');
  for (size_t i = 0; i < len; i++)
    put_byte(buf, cap, n, text[i] == '\n' || text[i] == '\r' ? ' ' : text[i] ? text[i] : '?');
  put_byte(buf, cap, n, '\n');
}

size_t carc_lua_describe(carc_lua *cl, carc_game *g, char *buf, size_t cap) {
  size_t n = 0;
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  if (cap) buf[0] = '\0';
  if (!cl) return 0;
  lua_State *L = cl->L;
  carc_game_lend_read_only(g, 1); /* a description reads the game, and its failure undoes nothing */
  for (int i = 0; i < cl->ndescribers; i++) {
    lfn *f = cl->describers[i];
    int top = lua_gettop(L);
    begin_call(cl, g);
    cl->hook_game->g = g;
    cl->hook_game->epoch = cl->ls.epoch;
    lua_pushcfunction(L, msgh);
    lua_rawgeti(L, LUA_REGISTRYINDEX, f->ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cl->hook_game_ref);
    int st = call(cl, 1, 1, f->exp);
    const char *text = NULL;
    size_t len = 0;
    char failed[1200];
    if (st != LUA_OK) {
      snprintf(failed, sizeof failed, "(describe failed: %s)", cl->err);
      text = failed;
      len = strlen(failed);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
      text = lua_tolstring(L, -1, &len);
    } else if (!lua_isnil(L, -1)) {
      text = "(describe returned neither a string nor nil)";
      len = strlen(text);
    }
    if (len) put_description(buf, cap, &n, f->exp, text, len);
    lua_settop(L, top);
    end_call(cl);
  }
  carc_game_lend_read_only(g, 0);
  return n;
}


/* nil and the engine's message for a refused order or disable; an unknown
 * name gets the handler or hook a small edit away, if one is. */
static int refused_name(lua_State *L, carc_lua *cl, const char *name, carc_result r) {
  lua_pushnil(L);
  const char *near = NULL;
  if (r == CARC_ERR_UNKNOWN) {
    const char *names[256 + 1];
    int n = 0;
    for (int i = 0; i < carc_handler_count(cl->e) && n < 256; i++) names[n++] = carc_handler_name(cl->e, i);
    for (int p = 0; p < CARC_HOOK_COUNT; p++)
      for (int i = 0; i < carc_hook_count(cl->e, (carc_hook_point)p) && n < 256; i++)
        names[n++] = carc_hook_name(cl->e, (carc_hook_point)p, i);
    names[n] = NULL;
    near = binding_near_name(name, names);
  }
  if (near) lua_pushfstring(L, "%s (did you mean '%s'?)", carc_engine_error(cl->e), near);
  else lua_pushstring(L, carc_engine_error(cl->e));
  return 2;
}

static int p_move(lua_State *L) {
  carc_lua *cl = self(L);
  lua_Integer prio = luaL_checkinteger(L, 2);
  if (prio < 0 || prio > 999) {
    lua_pushnil(L);
    lua_pushfstring(L, "priority %I is outside the allowed 0..999", (LUAI_UACINT)prio);
    return 2;
  }
  const char *name = check_text(L, 1);
  const carc_result r = carc_handler_move(cl->e, name, (int)prio);
  if (r != CARC_OK) return refused_name(L, cl, name, r);
  declared(L);
  lua_pushboolean(L, 1);
  return 1;
}
/* ruleset{ final_order = { kind names } }: the kinds' scoring order. On a
 * refusal, nil, the message and the name to point at. */
static int p_final_order(lua_State *L) {
  carc_lua *cl = self(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  int kinds[CARC_MAX_KINDS];
  const lua_Integer n = luaL_len(L, 1);
  if (n > CARC_MAX_KINDS) {
    lua_pushnil(L);
    lua_pushfstring(L, "final_order lists %d kinds; an engine has at most %d", (int)n, CARC_MAX_KINDS);
    return 2;
  }
  for (int i = 0; i < (int)n; i++) {
    lua_rawgeti(L, 1, i + 1);
    const char *name = lua_tostring(L, -1);
    kinds[i] = carc_kind_find(cl->e, name);
    if (kinds[i] < 0) {
      lua_pushnil(L);
      lua_pushfstring(L, "final_order: '%s' is not a feature kind of this ruleset", name ? name : "?");
      lua_pushvalue(L, -3);
      return 3;
    }
    lua_pop(L, 1);
  }
  if (carc_engine_set_final_order(cl->e, kinds, (int)n) != CARC_OK) {
    lua_pushnil(L);
    lua_pushstring(L, carc_engine_error(cl->e));
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

static int p_disable(lua_State *L) {
  carc_lua *cl = self(L);
  const char *name = check_text(L, 1);
  const carc_result r = carc_handler_enable(cl->e, name, 0);
  if (r != CARC_OK) return refused_name(L, cl, name, r);
  declared(L);
  lua_pushboolean(L, 1);
  return 1;
}

/* math.random: the running game's generator; outside games a fixed seed. */
static uint32_t next_random(lua_State *L, carc_lua *cl, uint32_t n) {
  if (cl->game && carc_game_read_only(cl->game))
    luaL_error(L, "math.random: the game's generator is read-only in scoring handlers, placement hooks and "
                  "describe functions");
  if (cl->game) return carc_game_random(cl->game, n);
  cl->rng ^= cl->rng << 13;
  cl->rng ^= cl->rng >> 7;
  cl->rng ^= cl->rng << 17;
  return (uint32_t)(cl->rng % n);
}
static int p_random(lua_State *L) {
  carc_lua *cl = self(L);
  lua_Integer lo = 1, hi;
  switch (lua_gettop(L)) {
  case 0:
    lua_pushnumber(L, (lua_Number)next_random(L, cl, 1u << 30) / (lua_Number)(1u << 30));
    return 1;
  case 1: hi = binding_check_whole(L, 1, "random: m"); break;
  default:
    lo = binding_check_whole(L, 1, "random: m");
    hi = binding_check_whole(L, 2, "random: n");
  }
  /* the width in unsigned arithmetic: hi - lo overflows for a wide interval */
  const lua_Unsigned width = (lua_Unsigned)hi - (lua_Unsigned)lo;
  luaL_argcheck(L, lo <= hi && width < 0x7fffffff, 1, "interval is empty or too large");
  lua_pushinteger(L, lo + (lua_Integer)next_random(L, cl, (uint32_t)width + 1));
  return 1;
}
static int p_randomseed(lua_State *L) { (void)L; return 0; /* the game owns the seed */ }

/* ------------------------------------------------------------- lifecycle */

static int new_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }

static carc_view *ref_view(lua_State *L, carc_lua *cl, int type, int *ref) {
  carc_view *v = carc_lua_push_view(L, type, NULL, cl, -1);
  v->lent = 1;
  carc_lstate_known(&cl->ls, v, type); /* held by the registry: lives as long as the state */
  *ref = new_ref(L);
  return v;
}

static int open_state(lua_State *L) {
  carc_lua *cl = lua_touserdata(L, 1);
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  luaL_requiref(L, LUA_DBLIBNAME, luaopen_debug, 1); /* for the loader only */
  lua_settop(L, 1);
  { /* a string buffer's box class, made now: made later, a memory error
     * between its creation and its __close would leave it broken */
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_prepbuffsize(&b, LUAL_BUFFERSIZE * 2);
    luaL_pushresult(&b);
    lua_settop(L, 1);
  }
  carc_lua_guards_open(L);
  carc_lua_views_open(L);
  cl->ctx = carc_lua_new_ctxbox(L);
  cl->ctx_ref = new_ref(L);
  cl->ctx->game = ref_view(L, cl, CARC_V_GAME, &cl->ctx->game_ref);
  cl->ctx->feature = ref_view(L, cl, CARC_V_FEATURE, &cl->ctx->feature_ref);
  cl->hook_game = ref_view(L, cl, CARC_V_GAME, &cl->hook_game_ref);
  cl->hook_tile = ref_view(L, cl, CARC_V_TILE, &cl->hook_tile_ref);
  cl->hook_feature = ref_view(L, cl, CARC_V_FEATURE, &cl->hook_feature_ref);
  lua_createtable(L, 0, 8);
  cl->args_ref = new_ref(L);
  lua_createtable(L, CARC_MAX_PLAYERS, 0);
  cl->award_ref = new_ref(L);
  lua_createtable(L, CARC_MAX_PLAYERS, 0);
  cl->scores_ref = new_ref(L);
  lua_createtable(L, K_COUNT, 0);
  for (int k = 1; k < K_COUNT; k++) {
    lua_pushstring(L, arg_keys[k]);
    lua_rawseti(L, -2, k);
  }
  cl->keys_ref = new_ref(L);
  lua_newtable(L);
  cl->names_ref = new_ref(L);
  lua_newtable(L);
  lua_pushvalue(L, -1);
  cl->options_ref = new_ref(L);
  static const luaL_Reg prims[] = {
      {"read", p_read},       {"read_only", p_read_only}, {"tiles", p_tiles},   {"tile_attr", p_tile_attr},
      {"figure", p_figure},   {"token", p_token},   {"kind", p_kind},
      {"var", p_var},         {"flag", p_flag},     {"attr", p_attr},     {"set_token_value", p_set_token_value},
      {"handler", p_handler}, {"hook", p_hook},     {"move", p_move},
      {"disable", p_disable}, {"final_order", p_final_order}, {"random", p_random}, {"randomseed", p_randomseed},
      {"describe", p_describe}, {"map", p_map}, {"tile_split", p_tile_split},
      {"search_dirs", carc_lua_search_dirs}, {"options_at", p_options_at}, {"near_name", carc_lua_near_name},
      {"expansion_files", carc_lua_expansion_files}, {"value_text", carc_lua_value_text},
      {NULL, NULL}};
  luaL_newlib(L, prims);
  /* C.keys: the keys x:handler{} and x:hook{} take, as sets, so that the
   * loader can name the line of one they do not take (below the call's) */
  lua_newtable(L);
  for (int w = 0; w < 2; w++) {
    const char *const *keys = w ? hook_keys : handler_keys;
    lua_newtable(L);
    for (int i = 0; keys[i]; i++) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, keys[i]);
    }
    lua_setfield(L, -2, w ? "hook" : "handler");
  }
  lua_setfield(L, -2, "keys");
  carc_lua_guards_raw(L);
  lua_setfield(L, -2, "raw");
  lua_insert(L, -2);
  lua_setfield(L, -2, "options");
  if (luaL_loadbufferx(L, carc_lua_prelude, strlen(carc_lua_prelude), "=prelude", "t") != LUA_OK)
    return lua_error(L);
  lua_insert(L, -2);
  lua_call(L, 1, 1);
  cl->loader_ref = new_ref(L);
  return 0;
}

carc_lua *carc_lua_new(carc_engine *e, size_t mem_cap) {
  carc_lua *cl = calloc(1, sizeof *cl);
  if (!cl) return NULL;
  cl->e = e;
  cl->cap = mem_cap ? mem_cap : CARC_LUA_MEM_CAP;
  cl->budget = CARC_LUA_BUDGET;
  cl->rng = 0x9E3779B97F4A7C15ull;
  cl->fail_alloc = cl->fail_decl = -1;
  cl->ls.lend = 1;
  cl->ls.cl = cl;
  cl->L = lua_newstate(cap_alloc, cl);
  if (!cl->L) {
    free(cl);
    return NULL;
  }
  cl->ls.after_costly = time_after_costly;
  carc_lua_lstate_init(cl->L, &cl->ls);
  lua_pushcfunction(cl->L, open_state);
  lua_pushlightuserdata(cl->L, cl);
  if (lua_pcall(cl->L, 1, 0, 0) != LUA_OK) {
    lua_close(cl->L);
    free(cl->fns);
    free(cl);
    return NULL;
  }
  carc_engine_set_userdata(cl->e, cl);
  return cl;
}

/* A function record and what it owns outside Lua. */
static void lfn_free(lfn *f) {
  free(f->bc.list);
  free(f->bc.refused);
  free(f->bc.fp);
  free(f->supply);
  free(f->stacks);
  free(f->card_flags);
  free(f);
}

void carc_lua_free(carc_lua *cl) {
  if (!cl) return;
  if (carc_engine_userdata(cl->e) == cl) carc_engine_set_userdata(cl->e, NULL);
  /* the engine outlives the handlers and hooks that ran Lua: switched off
   * for good, so that it plays on with its C rules, never with freed code */
  for (int i = 0; i < cl->nfns; i++) carc_engine_retire(cl->e, cl->fns[i]);
  lua_close(cl->L);
  for (int i = 0; i < cl->nfns; i++) lfn_free(cl->fns[i]);
  free(cl->fns);
  for (int i = 0; i < cl->ndescribers; i++) free(cl->describers[i]);
  free(cl->describers);
  free(cl);
}

/* Tile type names by index, so a placement hook pushes them without
 * allocating. Runs protected (it allocates). */
static int refresh_names(lua_State *L) {
  carc_lua *cl = lua_touserdata(L, 1);
  lua_rawgeti(L, LUA_REGISTRYINDEX, cl->names_ref);
  const int n = carc_tile_type_count(cl->e);
  for (int t = 0; t < n; t++) {
    lua_pushstring(L, carc_tile_type_name(cl->e, t));
    lua_rawseti(L, -2, t + 1);
  }
  cl->names_n = n;
  return 0;
}

/* Protected: pushes the loader's `loaded` table, the options table and a
 * shallow copy of each (what a failed load puts back). */
static int copy_registries(lua_State *L) {
  carc_lua *cl = lua_touserdata(L, 1);
  for (int k = 0; k < 2; k++) {
    if (k == 0) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, cl->loader_ref);
      lua_getfield(L, -1, "loaded");
      lua_replace(L, -2);
    } else {
      lua_rawgeti(L, LUA_REGISTRYINDEX, cl->options_ref);
    }
    int from = lua_gettop(L);
    lua_newtable(L);
    for (lua_pushnil(L); lua_next(L, from);) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
  }
  return 4; /* loaded, its copy, options, its copy */
}

/* Puts table `cur` back to its copy `was`. Only keys `cur` holds are set
 * (the loader only adds keys), so nothing is allocated. */
static void put_back(lua_State *L, int cur, int was) {
  for (lua_pushnil(L); lua_next(L, cur);) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushvalue(L, -1);
    lua_rawget(L, was);
    lua_rawset(L, cur);
  }
}

/* Pushes `n` strings, protected. */
typedef struct strings {
  const char *const *s;
  int n;
} strings;
static int push_strings(lua_State *L) {
  const strings *a = lua_touserdata(L, 1);
  for (int i = 0; i < a->n; i++) lua_pushstring(L, a->s[i]);
  return a->n;
}

/* Runs loader function `fn` on `n` strings (and the `extra` values already
 * pushed below them, for load_table) as one transaction: the engine (tile
 * types, figures, tokens, names, handlers, hooks, map) and the binding's
 * registries (Lua functions, describers, loaded expansions, options, tile
 * names) are put back as they were when anything fails. */
static carc_result run_loader(carc_lua *cl, const char *fn, const char *const *str, int n, int extra) {
  lua_State *L = cl->L;
  int top = lua_gettop(L) - extra;
  if (!str[0]) { /* a NULL name is a name no folder holds */
    snprintf(cl->err, sizeof cl->err, "%s: no %s given (NULL)", fn,
             strcmp(fn, "load_ruleset") == 0 ? "ruleset path" : "expansion name");
    lua_settop(L, top);
    return CARC_ERR_UNKNOWN;
  }
  carc_result r = carc_engine_begin(cl->e);
  if (r != CARC_OK) {
    snprintf(cl->err, sizeof cl->err, "%s", carc_engine_error(cl->e));
    lua_settop(L, top);
    return r;
  }
  int nfns = cl->nfns, ndescribers = cl->ndescribers, ntypes = carc_tile_type_count(cl->e);
  strings a = {str, n};
  lua_pushcfunction(L, copy_registries);
  lua_pushlightuserdata(L, cl);
  int st = lua_pcall(L, 1, 4, 0);
  if (st == LUA_OK) {
    lua_rotate(L, top + 1, 4); /* the copies below the extra values */
    lua_pushcfunction(L, push_strings);
    lua_pushlightuserdata(L, &a);
    st = lua_pcall(L, 1, n, 0);
  }
  if (st != LUA_OK) {
    snprintf(cl->err, sizeof cl->err, "out of memory starting to load");
    lua_settop(L, top);
    carc_engine_rollback(cl->e);
    return CARC_ERR_MEMORY;
  }
  int regs = top + 1;
  lua_pushcfunction(L, msgh);
  lua_rawgeti(L, LUA_REGISTRYINDEX, cl->loader_ref);
  lua_getfield(L, -1, fn);
  lua_remove(L, -2);
  lua_rotate(L, -(extra + n + 2), 2);
  cl->loading = 1;
  st = call(cl, extra + n, 0, NULL);
  cl->loading = 0;
  if (st == LUA_OK) {
    lua_pushcfunction(L, refresh_names);
    lua_pushlightuserdata(L, cl);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
      snprintf(cl->err, sizeof cl->err, "memory cap of %zu MiB exceeded (not enough memory)", cl->cap >> 20);
      st = LUA_ERRMEM;
    }
  }
  if (st != LUA_OK) {
    lua_settop(L, regs + 3);
    put_back(L, regs, regs + 1);
    put_back(L, regs + 2, regs + 3);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cl->names_ref);
    for (int t = ntypes + 1; lua_rawgeti(L, -1, t) != LUA_TNIL; t++) {
      lua_pop(L, 1);
      lua_pushnil(L);
      lua_rawseti(L, -2, t);
    }
    if (cl->names_n > ntypes) cl->names_n = ntypes;
    for (int i = nfns; i < cl->nfns; i++) {
      luaL_unref(L, LUA_REGISTRYINDEX, cl->fns[i]->ref);
      if (cl->fns[i]->args_ref > 0) luaL_unref(L, LUA_REGISTRYINDEX, cl->fns[i]->args_ref);
      if (cl->fns[i]->verdicts_ref > 0) luaL_unref(L, LUA_REGISTRYINDEX, cl->fns[i]->verdicts_ref);
      lfn_free(cl->fns[i]);
    }
    cl->nfns = nfns;
    for (int i = ndescribers; i < cl->ndescribers; i++) {
      luaL_unref(L, LUA_REGISTRYINDEX, cl->describers[i]->ref);
      free(cl->describers[i]);
    }
    cl->ndescribers = ndescribers;
    lua_settop(L, top);
    carc_engine_rollback(cl->e);
    return CARC_ERR_SCRIPT;
  }
  lua_settop(L, top);
  carc_engine_commit(cl->e);
  cl->err[0] = '\0';
  return CARC_OK;
}

carc_result carc_lua_load_ruleset(carc_lua *cl, const char *path) {
  const char *s[] = {path};
  return run_loader(cl, "load_ruleset", s, 1, 0);
}

carc_result carc_lua_load_expansion(carc_lua *cl, const char *name, const char *dir) {
  const char *s[] = {name, dir ? dir : "."};
  return run_loader(cl, "load_expansion", s, 2, 0);
}

carc_result carc_lua_load_list(carc_lua *cl, const char *names) {
  const char *s[] = {names};
  return run_loader(cl, "load_list", s, 1, 0);
}

carc_result carc_lua_load_table(carc_lua *cl, lua_State *from, int idx, const char *dir,
                                const char *origin, int line) {
  int st = carc_lua_xcopy_safe(from, idx, cl->L);
  if (st != LUA_OK) {
    const char *msg = lua_tostring(cl->L, -1);
    snprintf(cl->err, sizeof cl->err, "%s:%d: ruleset table: %s", origin, line,
             st == LUA_ERRMEM ? "memory cap exceeded copying it" : msg ? msg : "cannot copy it");
    lua_pop(cl->L, 1);
    return CARC_ERR_SCRIPT;
  }
  /* the line goes in as a string: the loader reads it as a number */
  char num[24];
  snprintf(num, sizeof num, "%d", line);
  const char *s[] = {dir, origin, num};
  return run_loader(cl, "load_table", s, 3, 1);
}

/* carc_lua_option's lookup, run protected in the expansion's state: the
 * names become strings there, which allocates, and an allocation refused
 * outside a protected call would abort the host. */
static int option_lookup(lua_State *L) {
  const carc_lua *cl = lua_touserdata(L, 1);
  const char *exp = lua_touserdata(L, 2), *name = lua_touserdata(L, 3);
  lua_rawgeti(L, LUA_REGISTRYINDEX, cl->options_ref);
  if (lua_getfield(L, -1, exp) != LUA_TTABLE) return 0;
  lua_getfield(L, -1, name);
  return 1;
}

int carc_lua_option(carc_lua *cl, lua_State *to, const char *exp, const char *name) {
  lua_State *L = cl->L;
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 6)) return luaL_error(to, "expansion '%s': its Lua state is out of memory", exp);
  lua_pushcfunction(L, option_lookup);
  lua_pushlightuserdata(L, cl);
  lua_pushlightuserdata(L, (void *)exp);
  lua_pushlightuserdata(L, (void *)name);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
    lua_settop(L, top);
    return luaL_error(to, "expansion '%s': its Lua state is out of memory (option '%s')", exp, name);
  }
  if (lua_isnil(L, -1)) {
    lua_settop(L, top);
    return 0;
  }
  if (to == L) return 1;
  int st = carc_lua_xcopy_safe(L, -1, to);
  lua_settop(L, top);
  if (st != LUA_OK) return lua_error(to); /* its message is on `to` */
  return 1;
}

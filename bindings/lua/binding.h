/* binding.h - shared between the binding's files. Not API. */
#ifndef CARC_LUA_BINDING_H
#define CARC_LUA_BINDING_H
#include "carc_lua.h"
#include "files.h"
#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <string.h>

/* A Lua integer for a C int parameter: outside int's range it is an error
 * (a cast would keep its low bits: 2^32 + 3 would be 3). */
static inline int lua_int_in_range(lua_State *L, lua_Integer v, const char *what) {
  if (v < INT_MIN || v > INT_MAX)
    luaL_error(L, "%s: %I is outside %d..%d", what, (LUAI_UACINT)v, INT_MIN, INT_MAX);
  return (int)v;
}
/* Is the value at idx a number with a whole value, integer or float (6.0
 * is 6, as Lua's own conversions take it)? Never a string: lua_tointegerx
 * alone would take "3". Then *out (when given) holds it. */
static inline int binding_whole(lua_State *L, int idx, lua_Integer *out) {
  int whole = 0;
  const lua_Integer v = lua_type(L, idx) == LUA_TNUMBER ? lua_tointegerx(L, idx, &whole) : 0;
  if (out) *out = v;
  return whole;
}
/* luaL_checkinteger and luaL_optinteger, for a C int: argument `arg` */
static inline int check_int(lua_State *L, int arg) {
  const lua_Integer v = luaL_checkinteger(L, arg);
  if (v < INT_MIN || v > INT_MAX) luaL_argerror(L, arg, "number is outside a C int's range");
  return (int)v;
}
static inline int opt_int(lua_State *L, int arg, int def) {
  return lua_isnoneornil(L, arg) ? def : check_int(L, arg);
}
/* the value at stack index idx (a table field read there): nil is def,
 * anything else an integer in int's range; errors name `what` */
static inline int field_int(lua_State *L, int idx, const char *what, int def) {
  if (lua_isnil(L, idx)) return def;
  lua_Integer v;
  if (!binding_whole(L, idx, &v)) luaL_error(L, "%s must be a whole number, not %s", what, luaL_typename(L, idx));
  return lua_int_in_range(L, v, what);
}

/* A seed at stack index idx (nil is def): a whole number from 0 up, as the
 * CLI and the Python binding take it (a negative one would wrap round). */
static inline uint64_t field_seed(lua_State *L, int idx, const char *what, uint64_t def) {
  if (lua_isnil(L, idx)) return def;
  lua_Integer v;
  if (!binding_whole(L, idx, &v) || v < 0)
    luaL_error(L, "%s must be a whole number from 0 to %I, not %s", what, (lua_Integer)LUA_MAXINTEGER,
               lua_type(L, idx) == LUA_TNUMBER ? lua_tostring(L, idx) : luaL_typename(L, idx));
  return (uint64_t)v;
}

/* luaL_checkstring for text that reaches C as a C string: a NUL inside
 * would end it there unnoticed ("a.lua\0x" would open a.lua), so it is an
 * argument error. */
static inline const char *check_text(lua_State *L, int arg) {
  size_t n;
  const char *s = luaL_checklstring(L, arg, &n);
  if (strlen(s) != n) luaL_argerror(L, arg, "holds a NUL character");
  return s;
}
static inline const char *opt_text(lua_State *L, int arg, const char *def) {
  return lua_isnoneornil(L, arg) ? def : check_text(L, arg);
}

/* Kept in each lua_State's registry (never in the extra space, which belongs
 * to the program that made the state): what views made there may do. */
typedef struct carc_lstate {
  unsigned epoch;   /* bumped after every handler or hook call */
  int lend;         /* 1: views made here expire with the call */
  carc_lua *cl;     /* NULL in a scenario runner's state */
  const void *mt[5];/* the classes' metatables, for type checks by identity */
  int mt_ref[5];
  /* the engine's long-lived userdata (the ctx and the lent views, held by
   * the registry for the state's life) and their classes: a check that
   * finds one here needs no metatable lookup */
  const void *known[8];
  int known_class[8], nknown;
  /* Called by guards.c after a library call that may have run long (a
   * costly pattern, a sort): past the state's time limit it makes the next
   * instruction fail. NULL: no limit. */
  void (*after_costly)(lua_State *L);
} carc_lstate;

/* Registers a long-lived userdata of class `cls` for fast type checks. */
static inline void carc_lstate_known(carc_lstate *ls, const void *p, int cls) {
  if (ls->nknown < 8) {
    ls->known[ls->nknown] = p;
    ls->known_class[ls->nknown++] = cls;
  }
}

extern const char carc_lstate_key; /* its address is the registry key */
static inline carc_lstate *carc_lstate_of(lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &carc_lstate_key);
  carc_lstate *ls = (carc_lstate *)lua_touserdata(L, -1);
  lua_pop(L, 1);
  return ls;
}

enum { CARC_V_GAME, CARC_V_TILE, CARC_V_SEG, CARC_V_FEATURE, CARC_V_CTX };
typedef struct carc_view {
  int type, lent;
  unsigned epoch;
  carc_game *g;
  carc_lua *cl;  /* for game:option; may be NULL */
  int a;         /* board tile index or segment id */
  carc_game *const *live; /* the owner's game pointer (a scenario's), NULL once it is freed; or NULL */
} carc_view;

/* The one scoring-context userdata of an engine; ctx is NULL outside calls. */
typedef struct carc_ctxbox {
  carc_score_ctx *ctx;
  carc_view *game, *feature; /* the engine's reused lent views */
  int game_ref, feature_ref;
} carc_ctxbox;

/* views.c */
carc_ctxbox *carc_lua_new_ctxbox(lua_State *L);
void carc_lua_views_open(lua_State *L);
/* How many of a scoring's tiles carry tile attribute `attr`, or show a
 * segment of `kind` (ctx:tiles_with_attr, ctx:tiles_with_kind). */
int binding_tiles_with_attr(carc_score_ctx *ctx, int attr);
int binding_tiles_with_kind(carc_score_ctx *ctx, int kind, int placed_only);
/* The scored tiles that show the scored feature only in segments touching
 * one edge each (the source "semicircular_tiles"); when `symbols` is not
 * NULL, the coats of arms on those tiles' segments of the feature in it
 * ("semicircular_symbols"). */
int binding_semicircular_tiles(carc_score_ctx *ctx, int placed_only, int *symbols);
/* A bit per player with a figure of their own on the scored feature (the
 * step strength = { present = n }). */
unsigned binding_players_present(carc_score_ctx *ctx);
carc_view *carc_lua_push_view(lua_State *L, int type, carc_game *g, carc_lua *cl, int a);
/* guards.c: time bounds on the string and table libraries (before the prelude runs) */
void carc_lua_guards_open(lua_State *L);
void carc_lua_guards_raw(lua_State *L); /* the unwrapped find, match, gmatch: the prelude's only */
/* Copies a plain value (tables of strings, numbers, booleans) between states. */
void carc_lua_xcopy(lua_State *from, int idx, lua_State *to, int depth);
/* The same inside a protected call on `to`: LUA_OK with the copy pushed, or an
 * error status with the message pushed on `to`. */
int carc_lua_xcopy_safe(lua_State *from, int idx, lua_State *to);
/* Pushes option `name` of expansion `exp` on `to` and returns 1, or returns 0
 * (nothing pushed) when it has none; raises an error in `to`, a protected
 * state, when the expansion's state has no memory for the lookup. */
int carc_lua_option(carc_lua *cl, lua_State *to, const char *exp, const char *name);
#include "near.h" /* binding_near_name */
/* 3 when the n bytes at s begin with a UTF-8 byte order mark (an editor's,
 * no part of a file's text), else 0: as the engine's maps and saves skip it. */
static inline size_t binding_bom(const char *s, size_t n) {
  return n >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF ? 3 : 0;
}
/* Raises "unknown WHAT key 'KEY' (did you mean 'NEAR'?); TAKER takes
 * LISTING", NEAR the key of `names` near KEY; LISTING NULL lists `names`. */
int binding_unknown_key(lua_State *L, const char *what, const char *key, const char *const *names,
                        const char *taker, const char *listing);
/* Every key of table `t` is one of `keys` (NULL-terminated), else an error
 * naming the key and listing those taken (binding_unknown_key). */
void binding_check_keys(lua_State *L, int t, const char *what, const char *taker, const char *const *keys);
/* Pushes the value at idx as an error shows it, and returns it: a string
 * as Lua source writes it, with its type ("430" (a string)), a number, a
 * boolean or nil as tostring does, another value by its type (a table). */
const char *binding_push_value(lua_State *L, int idx);
/* The whole number at idx, or an error saying "WHAT takes whole numbers, not
 * V": a string that reads as one ("7") is refused, as the scoring context's
 * fields refuse it, and a fraction is told how to round (7.0 is 7). */
lua_Integer binding_check_whole(lua_State *L, int idx, const char *what);
/* C.expansion_files(dir) -> the names of the expansions in dir: its .lua
 * files (without ".lua") whose head calls expansion{}; at most 128, in the
 * folder's order; {} when it cannot be read */
int carc_lua_expansion_files(lua_State *L);
/* C.near_name(word, { name, ... }) -> the name near word, or nil */
int carc_lua_near_name(lua_State *L);
/* C.value_text(v) -> v as binding_push_value shows it ("440" (a string)) */
int carc_lua_value_text(lua_State *L);
/* paths.c: C.search_dirs() -> the engine's "expansions" folders, in order */
int carc_lua_search_dirs(lua_State *L);
/* module_api.c: adds engine() and its classes to the module table on top */
void carc_lua_module_api(lua_State *L);
/* carc_lua.c */
void carc_lua_lstate_init(lua_State *L, carc_lstate *ls);
lua_State *carc_lua_state(carc_lua *cl);
/* Test faults, for tests only (not API): the Lua allocator refuses its
 * alloc_n-th growing allocation from now (0: the next one) and every one
 * after it (Lua retries a refused allocation after a full collection), and loading
 * raises an error right after the decl_k-th declaration from now (0: after
 * the next one); -1 turns either off. */
void carc_lua_debug_faults(carc_lua *cl, long alloc_n, long decl_k);
carc_result carc_lua_load_table(carc_lua *cl, lua_State *from, int idx, const char *dir,
                                const char *origin, int line);
#endif

/* guards.c - time bounds for the library functions the sandbox lends.
 *
 * The instruction budget is a count hook: it cannot stop a C function. The
 * library functions whose running time a script can make unbounded are
 * wrapped here and refuse such arguments before they start:
 *  - string.find, match, gmatch, gsub: a pattern's cost is estimated as
 *    (n+1)^d * (m+1) for a subject of n bytes and a pattern of m, where d
 *    counts the pattern items that can backtrack (a `*`, `+`, `-` or `?`
 *    that is not the pattern's last item, `%b`, a back reference `%1`..`%9`)
 *    plus one for an unanchored search. Over PATTERN_COST the call
 *    fails with "pattern too costly", whoever calls: the loader (the
 *    prelude) uses the unwrapped functions instead (carc_lua_guards_raw),
 *    which it never lends to a script. (A check by the caller's chunk name
 *    let any chunk that took the prelude's name, or a metamethod the loader
 *    ran, pass unchecked.) A call over PATTERN_LONG reads the clock after
 *    (carc_lstate.after_costly): a loop of such calls is few instructions.
 *  - table.sort in the default order: refused over SORT_COST estimated
 *    bytes compared (strings compared in full, inside one C call).
 *  - string.byte, pack, packsize, unpack, utf8.len, codepoint, offset,
 *    table.insert and remove: linear and allocating nothing; on an argument
 *    over LINEAR_LONG they read the clock when they return.
 *  - string.rep of an empty string (and separator) returns "" at once.
 *  - table.concat, unpack and move: at most TABLE_SPAN elements;
 *    table.insert, remove, sort, concat and unpack refuse a __len metamethod
 *    (the length is then the table's own).
 * Each wrapper keeps the original function as its upvalue 1. */
#include "binding.h"
#include <lualib.h>
#include <string.h>

#define PATTERN_COST 2e8 /* estimated matcher steps */
#define PATTERN_LONG 1e5 /* estimated steps past which a call reads the clock after */
#define SORT_COST 2e9    /* estimated bytes compared by a sort in the default order */
#define LINEAR_LONG 65536 /* bytes or elements past which a linear call reads the clock after */
#define TABLE_SPAN ((lua_Integer)1 << 20)

/* The number of pattern items that can backtrack (see above). */
static int backtracking_items(const char *p, size_t m) {
  int q = 0;
  size_t i = 0;
  while (i < m) {
    char c = p[i];
    if (c == '%' && i + 1 < m) {
      char d = p[i + 1];
      if (d == 'b') {
        q++;
        i += 4;
        continue;
      }
      if (d >= '1' && d <= '9') {
        q++;
        i += 2;
        continue;
      }
      if (d == 'f') {
        i += 2;
        continue; /* the set that follows is skipped next */
      }
      i += 2;
    } else if (c == '[') {
      i++;
      if (i < m && p[i] == '^') i++;
      if (i < m) i++; /* a first ']' is a member */
      while (i < m && p[i] != ']') i += (p[i] == '%' && i + 1 < m) ? 2 : 1;
      i++;
    } else if (c == '*' || c == '+' || c == '-' || c == '?') {
      /* a quantifier (or a literal: counted all the same) */
      size_t j = i + 1;
      while (j < m && (p[j] == ')' || (p[j] == '$' && j + 1 == m))) j++;
      if (j < m) q++; /* the last item never backtracks */
      i++;
    } else {
      i++;
    }
  }
  return q;
}

static int call_original(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* After a call that may have run long: the state's time limit, if it has one. */
static void after_costly(lua_State *L) {
  const carc_lstate *ls = carc_lstate_of(L);
  if (ls && ls->after_costly) ls->after_costly(L);
}

/* upvalue 2: 0 gmatch ('^' is no anchor), 1 find, 2 match or gsub */
static int g_pattern(lua_State *L) {
  size_t n, m;
  const char *s = luaL_checklstring(L, 1, &n);
  const char *p = luaL_checklstring(L, 2, &m);
  (void)s;
  int how = (int)lua_tointeger(L, lua_upvalueindex(2)); /* 0 gmatch, 1 find, 2 match, gsub */
  int plain = how == 1 && lua_toboolean(L, 4);
  int anchored = how > 0 && !plain && m > 0 && p[0] == '^';
  int d = (plain ? 0 : backtracking_items(p, m)) + !anchored;
  double cost = (double)(m + 1);
  for (int k = 0; k < d && cost <= PATTERN_COST; k++) cost *= (double)n + 1;
  if (cost > PATTERN_COST)
    return luaL_error(L, "pattern too costly: %d backtracking items on a subject of %I bytes "
                         "(at most about %d steps; see docs/lua-api.md)",
                      d, (LUAI_UACINT)n, (int)PATTERN_COST);
  int results = call_original(L);
  if (cost > PATTERN_LONG) after_costly(L);
  return results;
}

static int g_rep(lua_State *L) {
  size_t l, lsep;
  luaL_checklstring(L, 1, &l);
  luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &lsep);
  if (l + lsep == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  return call_original(L);
}

static void no_len(lua_State *L, const char *fn) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (luaL_getmetafield(L, 1, "__len") != LUA_TNIL)
    luaL_error(L, "table.%s: a table with a __len metamethod is refused in the sandbox", fn);
}

static void span(lua_State *L, lua_Integer i, lua_Integer j, const char *fn) {
  if (i <= j && (lua_Unsigned)j - (lua_Unsigned)i >= (lua_Unsigned)TABLE_SPAN)
    luaL_error(L, "table.%s: too many elements (at most %I)", fn, (LUAI_UACINT)TABLE_SPAN);
}

static int g_concat(lua_State *L) {
  no_len(L, "concat");
  lua_Integer i = luaL_optinteger(L, 3, 1), j = luaL_opt(L, luaL_checkinteger, 4, (lua_Integer)lua_rawlen(L, 1));
  span(L, i, j, "concat");
  return call_original(L);
}

static int g_unpack(lua_State *L) {
  if (lua_type(L, 1) == LUA_TTABLE) no_len(L, "unpack");
  lua_Integer i = luaL_optinteger(L, 2, 1), j = luaL_opt(L, luaL_checkinteger, 3, (lua_Integer)lua_rawlen(L, 1));
  span(L, i, j, "unpack");
  return call_original(L);
}

static int g_move(lua_State *L) {
  span(L, luaL_checkinteger(L, 2), luaL_checkinteger(L, 3), "move");
  return call_original(L);
}

/* table.sort in the default order compares strings byte by byte inside one
 * C call, where no hook runs: refused when n log n comparisons of its
 * longest string could pass SORT_COST bytes. An order function written in
 * Lua runs under the count hook and needs no estimate. */
static int g_sort(lua_State *L) {
  no_len(L, "sort");
  if (!(lua_type(L, 2) == LUA_TFUNCTION && !lua_iscfunction(L, 2))) {
    const lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    size_t longest = 0;
    for (lua_Integer i = 1; i <= n; i++) {
      if (lua_rawgeti(L, 1, i) == LUA_TSTRING && lua_rawlen(L, -1) > longest) longest = lua_rawlen(L, -1);
      lua_pop(L, 1);
    }
    double depth = 1;
    for (lua_Integer k = n; k > 1; k >>= 1) depth++;
    if ((double)n * depth * (double)longest > SORT_COST)
      return luaL_error(L, "table.sort: %I strings of up to %I bytes are too costly to order (at most "
                           "about %d bytes compared; pass an order function)",
                        (LUAI_UACINT)n, (LUAI_UACINT)longest, (int)SORT_COST);
  }
  int results = call_original(L);
  after_costly(L);
  return results;
}

/* A function linear in its first argument (a string's bytes, a table's
 * elements) that allocates nothing, so no allocation reads the clock: on a
 * long argument it reads it when it returns, since a loop of such calls
 * holds few instructions. upvalue 2: 0 a string, 1 a table (no __len). */
static int g_linear(lua_State *L) {
  size_t size = 0;
  if (lua_tointeger(L, lua_upvalueindex(2)) == 1) {
    no_len(L, lua_tostring(L, lua_upvalueindex(3)));
    size = lua_rawlen(L, 1);
  } else if (lua_type(L, 1) == LUA_TSTRING) {
    size = lua_rawlen(L, 1);
  }
  for (int i = 2; i <= 3 && lua_gettop(L) >= i; i++) /* string.unpack's data, a format's */
    if (lua_type(L, i) == LUA_TSTRING && lua_rawlen(L, i) > size) size = lua_rawlen(L, i);
  int results = call_original(L);
  if (size > LINEAR_LONG) after_costly(L);
  return results;
}

static void wrap(lua_State *L, const char *name, lua_CFunction fn, int extra) {
  lua_getfield(L, -1, name);
  if (extra >= 0) lua_pushinteger(L, extra);
  else if (extra == -2) lua_pushstring(L, name);
  lua_pushcclosure(L, fn, extra == -1 ? 1 : 2);
  lua_setfield(L, -2, name);
}

/* wrap for g_linear: the original, the kind, the name for messages. */
static void wrap_linear(lua_State *L, const char *name, int table) {
  lua_getfield(L, -1, name);
  lua_pushinteger(L, table);
  lua_pushstring(L, name);
  lua_pushcclosure(L, g_linear, 3);
  lua_setfield(L, -2, name);
}

void carc_lua_guards_open(lua_State *L) {
  lua_getglobal(L, LUA_STRLIBNAME);
  wrap(L, "find", g_pattern, 1);
  wrap(L, "match", g_pattern, 2);
  wrap(L, "gsub", g_pattern, 2);
  wrap(L, "gmatch", g_pattern, 0);
  wrap(L, "rep", g_rep, -1);
  static const char *const linear_strings[] = {"byte", "pack", "packsize", "unpack"};
  for (int i = 0; i < 4; i++) wrap_linear(L, linear_strings[i], 0);
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_UTF8LIBNAME) == LUA_TTABLE) {
    static const char *const linear_utf8[] = {"len", "codepoint", "offset"};
    for (int i = 0; i < 3; i++) wrap_linear(L, linear_utf8[i], 0);
  }
  lua_pop(L, 1);
  lua_getglobal(L, LUA_TABLIBNAME);
  wrap_linear(L, "insert", 1);
  wrap_linear(L, "remove", 1);
  wrap(L, "sort", g_sort, -1);
  wrap(L, "concat", g_concat, -1);
  wrap(L, "unpack", g_unpack, -1);
  wrap(L, "move", g_move, -1);
  lua_pop(L, 1);
}

/* Pushes { find, match, gmatch, gsub } as the string library has them
 * unwrapped, for the loader's fixed patterns (after carc_lua_guards_open). */
void carc_lua_guards_raw(lua_State *L) {
  static const char *const names[] = {"find", "match", "gmatch", "gsub"};
  lua_createtable(L, 0, 4);
  lua_getglobal(L, LUA_STRLIBNAME);
  for (int i = 0; i < 4; i++) {
    lua_getfield(L, -1, names[i]);
    lua_getupvalue(L, -1, 1); /* the original, kept by the wrapper */
    lua_setfield(L, -4, names[i]);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

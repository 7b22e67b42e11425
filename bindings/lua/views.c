/* views.c - engine objects as Lua userdata: the scoring context and the game,
 * tile, segment and feature views (docs/lua-api.md sections 3 and 5).
 * Views made while a handler or hook runs are lent: they carry the state's
 * epoch and fail once the call is over. Players are 1-based in Lua. */
#include "binding.h"
#include <string.h>

static const char *const view_mt[] = {"carc.game", "carc.tile", "carc.segment", "carc.feature"};
static const char *const view_what[] = {"game", "tile", "segment", "feature"};
static const char *const edge_names[] = {"N", "E", "S", "W"};

/* Every method and __index of the classes closes over the state's
 * carc_lstate (upvalue 1): reading it is one load, not a registry lookup. */
static carc_lstate *ls_up(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

/* Type check by metatable identity: no string lookups on the hot path. */
static void *check_class(lua_State *L, int i, int cls, const char *what) {
  void *p = lua_touserdata(L, i);
  const carc_lstate *ls = ls_up(L);
  for (int k = 0; p && k < ls->nknown; k++)
    if (ls->known[k] == p) {
      if (ls->known_class[k] == cls) return p;
      break;
    }
  if (!p || !lua_getmetatable(L, i)) luaL_typeerror(L, i, what);
  if (lua_topointer(L, -1) != ls->mt[cls]) luaL_typeerror(L, i, what);
  lua_pop(L, 1);
  return p;
}

static carc_view *view_check(lua_State *L, int i, int type) {
  carc_view *v = check_class(L, i, type, view_what[type]);
  if (v->lent && (v->g == NULL || v->epoch != ls_up(L)->epoch))
    luaL_error(L, "expired %s view (views lent to a handler or hook live for the call only)",
               view_what[type]);
  if (v->live && *v->live != v->g)
    luaL_error(L, "this %s view has expired (its scenario was collected or closed)", view_what[type]);
  return v;
}

static carc_view *push_view(lua_State *L, const carc_lstate *ls, int type, carc_game *g,
                            carc_lua *cl, int a) {
  carc_view *v = lua_newuserdatauv(L, sizeof *v, 1);
  v->type = type;
  v->lent = ls->lend;
  v->epoch = ls->epoch;
  v->g = g;
  v->cl = cl;
  v->a = a;
  v->live = NULL;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ls->mt_ref[type]);
  lua_setmetatable(L, -2);
  return v;
}

carc_view *carc_lua_push_view(lua_State *L, int type, carc_game *g, carc_lua *cl, int a) {
  return push_view(L, carc_lstate_of(L), type, g, cl, a);
}

/* A view made from the view at index 1; it keeps the same owner alive. */
static carc_view *push_child(lua_State *L, const carc_view *parent, int type, int a) {
  carc_view *v = push_view(L, ls_up(L), type, parent->g, parent->cl, a);
  v->live = parent->live;
  lua_getiuservalue(L, 1, 1);
  lua_setiuservalue(L, -2, 1);
  return v;
}

static int check_player(lua_State *L, int i, int players) {
  lua_Integer p = binding_check_whole(L, i, "a player");
  if (p < 1 || p > players) luaL_error(L, "no player %I (players are 1..%d)", (LUAI_UACINT)p, players);
  return (int)p - 1;
}

static int token_type(lua_State *L, carc_engine *e, int i) {
  const char *name = check_text(L, i);
  int t = carc_token_type_find(e, name);
  if (t < 0) luaL_error(L, "unknown token type '%s'", name);
  return t;
}

/* An attribute by name or by the id x:attr returned (the id skips a name
 * lookup); -1 when nothing has it. */
static int attr_of(lua_State *L, carc_engine *e, int i) {
  if (lua_type(L, i) == LUA_TNUMBER) {
    lua_Integer id = lua_tointeger(L, i);
    luaL_argcheck(L, id >= 0 && id <= INT_MAX && carc_attr_name(e, (int)id) != NULL, i, "not an attribute id");
    return (int)id;
  }
  return carc_attr_find(e, check_text(L, i));
}

/* A segment id (seg.id, f.id, game:segment_at ...) of the view's game. */
static int check_segment(lua_State *L, const carc_view *v, int i) {
  lua_Integer id = luaL_checkinteger(L, i);
  if (id < 0 || id > 0x7fffffff || carc_segment_tile(v->g, (int)id) < 0)
    luaL_error(L, "no segment with id %I on the board", (LUAI_UACINT)id);
  return (int)id;
}

/* An edge as a letter "N" "E" "S" "W" or a number 0..3 (N=0, clockwise). */
static int check_edge(lua_State *L, int i) {
  if (lua_type(L, i) == LUA_TNUMBER) {
    lua_Integer d = lua_tointeger(L, i);
    luaL_argcheck(L, d >= 0 && d <= 3, i, "an edge is 0..3 or \"N\", \"E\", \"S\", \"W\"");
    return (int)d;
  }
  return luaL_checkoption(L, i, NULL, edge_names);
}

/* Board edges touched by a placed segment, as bits: N=1, E=2, S=4, W=8. */
static unsigned edge_bits(const carc_game *g, int id) {
  unsigned ports = carc_board_segment_ports(g, id), bits = 0;
  for (int d = 0; d < 4; d++)
    if (ports & (7u << (d * 3))) bits |= 1u << d;
  return bits;
}

/* Looks key 2 up in the __index closure's upvalue table (upvalue 2), which
 * maps method names to functions and field names to codes. Returns the field
 * code, or 0 with the method (or nil) pushed. */
static int lookup(lua_State *L) {
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNUMBER) return 0;
  int code = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return code;
}

/* ------------------------------------------------------------------ game */

static int game_var_id(lua_State *L, carc_game *g, int i, int flag) {
  carc_engine *e = carc_game_engine(g);
  if (lua_type(L, i) == LUA_TNUMBER) { /* an id from x:var / x:flag */
    lua_Integer id = lua_tointeger(L, i);
    int count = flag ? carc_flag_count(e) : carc_var_count(e);
    luaL_argcheck(L, id >= 0 && id < count, i, flag ? "not a flag id" : "not a variable id");
    return (int)id;
  }
  const char *name = check_text(L, i);
  int id = flag ? carc_flag_find(e, name) : carc_var_find(e, name);
  if (id < 0) luaL_error(L, "unknown game %s '%s' (declare it with x:%s)", flag ? "flag" : "variable",
                         name, flag ? "flag" : "var");
  return id;
}

/* A whole number in lo..hi (binding_check_whole: not a string that reads
 * as one), or an error naming the value and the range. */
/* Whether the value at i is a whole number in lo..hi, without raising or
 * allocating: callers that name the value in a message (built with
 * lua_pushfstring) build it only when this says no, then let check_range
 * raise. */
static int whole_in(lua_State *L, int i, lua_Integer lo, lua_Integer hi) {
  int whole = 0;
  const lua_Integer n = lua_type(L, i) == LUA_TNUMBER ? lua_tointegerx(L, i, &whole) : 0;
  return whole && n >= lo && n <= hi;
}

static lua_Integer check_range(lua_State *L, int i, lua_Integer lo, lua_Integer hi, const char *what) {
  lua_Integer n = binding_check_whole(L, i, what);
  if (n < lo || n > hi)
    luaL_error(L, "%s %I is outside the allowed %I..%I", what, (LUAI_UACINT)n, (LUAI_UACINT)lo,
               (LUAI_UACINT)hi);
  return n;
}

/* A setter's result: its error becomes a Lua error. */
static void game_check(lua_State *L, carc_game *g, carc_result r) {
  if (r != CARC_OK) luaL_error(L, "%s", carc_game_error(g));
}

static void writable(lua_State *L, carc_game *g, const char *what) {
  if (carc_game_read_only(g))
    luaL_error(L, "%s: the game is read-only in scoring handlers, placement hooks and describe "
               "functions (a handler changes the scoring context instead)", what);
}

static int g_score(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  lua_pushinteger(L, carc_game_score(v->g, check_player(L, 2, carc_game_players(v->g))));
  return 1;
}
static int g_tile_at(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int t = carc_board_tile_at(v->g, check_int(L, 2), check_int(L, 3));
  if (t < 0) lua_pushnil(L);
  else push_child(L, v, CARC_V_TILE, t);
  return 1;
}
/* var(a[, b, ...]): each variable's value, one result per argument. */
static int g_var(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int n = lua_gettop(L);
  if (n < 2) n = 2; /* var() names no variable: the usual argument error */
  for (int i = 2; i <= n; i++) lua_pushinteger(L, carc_game_var(v->g, game_var_id(L, v->g, i, 0)));
  return n - 1;
}
/* Arguments from `first` on come in pairs (a name and its value): an odd
 * count is an error, not a name quietly left out. Returns the last index. */
static int pairs_end(lua_State *L, int first, const char *what) {
  int n = lua_gettop(L);
  if (n < first + 1) n = first + 1; /* one pair at least: its absence is the value's error */
  if ((n - first) % 2 == 0) luaL_error(L, "%s: '%s' has no value", what, luaL_tolstring(L, n, NULL));
  return n;
}

/* set_var(a, value[, b, value, ...]): one call sets several variables, all
 * checked before any is set (a refusal changes none). */
static int g_set_var(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  writable(L, v->g, "set_var");
  const int n = pairs_end(L, 2, "set_var");
  const carc_engine *e = carc_game_engine(v->g);
  for (int i = 2; i < n; i += 2) { /* the error names the variable: a call may set several */
    const int id = game_var_id(L, v->g, i, 0);
    int lo, hi; /* its declared range, or all 32-bit values */
    carc_var_range(e, id, &lo, &hi);
    if (whole_in(L, i + 1, lo, hi)) continue;
    check_range(L, i + 1, lo, hi, lua_pushfstring(L, "set_var: the value of '%s'", carc_var_name(e, id))); /* raises */
  }
  for (int i = 2; i < n; i += 2) { /* every value checked above: a whole number in range */
    int id = game_var_id(L, v->g, i, 0);
    game_check(L, v->g, carc_game_set_var(v->g, id, (int)lua_tointeger(L, i + 1)));
  }
  return 0;
}
static int g_flag(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  lua_pushboolean(L, carc_game_flag(v->g, game_var_id(L, v->g, 2, 1)));
  return 1;
}
static int g_set_flag(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  writable(L, v->g, "set_flag");
  int id = game_var_id(L, v->g, 2, 1);
  game_check(L, v->g, carc_game_set_flag(v->g, id, lua_toboolean(L, 3)));
  return 0;
}
/* set_flags(bits, a, b, ...): flag a on when bit 0 of `bits` is set, b by
 * bit 1 ... (at most 63 flags); one call instead of one set_flag each. */
static int g_set_flags(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  writable(L, v->g, "set_flags");
  lua_Integer bits = binding_check_whole(L, 2, "set_flags: bits");
  int n = lua_gettop(L);
  luaL_argcheck(L, n - 2 <= 63, 65, "set_flags: at most 63 flags");
  for (int i = 3; i <= n; i++) game_var_id(L, v->g, i, 1); /* every name known before any flag is set */
  for (int i = 3; i <= n; i++) {
    int id = game_var_id(L, v->g, i, 1);
    game_check(L, v->g, carc_game_set_flag(v->g, id, (int)((bits >> (i - 3)) & 1)));
  }
  return 0;
}
static int g_random(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  writable(L, v->g, "random");
  lua_Integer n = check_range(L, 2, 1, 0x7fffffff, "random: n");
  lua_pushinteger(L, 1 + (lua_Integer)carc_game_random(v->g, (uint32_t)n));
  return 1;
}
/* permutation(n): 1..n in an order drawn from the game's generator, as n
 * results (no table): a Fisher-Yates shuffle taking the same draws as
 * game:random(i) for i = n down to 2, swapping entries i and the draw. */
static int g_permutation(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  writable(L, v->g, "permutation");
  int n = (int)check_range(L, 2, 0, 64, "permutation: n");
  int p[64];
  for (int i = 0; i < n; i++) p[i] = i + 1;
  for (int i = n; i >= 2; i--) {
    int j = 1 + (int)carc_game_random(v->g, (uint32_t)i);
    int t = p[i - 1];
    p[i - 1] = p[j - 1];
    p[j - 1] = t;
  }
  luaL_checkstack(L, n, "permutation");
  for (int i = 0; i < n; i++) lua_pushinteger(L, p[i]);
  return n;
}
static int g_add_score(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  writable(L, v->g, "add_score");
  int p = check_player(L, 2, carc_game_players(v->g));
  lua_Integer n = check_range(L, 3, -CARC_MAX_SCORE, CARC_MAX_SCORE, "add_score: points");
  game_check(L, v->g, carc_game_add_score(v->g, p, (int)n));
  return 0;
}
static int g_token_supply(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int p = check_player(L, 2, carc_game_players(v->g));
  lua_pushinteger(L, carc_game_token_supply(v->g, p, token_type(L, carc_game_engine(v->g), 3)));
  return 1;
}
/* set_token_supply(p, name, n[, name, n ...]): one call sets several. */
static int g_set_token_supply(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int p = check_player(L, 2, carc_game_players(v->g));
  writable(L, v->g, "set_token_supply");
  const int n = pairs_end(L, 3, "set_token_supply");
  for (int i = 3; i < n; i += 2) { /* all checked before any is set */
    token_type(L, carc_game_engine(v->g), i);
    check_range(L, i + 1, 0, 99, "token supply");
  }
  for (int i = 3; i < n; i += 2) {
    int t = token_type(L, carc_game_engine(v->g), i);
    if (carc_game_set_token_supply(v->g, p, t, (int)check_range(L, i + 1, 0, 99, "token supply")) != CARC_OK)
      luaL_error(L, "%s", carc_game_error(v->g));
  }
  return 0;
}
/* map_square(x, y): kind name ("land", "town", "island", ...; nil without
 * a map), coats of arms printed there, name or nil. */
static int g_map_square(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  carc_engine *e = carc_game_engine(v->g);
  int x = check_int(L, 2), y = check_int(L, 3);
  int k = carc_map_square(e, x, y);
  if (k < 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, carc_map_square_kind_name(k));
  lua_pushinteger(L, carc_map_square_arms(e, x, y));
  const char *name = carc_map_square_name(e, x, y);
  if (name) lua_pushstring(L, name);
  else lua_pushnil(L);
  lua_pushboolean(L, carc_map_square_town(e, x, y));
  return 4;
}
/* map_link(x, y, edge): what is printed on edge "N", "E", "S" or "W" of
 * square (x, y): kind ("road" or "city" abroad, "ferry"), coats of arms,
 * name or nil, and a ferry route's other end (x, y, edge letter); nil when
 * nothing is (or there is no map). */
static int g_map_link(lua_State *L) {
  static const char *const edges[] = {"N", "E", "S", "W", NULL}, *const kinds[] = {"?", "road", "city", "ferry"};
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int x = check_int(L, 2), y = check_int(L, 3), d = luaL_checkoption(L, 4, NULL, edges);
  carc_map_link l;
  if (!carc_map_link_at(carc_game_engine(v->g), x, y, d, &l)) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, kinds[l.kind >= CARC_LINK_ROAD && l.kind <= CARC_LINK_FERRY ? l.kind : 0]);
  lua_pushinteger(L, l.arms);
  if (l.name[0]) lua_pushstring(L, l.name);
  else lua_pushnil(L);
  if (l.kind != CARC_LINK_FERRY) return 3;
  lua_pushinteger(L, l.far_x);
  lua_pushinteger(L, l.far_y);
  lua_pushstring(L, edges[l.far_edge & 3]);
  return 6;
}
/* last_tile(): the tile placed last (view), or nil. */
static int g_last_tile(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int t = carc_game_last_tile(v->g);
  if (t < 0) lua_pushnil(L);
  else push_child(L, v, CARC_V_TILE, t);
  return 1;
}
/* play_again(): the current player takes one more turn (false if not now). */
static int g_play_again(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  lua_pushboolean(L, carc_game_play_again(v->g) == CARC_OK);
  return 1;
}
static int g_option(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  const char *exp = check_text(L, 2), *name = check_text(L, 3);
  if (!v->cl || !carc_lua_option(v->cl, L, exp, name)) lua_pushnil(L);
  return 1;
}
/* Segments by id, without views (nothing is allocated): for handlers that
 * walk a feature with f:each_segment(). */
/* segment_attr(id, a[, b, ...]): each attribute's value on the segment. */
static int g_segment_attr(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int id = check_segment(L, v, 2), n = lua_gettop(L);
  carc_engine *e = carc_game_engine(v->g);
  int type = carc_board_tile_type(v->g, carc_segment_tile(v->g, id)), s = carc_segment_index(v->g, id);
  if (n < 3) n = 3;
  for (int i = 3; i <= n; i++) {
    int a = attr_of(L, e, i);
    lua_pushinteger(L, a < 0 ? 0 : carc_segment_attr(e, type, s, a));
  }
  return n - 2;
}
static int g_segment_edges(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  lua_pushinteger(L, edge_bits(v->g, check_segment(L, v, 2)));
  return 1;
}
static int g_segment_kind(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int id = check_segment(L, v, 2);
  carc_engine *e = carc_game_engine(v->g);
  int t = carc_segment_tile(v->g, id);
  lua_pushstring(L, carc_kind_name(e, carc_segment_kind(e, carc_board_tile_type(v->g, t),
                                                        carc_segment_index(v->g, id))));
  return 1;
}
/* segment_tile(id): the tile's board index, x, y and rotation. */
static int g_segment_tile(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  int t = carc_segment_tile(v->g, check_segment(L, v, 2));
  lua_pushinteger(L, t);
  lua_pushinteger(L, carc_board_tile_x(v->g, t));
  lua_pushinteger(L, carc_board_tile_y(v->g, t));
  lua_pushinteger(L, carc_board_tile_rotation(v->g, t));
  return 4;
}
/* segment_at(x, y, edge[, part]): the segment id on that board edge of the
 * tile at (x, y) (part "l", "m", "r"; default "m"), or nil. */
static int g_segment_at(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  static const char *const parts[] = {"l", "m", "r", NULL};
  int t = carc_board_tile_at(v->g, check_int(L, 2), check_int(L, 3));
  int edge = check_edge(L, 4), part = luaL_checkoption(L, 5, "m", parts);
  int s = t < 0 ? -1 : carc_board_segment_at_port(v->g, t, edge * 3 + part);
  if (s < 0) lua_pushnil(L);
  else lua_pushinteger(L, carc_board_segment_id(v->g, t, s));
  return 1;
}

static int game_index(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_GAME);
  switch (lookup(L)) {
  case 1: lua_pushinteger(L, carc_game_players(v->g)); break;
  case 2: lua_pushinteger(L, carc_game_current_player(v->g) + 1); break;
  case 3: lua_pushinteger(L, carc_game_turn(v->g)); break;
  case 4: lua_pushinteger(L, carc_board_tiles(v->g)); break;
  }
  return 1;
}

/* ------------------------------------------------------------------ tile */

static int tile_type_of(const carc_view *v) { return carc_board_tile_type(v->g, v->a); }

static int t_attr(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_TILE);
  int a = attr_of(L, carc_game_engine(v->g), 2);
  lua_pushinteger(L, a < 0 ? 0 : carc_tile_type_attr(carc_game_engine(v->g), tile_type_of(v), a));
  return 1;
}
static int t_segments(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_TILE);
  int n = carc_tile_type_segments(carc_game_engine(v->g), tile_type_of(v));
  lua_createtable(L, n, 0);
  for (int s = 0; s < n; s++) {
    push_child(L, v, CARC_V_SEG, carc_board_segment_id(v->g, v->a, s));
    lua_rawseti(L, -2, s + 1);
  }
  return 1;
}
static int t_segment_at(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_TILE);
  static const char *const parts[] = {"l", "m", "r", NULL};
  int edge = luaL_checkoption(L, 2, NULL, edge_names);
  int part = luaL_checkoption(L, 3, "m", parts);
  int s = carc_board_segment_at_port(v->g, v->a, edge * 3 + part);
  if (s < 0) lua_pushnil(L);
  else push_child(L, v, CARC_V_SEG, carc_board_segment_id(v->g, v->a, s));
  return 1;
}
static int t_token(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_TILE);
  carc_engine *e = carc_game_engine(v->g);
  for (int k = 0; k < carc_token_type_count(e); k++)
    if (carc_board_tokens(v->g, v->a, k) > 0) {
      lua_pushstring(L, carc_token_type_name(e, k));
      return 1;
    }
  lua_pushnil(L);
  return 1;
}
static int t_has_kind(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_TILE);
  carc_engine *e = carc_game_engine(v->g);
  int kind = carc_kind_find(e, check_text(L, 2)), type = tile_type_of(v), found = 0;
  for (int s = 0; kind >= 0 && s < carc_tile_type_segments(e, type) && !found; s++)
    found = carc_segment_kind(e, type, s) == kind;
  lua_pushboolean(L, found);
  return 1;
}
static int tile_index(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_TILE);
  switch (lookup(L)) {
  case 1: lua_pushinteger(L, carc_board_tile_x(v->g, v->a)); break;
  case 2: lua_pushinteger(L, carc_board_tile_y(v->g, v->a)); break;
  case 3: lua_pushinteger(L, carc_board_tile_rotation(v->g, v->a)); break;
  case 4: lua_pushstring(L, carc_tile_type_name(carc_game_engine(v->g), tile_type_of(v))); break;
  case 5: lua_pushinteger(L, v->a); break;
  }
  return 1;
}

/* --------------------------------------------------------------- segment */

static int s_attr(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_SEG);
  carc_engine *e = carc_game_engine(v->g);
  int a = attr_of(L, e, 2), t = carc_segment_tile(v->g, v->a);
  lua_pushinteger(L, a < 0 ? 0 : carc_segment_attr(e, carc_board_tile_type(v->g, t),
                                                   carc_segment_index(v->g, v->a), a));
  return 1;
}
/* A bit per tile edge (N, E, S, W) that a segment of port mask `ports` touches. */
static unsigned edges_touched(unsigned ports) {
  unsigned edges = 0;
  for (int d = 0; d < 4; d++) edges |= (unsigned)((ports >> (d * 3) & 7u) != 0) << d;
  return edges;
}

static int s_edges(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_SEG);
  unsigned edges = edges_touched(carc_board_segment_ports(v->g, v->a));
  lua_createtable(L, 4, 0);
  int n = 0;
  for (int d = 0; d < 4; d++)
    if (edges >> d & 1) {
      lua_pushstring(L, edge_names[d]);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}
/* seg:cities(): for a field segment, the city segments of its tile that it
 * touches (the cities a farm counts); empty for other kinds. */
static int s_cities(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_SEG);
  carc_engine *e = carc_game_engine(v->g);
  int t = carc_segment_tile(v->g, v->a), s = carc_segment_index(v->g, v->a);
  unsigned bits = carc_segment_field_cities(e, carc_board_tile_type(v->g, t), s);
  lua_newtable(L);
  for (int k = 0, n = 0; bits; k++, bits >>= 1)
    if (bits & 1u) {
      push_child(L, v, CARC_V_SEG, carc_board_segment_id(v->g, t, k));
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}
static int s_feature(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_SEG);
  push_child(L, v, CARC_V_FEATURE, v->a);
  return 1;
}
static int seg_index(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_SEG);
  int code = lookup(L);
  if (!code) return 1;
  carc_engine *e = carc_game_engine(v->g);
  int t = carc_segment_tile(v->g, v->a), s = carc_segment_index(v->g, v->a);
  switch (code) {
  case 1: lua_pushstring(L, carc_kind_name(e, carc_segment_kind(e, carc_board_tile_type(v->g, t), s))); break;
  case 2: lua_pushinteger(L, s); break;
  case 3: push_child(L, v, CARC_V_TILE, t); break;
  case 4: lua_pushinteger(L, v->a); break;
  }
  return 1;
}

/* --------------------------------------------------------------- feature */

/* The feature's segment ids in a scratch userdata left on the stack. */
static int *members(lua_State *L, carc_view *v, int *n) {
  *n = carc_feature_members(v->g, v->a, NULL, 0);
  int *buf = lua_newuserdatauv(L, sizeof(int) * (size_t)(*n > 0 ? *n : 1), 0);
  carc_feature_members(v->g, v->a, buf, *n);
  return buf;
}
static int f_segments(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  int n, *m = members(L, v, &n);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_child(L, v, CARC_V_SEG, m[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}
static int f_tile_list(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  int n, *m = members(L, v, &n), k = 0;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    int t = carc_segment_tile(v->g, m[i]), dup = 0;
    for (int j = 0; j < i && !dup; j++) dup = carc_segment_tile(v->g, m[j]) == t;
    if (dup) continue;
    push_child(L, v, CARC_V_TILE, t);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}
static int f_has_attr(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  int a = attr_of(L, carc_game_engine(v->g), 2);
  lua_pushboolean(L, a >= 0 && carc_feature_has_attr(v->g, v->a, a));
  return 1;
}
static int f_figures(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  carc_engine *e = carc_game_engine(v->g);
  int root = carc_feature_root(v->g, v->a), k = 0;
  lua_newtable(L);
  for (int f = 0; f < carc_game_figures(v->g); f++) {
    int s = carc_figure_segment(v->g, f);
    if (s < 0 || carc_feature_root(v->g, s) != root) continue;
    lua_createtable(L, 0, 2);
    lua_pushstring(L, carc_figure_type_name(e, carc_figure_type(v->g, f)));
    lua_setfield(L, -2, "type");
    int owner = carc_figure_owner(v->g, f);
    if (owner >= 0) {
      lua_pushinteger(L, owner + 1);
      lua_setfield(L, -2, "owner");
    }
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}
/* next_segment([id]): the feature's segment after `id` (its first segment
 * without `id`), nil after the last: the iterator of each_segment. */
static int f_next_segment(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  int root = carc_feature_root(v->g, v->a);
  if (lua_isnoneornil(L, 2)) {
    lua_pushinteger(L, root);
    return 1;
  }
  int next = carc_feature_next_member(v->g, check_segment(L, v, 2));
  if (next < 0 || next == root) lua_pushnil(L);
  else lua_pushinteger(L, next);
  return 1;
}
/* next_segment_with(id, a[, b, ...]): the feature's next segment after `id`
 * (from its first without `id`) carrying any of the attributes, and each
 * attribute's value there; nil after the last. The walk runs in C: a feature
 * with none of them costs one call. */
static int f_next_segment_with(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  carc_engine *e = carc_game_engine(v->g);
  int n = lua_gettop(L) - 2, attrs[16], any = 0;
  luaL_argcheck(L, n >= 1 && n <= 16, 3, "next_segment_with takes 1 to 16 attributes");
  for (int i = 0; i < n; i++) {
    attrs[i] = attr_of(L, e, i + 3);
    any |= attrs[i] >= 0 && carc_feature_has_attr(v->g, v->a, attrs[i]);
  }
  int root = carc_feature_root(v->g, v->a);
  int s = lua_isnil(L, 2) ? root : carc_feature_next_member(v->g, check_segment(L, v, 2));
  if (!lua_isnil(L, 2) && s == root) any = 0; /* past the last */
  for (; any && s >= 0; s = carc_feature_next_member(v->g, s)) {
    int type = carc_board_tile_type(v->g, carc_segment_tile(v->g, s)), idx = carc_segment_index(v->g, s);
    int found = 0;
    for (int i = 0; i < n && !found; i++) found = attrs[i] >= 0 && carc_segment_attr(e, type, idx, attrs[i]) != 0;
    if (found) {
      lua_pushinteger(L, s);
      for (int i = 0; i < n; i++) lua_pushinteger(L, attrs[i] < 0 ? 0 : carc_segment_attr(e, type, idx, attrs[i]));
      return n + 1;
    }
    if (carc_feature_next_member(v->g, s) == root) break;
  }
  lua_pushnil(L);
  return 1;
}

/* for id in f:each_segment() do ... end: the feature's segment ids, in the
 * order of f:segments(), without building a table. */
static int f_each_segment(lua_State *L) {
  view_check(L, 1, CARC_V_FEATURE);
  lua_pushvalue(L, lua_upvalueindex(2)); /* f_next_segment, kept as an upvalue */
  lua_pushvalue(L, 1);
  return 2;
}
/* count_attr(attr): how many of the feature's segments carry the attribute. */
static int f_count_attr(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  carc_engine *e = carc_game_engine(v->g);
  int a = attr_of(L, e, 2), n = 0;
  if (a >= 0 && carc_feature_has_attr(v->g, v->a, a)) {
    int root = carc_feature_root(v->g, v->a), s = root;
    do {
      int t = carc_segment_tile(v->g, s);
      n += carc_segment_attr(e, carc_board_tile_type(v->g, t), carc_segment_index(v->g, s), a) != 0;
      s = carc_feature_next_member(v->g, s);
    } while (s != root && s >= 0);
  }
  lua_pushinteger(L, n);
  return 1;
}

static int feature_index(lua_State *L) {
  carc_view *v = view_check(L, 1, CARC_V_FEATURE);
  switch (lookup(L)) {
  case 1: lua_pushstring(L, carc_kind_name(carc_game_engine(v->g), carc_feature_kind(v->g, v->a))); break;
  case 2: lua_pushboolean(L, carc_feature_complete(v->g, v->a)); break;
  case 3: lua_pushinteger(L, carc_feature_tiles(v->g, v->a)); break;
  case 4: lua_pushinteger(L, carc_feature_open(v->g, v->a)); break;
  case 5: lua_pushinteger(L, carc_feature_symbols(v->g, v->a)); break;
  case 6: lua_pushinteger(L, carc_feature_root(v->g, v->a)); break;
  }
  return 1;
}

/* ------------------------------------------------------- scoring context */

static carc_ctxbox *ctx_check(lua_State *L) {
  carc_ctxbox *b = check_class(L, 1, CARC_V_CTX, "scoring context");
  if (!b->ctx) luaL_error(L, "expired scoring context (ctx is lent for the handler call only)");
  return b;
}
static int ctx_player(lua_State *L, carc_ctxbox *b) {
  return check_player(L, 2, carc_ctx_players(b->ctx));
}
static int c_strength(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  lua_pushinteger(L, carc_ctx_strength(b->ctx, ctx_player(L, b)));
  return 1;
}
static int c_set_strength(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  int p = ctx_player(L, b);
  carc_ctx_set_strength(b->ctx, p, (int)check_range(L, 3, -CARC_MAX_SCORE, CARC_MAX_SCORE, "strength"));
  return 0;
}
static int c_scores(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  lua_pushboolean(L, carc_ctx_scores(b->ctx, ctx_player(L, b)));
  return 1;
}
static int c_set_scores(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  carc_ctx_set_scores(b->ctx, ctx_player(L, b), lua_toboolean(L, 3));
  return 0;
}
static int c_award(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  lua_pushinteger(L, carc_ctx_award(b->ctx, ctx_player(L, b)));
  return 1;
}
static int c_set_award(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  int p = ctx_player(L, b);
  carc_ctx_set_award(b->ctx, p, (int)check_range(L, 3, -CARC_MAX_SCORE, CARC_MAX_SCORE, "award"));
  return 0;
}
static int c_score_so_far(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  lua_pushinteger(L, carc_ctx_score_so_far(b->ctx, ctx_player(L, b)));
  return 1;
}
static int c_tiles(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  int n = carc_ctx_tile_count(b->ctx);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_view(L, ls_up(L), CARC_V_TILE, carc_ctx_game(b->ctx), b->game->cl, carc_ctx_tile(b->ctx, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}
/* tiles_with_attr(attr), tiles_with_kind(kind): how many of the scored tiles
 * carry the tile attribute, or show a segment of the kind (no views made). */
int binding_tiles_with_attr(carc_score_ctx *ctx, int a) {
  carc_game *g = carc_ctx_game(ctx);
  carc_engine *e = carc_game_engine(g);
  int n = 0;
  for (int i = 0; a >= 0 && i < carc_ctx_tile_count(ctx); i++)
    n += carc_tile_type_attr(e, carc_board_tile_type(g, carc_ctx_tile(ctx, i)), a) != 0;
  return n;
}
int binding_tiles_with_kind(carc_score_ctx *ctx, int kind, int placed_only) {
  carc_game *g = carc_ctx_game(ctx);
  carc_engine *e = carc_game_engine(g);
  const int printed = placed_only ? carc_board_printed_tiles(g) : 0; /* a map's pieces come first */
  int n = 0;
  for (int i = 0; kind >= 0 && i < carc_ctx_tile_count(ctx); i++) {
    if (carc_ctx_tile(ctx, i) < printed) continue;
    int type = carc_board_tile_type(g, carc_ctx_tile(ctx, i)), found = 0;
    for (int s = 0; s < carc_tile_type_segments(e, type) && !found; s++)
      found = carc_segment_kind(e, type, s) == kind;
    n += found;
  }
  return n;
}
/* semicircular_tiles: how many of the scored tiles show the scored feature
 * only in segments that each touch exactly one edge (placed_only: leaving a
 * map's printed pieces out); with `symbols`, the coats of arms on those
 * segments too (semicircular_symbols), but not a large city's: they belong
 * to the whole city, and are kept on one of its squares. */
int binding_semicircular_tiles(carc_score_ctx *ctx, int placed_only, int *symbols) {
  carc_game *g = carc_ctx_game(ctx);
  carc_engine *e = carc_game_engine(g);
  const int root = carc_feature_root(g, carc_ctx_feature(ctx));
  const int printed = placed_only ? carc_board_printed_tiles(g) : 0;
  const int arms = symbols ? carc_attr_find(e, "arms") : -1, pieces = carc_board_printed_tiles(g);
  int n = 0, arms_dropped = 0;
  for (int i = 0; i < carc_ctx_tile_count(ctx); i++) {
    const int tile = carc_ctx_tile(ctx, i), type = carc_board_tile_type(g, tile);
    if (tile < printed) continue;
    const int large_city = arms >= 0 && tile < pieces &&
                           carc_map_square(e, carc_board_tile_x(g, tile), carc_board_tile_y(g, tile)) == CARC_SQ_CITY;
    int shown = 0, all_one_edge = 1, arms_here = 0;
    for (int s = 0; s < carc_tile_type_segments(e, type); s++) {
      const int id = carc_board_segment_id(g, tile, s);
      if (id < 0 || carc_feature_root(g, id) != root) continue;
      const unsigned edges = edges_touched(carc_segment_ports(e, type, s));
      shown = 1;
      all_one_edge = all_one_edge && edges != 0 && (edges & (edges - 1)) == 0; /* exactly one */
      if (arms >= 0 && !large_city) arms_here += carc_segment_attr(e, type, s, arms);
    }
    n += shown && all_one_edge;
    arms_dropped += shown && all_one_edge ? arms_here : 0;
  }
  if (symbols) *symbols = arms_dropped;
  return n;
}
/* A bit per player with a figure of their own on the scored feature. */
/* The players with a follower of their own on the scored feature: a figure
 * that occupies it (a ghost, say, is no follower). */
unsigned binding_players_present(carc_score_ctx *ctx) {
  carc_game *g = carc_ctx_game(ctx);
  const carc_engine *e = carc_game_engine(g);
  const int root = carc_feature_root(g, carc_ctx_feature(ctx));
  unsigned present = 0;
  for (int f = 0; f < carc_game_figures(g); f++) {
    const int s = carc_figure_segment(g, f), owner = carc_figure_owner(g, f);
    if (s >= 0 && owner >= 0 && carc_feature_root(g, s) == root &&
        carc_figure_type_occupies(e, carc_figure_type(g, f)) == 1)
      present |= 1u << owner;
  }
  return present;
}
static int c_tiles_with_attr(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  lua_pushinteger(L, binding_tiles_with_attr(b->ctx, attr_of(L, carc_game_engine(carc_ctx_game(b->ctx)), 2)));
  return 1;
}
static int c_tiles_with_kind(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  int kind = carc_kind_find(carc_game_engine(carc_ctx_game(b->ctx)), check_text(L, 2));
  lua_pushinteger(L, binding_tiles_with_kind(b->ctx, kind, 0));
  return 1;
}
static int c_tokens(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  int t = lua_isnoneornil(L, 2) ? -1 : token_type(L, carc_game_engine(carc_ctx_game(b->ctx)), 2);
  lua_pushinteger(L, carc_ctx_tokens(b->ctx, t));
  return 1;
}
static int c_token_points(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  lua_pushinteger(L, carc_ctx_token_points(b->ctx));
  return 1;
}
/* Field codes: 1..CARC_F_FIELD_COUNT are the numbers, then these. */
enum { CTX_KIND = CARC_F_FIELD_COUNT + 1, CTX_REASON, CTX_PLAYERS, CTX_GAME, CTX_FEATURE };

static const luaL_Reg ctx_methods[] = {{"strength", c_strength}, {"set_strength", c_set_strength},
                                       {"scores", c_scores},     {"set_scores", c_set_scores},
                                       {"award", c_award},       {"set_award", c_set_award},
                                       {"tiles", c_tiles},       {"tokens", c_tokens},
                                       {"token_points", c_token_points}, {"score_so_far", c_score_so_far},
                                       {"tiles_with_attr", c_tiles_with_attr},
                                       {"tiles_with_kind", c_tiles_with_kind},
                                       {NULL, NULL}};
/* In field code order: the numbers (carc_ctx_field), then CTX_KIND ... */
static const char *const ctx_fields[] = {"count", "count_original", "symbols", "symbols_original",
                                         "unit_rate", "symbol_rate", "adjust", "total", "kind",
                                         "reason", "players", "game", "feature", NULL};

/* A key the context does not have, read or written: an error, not nil (a
 * misspelt ctx.count_orignal would fail later, in a comparison with nil),
 * suggesting the field (or, read, the method) a small edit away. */
static int ctx_no_field(lua_State *L, const char *what, int with_methods) {
  const char *names[sizeof ctx_fields / sizeof *ctx_fields + sizeof ctx_methods / sizeof *ctx_methods];
  int n = 0;
  for (int i = 0; ctx_fields[i]; i++) names[n++] = ctx_fields[i];
  for (int i = 0; with_methods && ctx_methods[i].name; i++) names[n++] = ctx_methods[i].name;
  names[n] = NULL;
  char shown[64];
  const int named = lua_type(L, 2) == LUA_TSTRING;
  const char *key = shown_text(named ? lua_tostring(L, 2) : binding_push_value(L, 2), shown, sizeof shown);
  const char *near = named ? binding_near_name(lua_tostring(L, 2), names) : NULL;
  return luaL_error(L, "the scoring context has no %s '%s'%s%s%s", what, key, near ? " (did you mean '" : "",
                    near ? near : "", near ? "'?)" : "");
}

static int ctx_index(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  int code = lookup(L);
  if (code >= 1 && code <= CARC_F_FIELD_COUNT) {
    lua_pushinteger(L, carc_ctx_get(b->ctx, (carc_ctx_field)(code - 1)));
    return 1;
  }
  switch (code) {
  case 0: /* a method, pushed, or nothing */
    if (lua_isnil(L, -1)) return ctx_no_field(L, "field", 1);
    break;
  case CTX_KIND: lua_pushstring(L, carc_kind_name(carc_game_engine(carc_ctx_game(b->ctx)), carc_ctx_kind(b->ctx))); break;
  case CTX_REASON: lua_pushstring(L, carc_ctx_reason(b->ctx) == CARC_FINAL ? "final" : "completed"); break;
  case CTX_PLAYERS: lua_pushinteger(L, carc_ctx_players(b->ctx)); break;
  case CTX_GAME: lua_rawgeti(L, LUA_REGISTRYINDEX, b->game_ref); break;
  case CTX_FEATURE: lua_rawgeti(L, LUA_REGISTRYINDEX, b->feature_ref); break;
  }
  return 1;
}

/* The value written to field `field`: a whole number within the scores'
 * range, as check_range takes one; its error names "ctx.FIELD". The name is
 * made only then (whole_in): handlers write fields at every scoring. */
static lua_Integer ctx_whole(lua_State *L, const char *field) {
  if (!whole_in(L, 3, -CARC_MAX_SCORE, CARC_MAX_SCORE))
    check_range(L, 3, -CARC_MAX_SCORE, CARC_MAX_SCORE, lua_pushfstring(L, "ctx.%s", field)); /* raises */
  return lua_tointeger(L, 3);
}

static int ctx_newindex(lua_State *L) {
  carc_ctxbox *b = ctx_check(L);
  int code = lookup(L);
  if (code < 1 || code > CARC_F_FIELD_COUNT) return ctx_no_field(L, "settable field", 0);
  lua_Integer n = ctx_whole(L, lua_tostring(L, 2));
  if (carc_ctx_set(b->ctx, (carc_ctx_field)(code - 1), (int)n) != CARC_OK)
    return luaL_error(L, "ctx.%s is read-only", lua_tostring(L, 2));
  return 0;
}

carc_ctxbox *carc_lua_new_ctxbox(lua_State *L) {
  carc_ctxbox *b = lua_newuserdatauv(L, sizeof *b, 0);
  memset(b, 0, sizeof *b);
  carc_lstate_known(carc_lstate_of(L), b, CARC_V_CTX);
  lua_rawgeti(L, LUA_REGISTRYINDEX, carc_lstate_of(L)->mt_ref[CARC_V_CTX]);
  lua_setmetatable(L, -2);
  return b;
}

/* ----------------------------------------------------------------- setup */

/* A class: metatable with __index (and for ctx __newindex) closing over the
 * state's carc_lstate and one table of methods and field codes (1-based, in
 * the order of `fields`); the methods close over the carc_lstate. */
static void new_class(lua_State *L, int cls, const char *name, const luaL_Reg *methods,
                      const char *const *fields, lua_CFunction index, lua_CFunction newindex) {
  carc_lstate *ls = carc_lstate_of(L);
  luaL_newmetatable(L, name);
  lua_newtable(L);
  lua_pushlightuserdata(L, ls);
  luaL_setfuncs(L, methods, 1);
  for (int i = 0; fields[i]; i++) {
    lua_pushinteger(L, i + 1);
    lua_setfield(L, -2, fields[i]);
  }
  if (newindex) {
    lua_pushlightuserdata(L, ls);
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, newindex, 2);
    lua_setfield(L, -3, "__newindex");
  }
  lua_pushlightuserdata(L, ls);
  lua_insert(L, -2);
  lua_pushcclosure(L, index, 2);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  ls->mt[cls] = lua_topointer(L, -1);
  ls->mt_ref[cls] = luaL_ref(L, LUA_REGISTRYINDEX);
}

void carc_lua_views_open(lua_State *L) {
  static const luaL_Reg game_m[] = {
      {"score", g_score},     {"tile_at", g_tile_at},       {"var", g_var},
      {"set_var", g_set_var}, {"flag", g_flag},             {"set_flag", g_set_flag}, {"set_flags", g_set_flags},
      {"random", g_random},   {"add_score", g_add_score},   {"token_supply", g_token_supply},
      {"set_token_supply", g_set_token_supply},             {"option", g_option},
      {"map_square", g_map_square}, {"map_link", g_map_link}, {"last_tile", g_last_tile}, {"play_again", g_play_again},
      {"segment_attr", g_segment_attr}, {"segment_edges", g_segment_edges},
      {"segment_kind", g_segment_kind}, {"segment_tile", g_segment_tile},
      {"segment_at", g_segment_at}, {"permutation", g_permutation}, {NULL, NULL}};
  static const luaL_Reg tile_m[] = {{"attr", t_attr},       {"segments", t_segments},
                                    {"segment_at", t_segment_at}, {"token", t_token},
                                    {"has_kind", t_has_kind}, {NULL, NULL}};
  static const luaL_Reg seg_m[] = {{"attr", s_attr}, {"edges", s_edges}, {"feature", s_feature},
                                   {"cities", s_cities}, {NULL, NULL}};
  static const luaL_Reg feat_m[] = {{"segments", f_segments}, {"tile_list", f_tile_list},
                                    {"has_attr", f_has_attr}, {"figures", f_figures},
                                    {"next_segment", f_next_segment}, {"count_attr", f_count_attr},
                                    {"next_segment_with", f_next_segment_with},
                                    {"each_segment", NULL}, {NULL, NULL}};
  static const char *const game_f[] = {"players", "current_player", "turn", "tiles", NULL};
  static const char *const tile_f[] = {"x", "y", "rotation", "type", "index", NULL};
  static const char *const seg_f[] = {"kind", "index", "tile", "id", NULL};
  static const char *const feat_f[] = {"kind", "complete", "tiles", "open", "symbols", "id", NULL};
  new_class(L, CARC_V_GAME, view_mt[CARC_V_GAME], game_m, game_f, game_index, NULL);
  new_class(L, CARC_V_TILE, view_mt[CARC_V_TILE], tile_m, tile_f, tile_index, NULL);
  new_class(L, CARC_V_SEG, view_mt[CARC_V_SEG], seg_m, seg_f, seg_index, NULL);
  new_class(L, CARC_V_FEATURE, view_mt[CARC_V_FEATURE], feat_m, feat_f, feature_index, NULL);
  { /* each_segment closes over (carc_lstate, next_segment): returning it allocates nothing */
    lua_rawgeti(L, LUA_REGISTRYINDEX, carc_lstate_of(L)->mt_ref[CARC_V_FEATURE]);
    lua_getfield(L, -1, "__index");
    lua_getupvalue(L, -1, 2); /* the methods table */
    lua_pushlightuserdata(L, carc_lstate_of(L));
    lua_getfield(L, -2, "next_segment");
    lua_pushcclosure(L, f_each_segment, 2);
    lua_setfield(L, -2, "each_segment");
    lua_pop(L, 3);
  }
  new_class(L, CARC_V_CTX, "carc.ctx", ctx_methods, ctx_fields, ctx_index, ctx_newindex);
}

/* Copies a plain value; raises errors in `to` (the caller protects it): a
 * table nested deeper than CARC_XCOPY_DEPTH (a table that holds itself is
 * one) or more than CARC_XCOPY_VALUES values in all is refused, not cut. */
#define CARC_XCOPY_DEPTH 16
#define CARC_XCOPY_VALUES 100000
static void xcopy(lua_State *from, int idx, lua_State *to, int depth, long *left) {
  idx = lua_absindex(from, idx);
  if (--*left < 0)
    luaL_error(to, "the table holds more than %d values (a table that refers to itself?)",
               CARC_XCOPY_VALUES);
  luaL_checkstack(to, 4, "table nested too deeply");
  switch (lua_type(from, idx)) {
  case LUA_TBOOLEAN: lua_pushboolean(to, lua_toboolean(from, idx)); break;
  case LUA_TNUMBER:
    if (lua_isinteger(from, idx)) lua_pushinteger(to, lua_tointeger(from, idx));
    else lua_pushnumber(to, lua_tonumber(from, idx));
    break;
  case LUA_TSTRING: {
    size_t n;
    const char *s = lua_tolstring(from, idx, &n);
    lua_pushlstring(to, s, n);
    break;
  }
  case LUA_TTABLE:
    if (depth >= CARC_XCOPY_DEPTH)
      luaL_error(to, "the table is nested deeper than %d levels (or refers to itself)", CARC_XCOPY_DEPTH);
    if (!lua_checkstack(from, 4)) luaL_error(to, "table nested too deeply");
    lua_newtable(to);
    lua_pushnil(from);
    while (lua_next(from, idx)) {
      xcopy(from, -2, to, depth + 1, left);
      xcopy(from, -1, to, depth + 1, left);
      if (lua_isnil(to, -2)) lua_pop(to, 2);
      else lua_rawset(to, -3);
      lua_pop(from, 1);
    }
    break;
  default: lua_pushnil(to); break;
  }
}

void carc_lua_xcopy(lua_State *from, int idx, lua_State *to, int depth) {
  long left = CARC_XCOPY_VALUES;
  xcopy(from, idx, to, depth, &left);
}

static int xcopy_protected(lua_State *to) {
  lua_State *from = lua_touserdata(to, 1);
  int idx = (int)lua_tointeger(to, 2);
  int top = lua_gettop(from);
  carc_lua_xcopy(from, idx, to, 0);
  lua_settop(from, top);
  return 1;
}

int carc_lua_xcopy_safe(lua_State *from, int idx, lua_State *to) {
  idx = lua_absindex(from, idx);
  int top = lua_gettop(from);
  if (!lua_checkstack(to, 4)) return LUA_ERRMEM;
  lua_pushcfunction(to, xcopy_protected);
  lua_pushlightuserdata(to, from);
  lua_pushinteger(to, idx);
  int st = lua_pcall(to, 2, 1, 0);
  lua_settop(from, top); /* an error in `to` may leave keys on `from` */
  return st;
}

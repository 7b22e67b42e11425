#define _POSIX_C_SOURCE 200809L
/* scenario.c - the scenario API (docs/lua-api.md section 7) and the runner
 * behind `carcassonne test`. A scenario is a base-game engine (plus a
 * ruleset) and a game without a bag, driven by the put/end_turn calls. */
#include "binding.h"
#include <dirent.h>
#include <errno.h>
#include <lualib.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

typedef struct scen {
  carc_engine *e;
  carc_lua *cl;
  carc_game *g;
  int strict;   /* every move goes through a real turn's rules */
  int turn_done;/* strict: an action already ended the turn in progress */
} scen;

#define SCEN_MT "carc.scenario"

static scen *scen_check(lua_State *L) {
  scen *s = luaL_checkudata(L, 1, SCEN_MT);
  if (!s->g) luaL_error(L, "this scenario is closed");
  return s;
}

static int scen_gc(lua_State *L) {
  scen *s = luaL_checkudata(L, 1, SCEN_MT);
  carc_game_free(s->g);
  carc_lua_free(s->cl);
  carc_engine_free(s->e);
  memset(s, 0, sizeof *s);
  return 0;
}

static int game_fail(lua_State *L, scen *s, const char *what) {
  luaL_where(L, 1);
  lua_pushfstring(L, "%s: %s", what, carc_game_error(s->g));
  lua_concat(L, 2);
  return lua_error(L);
}

static int check_player(lua_State *L, scen *s, int i) {
  lua_Integer p = luaL_checkinteger(L, i);
  if (p < 1 || p > carc_game_players(s->g))
    luaL_error(L, "no player %I (players are 1..%d)", (LUAI_UACINT)p, carc_game_players(s->g));
  return (int)p - 1;
}

static int tile_at(lua_State *L, scen *s, int xi) {
  int x = check_int(L, xi), y = check_int(L, xi + 1);
  int t = carc_board_tile_at(s->g, x, y);
  if (t < 0) luaL_error(L, "no tile at (%d,%d)", x, y);
  return t;
}

/* A segment: a 0-based index, a kind name ("road") or kind and edge ("road:E"). */
static int segment_arg(lua_State *L, scen *s, int tile, int i) {
  int type = carc_board_tile_type(s->g, tile), n = carc_tile_type_segments(s->e, type);
  if (lua_type(L, i) == LUA_TNUMBER) {
    int k = check_int(L, i);
    if (k < 0 || k >= n) luaL_error(L, "tile %s has segments 0..%d, not %d", carc_tile_type_name(s->e, type), n - 1, k);
    return k;
  }
  const char *spec = check_text(L, i);
  char kind[CARC_MAX_NAME];
  snprintf(kind, sizeof kind, "%s", spec);
  char *colon = strchr(kind, ':');
  int edge = -1;
  if (colon) {
    *colon = '\0';
    const char *edges = "NESW", *p = strchr(edges, colon[1]);
    if (!colon[1] || colon[2] || !p) luaL_error(L, "segment '%s': the edge is N, E, S or W", spec);
    edge = (int)(p - edges);
  }
  int k = carc_kind_find(s->e, kind);
  if (k < 0 && !strcmp(kind, "farm")) k = CARC_FIELD;
  for (int j = 0; k >= 0 && j < n; j++) {
    if (carc_segment_kind(s->e, type, j) != k) continue;
    unsigned ports = carc_board_segment_ports(s->g, carc_board_segment_id(s->g, tile, j));
    if (edge < 0 || (ports & (7u << (edge * 3)))) return j;
  }
  return luaL_error(L, "tile %s at (%d,%d) has no segment '%s'", carc_tile_type_name(s->e, type),
                    carc_board_tile_x(s->g, tile), carc_board_tile_y(s->g, tile), spec);
}

static int s_place(lua_State *L) {
  scen *s = scen_check(L);
  const char *tile = check_text(L, 2);
  int x = check_int(L, 3), y = check_int(L, 4);
  int rot = opt_int(L, 5, 0);
  int type = carc_tile_type_find(s->e, tile), there = carc_board_tile_at(s->g, x, y);
  if (there >= 0 && there == carc_board_printed_tiles(s->g) && type >= 0 &&
      carc_board_tile_type(s->g, there) == type && carc_board_tile_rotation(s->g, there) == rot)
    return 0; /* the start tile (the first after a map's printed pieces), named again */
  if (s->strict) {
    if (type < 0)
      return luaL_error(L, "strict scenario: '%s' is no tile type (ad-hoc notation bypasses the bag; "
                           "declare the tile in a tile set)", tile);
    if (carc_game_phase(s->g) == CARC_PHASE_ACT)
      return luaL_error(L, "strict scenario: finish the turn in progress first (s:end_turn())");
    if (carc_game_place_named(s->g, type, x, y, rot) != CARC_OK) return game_fail(L, s, "place");
    s->turn_done = 0;
    return 0;
  }
  if (type < 0 && !strchr(tile, ':') && !strchr(tile, ' ')) /* a name, not a notation: say so */
    return luaL_error(L, "place: no tile type named '%s' (a tile type's name, as 'carcassonne tiles' lists them "
                         "with the ruleset's, or a tile notation such as 'city:N field:E,S,W')", tile);
  carc_result r = type >= 0 ? carc_game_put_tile(s->g, type, x, y, rot)
                            : carc_game_put_notation(s->g, tile, x, y, rot);
  if (r != CARC_OK) return game_fail(L, s, "place");
  return 0;
}

/* Strict: the action must be one of the current turn's legal actions. */
static int strict_act(lua_State *L, scen *s, carc_action *a, int player, int tile, const char *what) {
  if (carc_game_phase(s->g) != CARC_PHASE_ACT)
    return luaL_error(L, "strict scenario: %s: no action expected now (place a tile first; one action a turn)", what);
  if (player >= 0 && player != carc_game_current_player(s->g))
    return luaL_error(L, "strict scenario: %s: it is player %d's turn, not player %d's", what,
                      carc_game_current_player(s->g) + 1, player + 1);
  if (tile >= 0 && tile != carc_board_tiles(s->g) - 1)
    return luaL_error(L, "strict scenario: %s: only the tile just placed may take it, not the tile at (%d,%d)",
                      what, carc_board_tile_x(s->g, tile), carc_board_tile_y(s->g, tile));
  if (carc_game_act(s->g, a) != CARC_OK) return game_fail(L, s, what);
  if (carc_game_phase(s->g) != CARC_PHASE_ACT) s->turn_done = 1;
  return 0;
}

static int put_figure(lua_State *L, scen *s, const char *ftype, int owner, int xi) {
  int f = carc_figure_type_find(s->e, ftype);
  if (f < 0) return luaL_error(L, "unknown figure type '%s'", ftype);
  int t = tile_at(L, s, xi);
  int seg = segment_arg(L, s, t, xi + 2);
  if (s->strict) {
    carc_action a = {CARC_ACT_FIGURE, f, -1, -1, seg};
    if (owner < 0) { /* a neutral figure is moved to the feature */
      a.type = CARC_ACT_MOVE_NEUTRAL;
      for (int i = 0; i < carc_game_figures(s->g) && a.figure < 0; i++)
        if (carc_figure_type(s->g, i) == f) a.figure = i;
      a.segment = carc_board_segment_id(s->g, t, seg);
      return strict_act(L, s, &a, -1, -1, ftype);
    }
    return strict_act(L, s, &a, owner, t, ftype);
  }
  if (carc_game_put_figure(s->g, owner, f, t, seg) != CARC_OK) return game_fail(L, s, ftype);
  return 0;
}
static int s_follower(lua_State *L) {
  scen *s = scen_check(L);
  return put_figure(L, s, "follower", check_player(L, s, 2), 3);
}
static int s_figure(lua_State *L) {
  scen *s = scen_check(L);
  const char *type = check_text(L, 2);
  int owner = lua_isnil(L, 3) ? -1 : check_player(L, s, 3);
  return put_figure(L, s, type, owner, 4);
}
static int s_token(lua_State *L) {
  scen *s = scen_check(L);
  int p = check_player(L, s, 2);
  const char *name = check_text(L, 3);
  int k = carc_token_type_find(s->e, name);
  if (k < 0) return luaL_error(L, "unknown token type '%s'", name);
  if (s->strict) {
    int t = tile_at(L, s, 4);
    carc_action a = {CARC_ACT_TOKEN, -1, k, -1, -1};
    return strict_act(L, s, &a, p, t, name);
  }
  if (carc_game_put_token(s->g, p, k, tile_at(L, s, 4)) != CARC_OK) return game_fail(L, s, name);
  return 0;
}
static int s_end_turn(lua_State *L) {
  scen *s = scen_check(L);
  if (s->strict) { /* a real turn: pass if no action ended it yet */
    if (carc_game_phase(s->g) == CARC_PHASE_ACT) {
      carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
      carc_result r = carc_game_act(s->g, &pass);
      if (r == CARC_ERR_ILLEGAL || r == CARC_ERR_STATE) /* the pass itself was refused */
        return luaL_error(L, "strict scenario: end_turn: the turn is not over (%s; a neutral figure "
                             "must move?)", carc_game_error(s->g));
      if (r != CARC_OK) /* the turn's end failed (a hook, a score out of range): undone */
        return luaL_error(L, "strict scenario: end_turn: %s", carc_game_error(s->g));
      if (carc_game_phase(s->g) == CARC_PHASE_ACT)
        return luaL_error(L, "strict scenario: end_turn: the turn is not over (a neutral figure must move)");
      return 0;
    }
    if (!s->turn_done) return luaL_error(L, "strict scenario: end_turn: no tile was placed this turn");
    s->turn_done = 0;
    return 0;
  }
  if (carc_game_end_turn(s->g) != CARC_OK) return game_fail(L, s, "end_turn");
  return 0;
}
static int s_final_scoring(lua_State *L) {
  scen *s = scen_check(L);
  if (carc_game_final_scoring(s->g) != CARC_OK) return game_fail(L, s, "final_scoring");
  return 0;
}
static int s_set_player(lua_State *L) {
  scen *s = scen_check(L);
  if (s->strict) return luaL_error(L, "strict scenario: turns pass in order; set_player is not allowed");
  carc_game_set_current_player(s->g, check_player(L, s, 2));
  return 0;
}

static int var_id(lua_State *L, scen *s, int flag) {
  const char *name = check_text(L, 2);
  int id = flag ? carc_flag_find(s->e, name) : carc_var_find(s->e, name);
  if (id < 0) luaL_error(L, "unknown game %s '%s'", flag ? "flag" : "variable", name);
  return id;
}
static int s_set_var(lua_State *L) {
  scen *s = scen_check(L);
  carc_game_set_var(s->g, var_id(L, s, 0), check_int(L, 3));
  return 0;
}
static int s_set_flag(lua_State *L) {
  scen *s = scen_check(L);
  carc_game_set_flag(s->g, var_id(L, s, 1), lua_toboolean(L, 3));
  return 0;
}
static int s_var(lua_State *L) {
  scen *s = scen_check(L);
  lua_pushinteger(L, carc_game_var(s->g, var_id(L, s, 0)));
  return 1;
}
static int s_score(lua_State *L) {
  scen *s = scen_check(L);
  lua_pushinteger(L, carc_game_score(s->g, check_player(L, s, 2)));
  return 1;
}

static int s_game(lua_State *L) {
  scen *s = scen_check(L);
  carc_view *v = carc_lua_push_view(L, CARC_V_GAME, s->g, s->cl, -1);
  v->live = &s->g; /* a finalizer may still reach the view after the scenario's own ran */
  lua_pushvalue(L, 1); /* the view keeps the scenario alive */
  lua_setiuservalue(L, -2, 1);
  return 1;
}

static void push_scores(lua_State *L, carc_game *g) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addchar(&b, '{');
  for (int p = 0; p < carc_game_players(g); p++) {
    lua_pushfstring(L, "%s%d", p ? ", " : " ", carc_game_score(g, p));
    luaL_addvalue(&b);
  }
  luaL_addstring(&b, " }");
  luaL_pushresult(&b);
}

static int s_expect_score(lua_State *L) {
  scen *s = scen_check(L);
  if (lua_type(L, 2) == LUA_TTABLE) /* expect_score{ 4, 0 }: the other one's form */
    return luaL_error(L, "expect_score(player, points) checks one player; for every player's score, "
                         "expect_scores{ 4, 0 }");
  int p = check_player(L, s, 2);
  luaL_checktype(L, 3, LUA_TNUMBER); /* "0" is no score, as in expect_scores */
  lua_Integer want = luaL_checkinteger(L, 3);
  if (carc_game_score(s->g, p) != want)
    return luaL_error(L, "player %d (%s): expected score %I, got %d", p + 1, carc_player_name(p),
                      (LUAI_UACINT)want, carc_game_score(s->g, p));
  return 0;
}
static int s_expect_scores(lua_State *L) {
  scen *s = scen_check(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  for (lua_Integer p = 1; p <= (lua_Integer)lua_rawlen(L, 2); p++) { /* "0" would print as 0 in the message */
    const int type = lua_rawgeti(L, 2, p);
    int whole = 0;
    lua_tointegerx(L, -1, &whole); /* 6.0 is a whole number, as elsewhere */
    if (type != LUA_TNUMBER || !whole) {
      const char *q = type == LUA_TSTRING ? "\"" : "", *shown = luaL_tolstring(L, -1, NULL);
      return luaL_error(L, "expect_scores: score %I is %s%s%s (a %s), not a whole number", (LUAI_UACINT)p, q, shown, q,
                        lua_typename(L, type));
    }
    lua_pop(L, 1);
  }
  int n = carc_game_players(s->g), bad = (int)lua_rawlen(L, 2) != n;
  for (int p = 0; p < n && !bad; p++) {
    lua_rawgeti(L, 2, p + 1);
    bad = lua_tointeger(L, -1) != carc_game_score(s->g, p); /* a whole number: checked above */
    lua_pop(L, 1);
  }
  if (!bad) return 0;
  int base = lua_gettop(L);
  luaL_where(L, 1);
  lua_pushliteral(L, "expected scores {");
  for (int p = 1; p <= (int)lua_rawlen(L, 2); p++) {
    lua_rawgeti(L, 2, p);
    lua_pushfstring(L, "%s%s", p > 1 ? ", " : " ", luaL_tolstring(L, -1, NULL));
    lua_remove(L, -2);
    lua_remove(L, -2);
  }
  lua_pushliteral(L, " }, got ");
  push_scores(L, s->g);
  lua_concat(L, lua_gettop(L) - base);
  return lua_error(L);
}

/* s:draw(): the name of the tile waiting to be placed, or nil. */
static int s_draw(lua_State *L) {
  scen *s = scen_check(L);
  int t = carc_game_phase(s->g) == CARC_PHASE_PLACE ? carc_game_drawn_tile(s->g) : -1;
  if (t < 0) lua_pushnil(L);
  else lua_pushstring(L, carc_tile_type_name(s->e, t));
  return 1;
}

/* s:placements(): the legal { x=, y=, rotation= } of the tile waiting. */
static int s_placements(lua_State *L) {
  scen *s = scen_check(L);
  int n = carc_game_placements(s->g, NULL, 0);
  if (n < 0) return luaL_error(L, "%s", carc_game_error(s->g));
  carc_placement_option *o = lua_newuserdatauv(L, sizeof *o * (size_t)(n ? n : 1), 0);
  const int again = carc_game_placements(s->g, o, n); /* a hook may answer this pass otherwise */
  if (again < 0) return luaL_error(L, "%s", carc_game_error(s->g));
  if (again < n) n = again;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, o[i].x);
    lua_setfield(L, -2, "x");
    lua_pushinteger(L, o[i].y);
    lua_setfield(L, -2, "y");
    lua_pushinteger(L, o[i].rotation);
    lua_setfield(L, -2, "rotation");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static const char *change_field(int f);

/* s:scorings(): every scoring as data. */
static int s_scorings(lua_State *L) {
  scen *s = scen_check(L);
  carc_game *g = s->g;
  int n = carc_game_scorings(g);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    carc_scoring_info info;
    carc_game_scoring(g, i, &info);
    lua_createtable(L, 0, 8);
    if (info.reason == CARC_BY_HOOK) { /* points given by a hook: no feature */
      carc_change c;
      lua_pushstring(L, "hook");
      lua_setfield(L, -2, "reason");
      if (carc_game_scoring_change(g, i, 0, &c) == CARC_OK) {
        lua_pushstring(L, c.handler);
        lua_setfield(L, -2, "hook");
      }
    } else {
      lua_pushstring(L, carc_kind_name(s->e, info.kind));
      lua_setfield(L, -2, "kind");
      lua_pushstring(L, info.reason == CARC_COMPLETED ? "completed" : "final");
      lua_setfield(L, -2, "reason");
      int tile = carc_segment_tile(g, info.feature);
      lua_pushinteger(L, carc_board_tile_x(g, tile));
      lua_setfield(L, -2, "x");
      lua_pushinteger(L, carc_board_tile_y(g, tile));
      lua_setfield(L, -2, "y");
    }
    lua_pushinteger(L, info.total);
    lua_setfield(L, -2, "total");
    lua_pushinteger(L, info.turn);
    lua_setfield(L, -2, "turn");
    lua_createtable(L, carc_game_players(g), 0);
    for (int p = 0; p < carc_game_players(g); p++) {
      lua_pushinteger(L, info.award[p]);
      lua_rawseti(L, -2, p + 1);
    }
    lua_setfield(L, -2, "award");
    lua_newtable(L); /* ran */
    lua_newtable(L); /* changes */
    int nran = 0, nch = 0;
    for (int j = 0; j < info.changes; j++) {
      carc_change c;
      if (carc_game_scoring_change(g, i, j, &c) != CARC_OK) continue;
      if (c.field == CARC_CHANGE_RAN) {
        lua_pushstring(L, c.handler);
        lua_rawseti(L, -3, ++nran);
        continue;
      }
      lua_createtable(L, 0, 5);
      lua_pushstring(L, c.handler);
      lua_setfield(L, -2, "handler");
      lua_pushstring(L, change_field(c.field));
      lua_setfield(L, -2, "field");
      if (c.player >= 0) {
        lua_pushinteger(L, c.player + 1);
        lua_setfield(L, -2, "player");
      }
      lua_pushinteger(L, c.before);
      lua_setfield(L, -2, "before");
      lua_pushinteger(L, c.after);
      lua_setfield(L, -2, "after");
      lua_rawseti(L, -2, ++nch);
    }
    lua_setfield(L, -3, "changes");
    lua_setfield(L, -2, "ran");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* How many scorings ran handler `name` (and the last one's index). */
static int count_runs(scen *s, const char *name) {
  int runs = 0;
  for (int i = 0; i < carc_game_scorings(s->g); i++) {
    carc_scoring_info info;
    carc_game_scoring(s->g, i, &info);
    for (int j = 0; j < info.changes; j++) {
      carc_change c;
      if (carc_game_scoring_change(s->g, i, j, &c) == CARC_OK && c.field == CARC_CHANGE_RAN &&
          !strcmp(c.handler, name))
        runs++;
    }
  }
  return runs;
}
static int check_handler(lua_State *L, scen *s, const char *name) {
  if (carc_handler_find(s->e, name) < 0) return luaL_error(L, "no handler named '%s'", name);
  return 0;
}
/* s:expect_ran(handler[, times]) and s:expect_not_run(handler). */
static int s_expect_ran(lua_State *L) {
  scen *s = scen_check(L);
  const char *name = check_text(L, 2);
  check_handler(L, s, name);
  int runs = count_runs(s, name);
  if (lua_isnoneornil(L, 3) ? runs == 0 : runs != luaL_checkinteger(L, 3)) {
    if (lua_isnoneornil(L, 3)) return luaL_error(L, "expected handler '%s' to run; it never ran", name);
    return luaL_error(L, "expected handler '%s' to run %I times, it ran %d times", name,
                      (LUAI_UACINT)lua_tointeger(L, 3), runs);
  }
  return 0;
}
static int s_expect_not_run(lua_State *L) {
  scen *s = scen_check(L);
  const char *name = check_text(L, 2);
  check_handler(L, s, name);
  int runs = count_runs(s, name);
  if (runs) return luaL_error(L, "expected handler '%s' not to run; it ran in %d scoring(s)", name, runs);
  return 0;
}

/* s:breakdown(i): scoring i (1-based; default the last) as printed text. */
static int s_breakdown(lua_State *L) {
  scen *s = scen_check(L);
  int n = carc_game_scorings(s->g);
  int i = opt_int(L, 2, n);
  if (i < 1 || i > n) return luaL_error(L, "no scoring %d (there are %d)", i, n);
  size_t len = carc_game_describe_scoring(s->g, i - 1, NULL, 0);
  luaL_Buffer b;
  carc_game_describe_scoring(s->g, i - 1, luaL_buffinitsize(L, &b, len + 1), len + 1);
  luaL_pushresultsize(&b, len);
  return 1;
}

static const char *change_field(int f) {
  if (f == CARC_CHANGE_RAN) return "ran";
  if (f == -1) return "strength";
  if (f == -2) return "scores";
  if (f == -3) return "award";
  return carc_ctx_field_name((carc_ctx_field)f);
}

static int s_expect_change(lua_State *L) {
  scen *s = scen_check(L);
  const char *handler = check_text(L, 2), *field = check_text(L, 3);
  lua_Integer after = luaL_checkinteger(L, 4);
  luaL_Buffer seen;
  luaL_buffinit(L, &seen);
  for (int i = 0; i < carc_game_scorings(s->g); i++) {
    carc_scoring_info info;
    carc_game_scoring(s->g, i, &info);
    for (int j = 0; j < info.changes; j++) {
      carc_change c;
      if (carc_game_scoring_change(s->g, i, j, &c) != CARC_OK || strcmp(c.handler, handler) ||
          c.field == CARC_CHANGE_RAN)
        continue;
      if (!strcmp(change_field(c.field), field) && c.after == after) return 0;
      lua_pushfstring(L, " %s=%d", change_field(c.field), c.after);
      luaL_addvalue(&seen);
    }
  }
  luaL_pushresult(&seen);
  return luaL_error(L, "expected a change by '%s' of %s to %I; that handler recorded:%s", handler,
                    field, (LUAI_UACINT)after, lua_rawlen(L, -1) ? lua_tostring(L, -1) : " nothing");
}

/* Everything a failed call must leave alone: the save, board, scores, log. */
static void push_snapshot(lua_State *L, carc_game *g) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  size_t (*const parts[])(const carc_game *, char *, size_t) = {carc_game_save, carc_game_render_board,
                                                                carc_game_log};
  for (int i = 0; i < 3; i++) {
    size_t n = parts[i](g, NULL, 0);
    char *buf = luaL_prepbuffsize(&b, n + 1);
    parts[i](g, buf, n + 1);
    luaL_addsize(&b, n);
    luaL_addchar(&b, '\n');
  }
  luaL_pushresult(&b);
  push_scores(L, g);
  lua_concat(L, 2);
}
static int s_snapshot(lua_State *L) {
  push_snapshot(L, scen_check(L)->g);
  return 1;
}

/* s:expect_error(fn, "substring", ...): fn fails with a message holding every
 * substring, and the game is byte for byte what it was before. */
static int s_expect_error(lua_State *L) {
  scen *s = scen_check(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  int top = lua_gettop(L);
  push_snapshot(L, s->g);
  int before = lua_gettop(L);
  lua_pushvalue(L, 2);
  if (lua_pcall(L, 0, 0, 0) == LUA_OK) return luaL_error(L, "expected an error, but the call succeeded");
  const char *msg = lua_tostring(L, -1);
  if (!msg) msg = "(not a string)";
  for (int i = 3; i <= top; i++) {
    const char *want = check_text(L, i);
    if (!strstr(msg, want))
      return luaL_error(L, "expected an error containing \"%s\", got: %s", want, msg);
  }
  push_snapshot(L, s->g);
  if (!lua_rawequal(L, before, -1))
    return luaL_error(L, "the call failed as expected (%s) but changed the game", msg);
  lua_pushstring(L, msg);
  return 1;
}

/* Allocations the scenario's expansion state has made so far (0 without rules). */
static int s_lua_allocations(lua_State *L) {
  scen *s = scen_check(L);
  unsigned long n = 0;
  if (s->cl) carc_lua_stats(s->cl, NULL, &n);
  lua_pushinteger(L, (lua_Integer)n);
  return 1;
}

static int s_board(lua_State *L) {
  scen *s = scen_check(L);
  size_t n = carc_game_render_board(s->g, NULL, 0);
  luaL_Buffer b;
  carc_game_render_board(s->g, luaL_buffinitsize(L, &b, n + 1), n + 1);
  luaL_pushresultsize(&b, n);
  return 1;
}

/* Registry keys of the runner. */
#define R_FILE "carc.file"
#define R_SHOWN "carc.shown" /* the file's name as messages show it */
#define R_CASES "carc.cases"
#define R_RUNNING "carc.case_running" /* set while the runner runs the cases */
#define R_MADE "carc.made"

static const char *reg_string(lua_State *L, const char *key, const char *def) {
  lua_getfield(L, LUA_REGISTRYINDEX, key);
  const char *v = lua_isstring(L, -1) ? lua_tostring(L, -1) : def;
  lua_pop(L, 1); /* the registry keeps the string */
  return v;
}

static void dir_of(const char *path, char *out, size_t cap) {
  const char *slash = strrchr(path, '/');
  if (!slash) snprintf(out, cap, ".");
  else snprintf(out, cap, "%.*s", (int)(slash - path), path);
}

/* scenario{ rules = nil | "path" | { ... }, players = 2, seed = 1, followers = 7 } */
static int l_scenario(lua_State *L) {
  if (lua_isnoneornil(L, 1)) lua_newtable(L), lua_replace(L, 1);
  luaL_checktype(L, 1, LUA_TTABLE);
  /* a misspelt key would be passed over and the scenario run with defaults */
  static const char *const keys[] = {"rules", "players", "seed", "followers", "strict", "bag", NULL};
  for (lua_pushnil(L); lua_next(L, 1); lua_pop(L, 1)) {
    int known = 0;
    for (int k = 0; keys[k] && lua_type(L, -2) == LUA_TSTRING; k++) known |= !strcmp(lua_tostring(L, -2), keys[k]);
    if (!known)
      return luaL_error(L, "scenario{}: unknown key '%s' (rules, players, seed, followers, strict, bag)",
                        lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : luaL_typename(L, -2));
  }
  lua_getfield(L, 1, "players");
  lua_getfield(L, 1, "seed");
  lua_getfield(L, 1, "followers");
  lua_getfield(L, 1, "strict");
  lua_getfield(L, 1, "bag");
  for (int i = -2; i <= -1; i++) /* strict = 1 would read as true, strict = "no" too */
    if (!lua_isnoneornil(L, i) && !lua_isboolean(L, i))
      return luaL_error(L, "scenario{ %s = ... } is true or false, not %s", i == -2 ? "strict" : "bag",
                        luaL_typename(L, i));
  int strict = lua_toboolean(L, -2), bag = lua_toboolean(L, -1);
  carc_game_options opt = {field_int(L, -5, "scenario{players=...}", 2), field_seed(L, -4, "scenario{seed=...}", 1),
                           field_int(L, -3, "scenario{followers=...}", 0), !bag};
  lua_pop(L, 5);
  if (bag && !strict) return luaL_error(L, "scenario{ bag = true } needs strict = true (tiles come from the bag)");
  scen *s = lua_newuserdatauv(L, sizeof *s, 0);
  memset(s, 0, sizeof *s);
  luaL_setmetatable(L, SCEN_MT);
  int ud = lua_gettop(L);
  s->e = carc_engine_new(NULL, NULL);
  if (!s->e || carc_tiles_load_base(s->e) != CARC_OK) return luaL_error(L, "cannot build the base engine");
  /* the scenario file the runner runs; from the Lua module, the script that
   * calls (the innermost frame from a file), so that errors name it */
  lua_Debug ar;
  int line = 0;
  const char *file = reg_string(L, R_FILE, NULL);
  for (int level = 1; !file && lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.source[0] == '@') {
      file = ar.source + 1;
      line = ar.currentline;
    }
  if (!file) file = "scenario";
  /* the line of the innermost Lua frame: through pcall(scenario, ...) the
   * caller at level 1 is pcall, which has none */
  for (int level = 1; line <= 0 && lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "l", &ar)) line = ar.currentline;
  char dir[1024];
  dir_of(file, dir, sizeof dir);
  int rt = lua_getfield(L, 1, "rules");
  if (rt != LUA_TNIL) {
    s->cl = carc_lua_new(s->e, 0);
    if (!s->cl) return luaL_error(L, "cannot create a Lua state");
    carc_result r;
    if (rt == LUA_TSTRING) {
      size_t len;
      const char *rules = lua_tolstring(L, -1, &len);
      if (strlen(rules) != len) return luaL_error(L, "scenario rules: a path holds no NUL byte");
      char path[2048];
      if (rules[0] == '/') snprintf(path, sizeof path, "%s", rules);
      else snprintf(path, sizeof path, "%s/%s", dir, rules);
      r = carc_lua_load_ruleset(s->cl, path);
    } else if (rt == LUA_TTABLE) {
      r = carc_lua_load_table(s->cl, L, -1, dir, file, line > 0 ? line : 0);
    } else {
      return luaL_error(L, "scenario rules are nil, a ruleset path or a table");
    }
    if (r != CARC_OK && rt == LUA_TSTRING && line > 0) { /* the call that named the file, then the file's own */
      lua_pushfstring(L, "%s:%d: scenario rules: %s", file, line, carc_lua_error(s->cl)); /* no second prefix */
      return lua_error(L);
    }
    if (r != CARC_OK) {
      lua_pushstring(L, carc_lua_error(s->cl));
      return lua_error(L);
    }
  }
  lua_pop(L, 1);
  s->strict = strict;
  s->g = carc_game_new(s->e, &opt);
  if (!s->g) return luaL_error(L, "cannot start the game: %s", carc_engine_error(s->e));
  /* remembered so that a failing case can print the game */
  if (lua_getfield(L, LUA_REGISTRYINDEX, R_MADE) == LUA_TTABLE) {
    lua_pushvalue(L, ud);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  }
  lua_settop(L, ud);
  return 1;
}

static void indent(FILE *out, const char *text);
static void print_game(FILE *out, carc_game *g) {
  for (int i = 0; i < carc_game_scorings(g); i++) {
    size_t n = carc_game_describe_scoring(g, i, NULL, 0);
    char *buf = malloc(n + 1);
    if (!buf) return;
    carc_game_describe_scoring(g, i, buf, n + 1);
    if (n && buf[n - 1] == '\n') buf[n - 1] = '\0';
    indent(out, buf);
    free(buf);
  }
  size_t n = carc_game_render_board(g, NULL, 0);
  char *buf = malloc(n + 1);
  if (!buf) return;
  carc_game_render_board(g, buf, n + 1);
  if (n && buf[n - 1] == '\n') buf[n - 1] = '\0';
  indent(out, buf);
  free(buf);
  fprintf(out, "    scores:");
  for (int p = 0; p < carc_game_players(g); p++) fprintf(out, " %s %d", carc_player_name(p), carc_game_score(g, p));
  fprintf(out, "\n");
}

static double limit_now(lua_State *L); /* the time limit time_limit() last set */

/* case(name, fn): a case, run after the file's top level, with the time
 * limit in force where it is declared; its line names a failure that
 * leaves no line of its own (running out of memory). */
static int l_case(lua_State *L) {
  luaL_checktype(L, 1, LUA_TSTRING); /* a name: not a number turned into one */
  luaL_checktype(L, 2, LUA_TFUNCTION);
  if (lua_getfield(L, LUA_REGISTRYINDEX, R_CASES) != LUA_TTABLE)
    return luaL_error(L, "case() is for scenario files run by 'carcassonne test'");
  if (lua_getfield(L, LUA_REGISTRYINDEX, R_RUNNING) != LUA_TNIL) /* it would never run */
    return luaL_error(L, "case() inside a case: declare cases at the top level of the scenario file");
  lua_pop(L, 1);
  lua_Debug ar;
  const int line = lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar) ? ar.currentline : 0;
  lua_createtable(L, 4, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, 2);
  lua_pushnumber(L, limit_now(L));
  lua_rawseti(L, -2, 3);
  lua_pushinteger(L, line);
  lua_rawseti(L, -2, 4);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

static int l_misplaced(lua_State *L) {
  return luaL_error(L, "%s{} in a scenario file: rulesets and expansions belong in a folder named "
                       "'rules' or 'expansions', which 'carcassonne test' skips",
                    lua_tostring(L, lua_upvalueindex(1)));
}

static void open_scenario_class(lua_State *L) {
  static const luaL_Reg m[] = {
      {"place", s_place},           {"follower", s_follower},       {"figure", s_figure},
      {"token", s_token},           {"end_turn", s_end_turn},       {"final_scoring", s_final_scoring},
      {"set_player", s_set_player}, {"set_var", s_set_var},         {"set_flag", s_set_flag},
      {"var", s_var},               {"score", s_score},             {"game", s_game},
      {"expect_score", s_expect_score}, {"expect_scores", s_expect_scores},
      {"expect_change", s_expect_change}, {"expect_error", s_expect_error},
      {"draw", s_draw},             {"placements", s_placements},   {"scorings", s_scorings},
      {"expect_ran", s_expect_ran}, {"expect_not_run", s_expect_not_run},
      {"breakdown", s_breakdown},
      {"snapshot", s_snapshot},     {"lua_allocations", s_lua_allocations},     {"board", s_board},             {NULL, NULL}};
  if (luaL_newmetatable(L, SCEN_MT)) {
    luaL_newlib(L, m);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, scen_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "locked"); /* a script that reached __gc would free the game under a running method */
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
}

/* Makes `L` able to hold views and scenarios (a runner's or a host's state). */
static void prepare(lua_State *L) {
  if (luaL_getmetatable(L, "carc.game") == LUA_TNIL) carc_lua_views_open(L);
  lua_pop(L, 1);
  open_scenario_class(L);
}

/* ---------------------------------------------------------------- runner */

typedef struct folder_id {
  dev_t dev;
  ino_t ino;
} folder_id;

typedef struct paths {
  char **v;
  int n, cap;
  folder_id *seen; /* the folders walked: each once, however many links lead there */
  int nseen, capseen;
} paths;

/* Notes folder st as walked; false if it was already (a link loop, or a
 * second link to one folder). */
static bool first_visit(paths *p, const struct stat *st) {
  for (int i = 0; i < p->nseen; i++)
    if (p->seen[i].dev == st->st_dev && p->seen[i].ino == st->st_ino) return false;
  if (p->nseen == p->capseen) {
    int cap = p->capseen ? p->capseen * 2 : 16;
    folder_id *n = realloc(p->seen, sizeof *n * (size_t)cap);
    if (!n) return false;
    p->seen = n;
    p->capseen = cap;
  }
  p->seen[p->nseen++] = (folder_id){st->st_dev, st->st_ino};
  return true;
}

static void add_path(paths *p, const char *s) {
  if (p->n == p->cap) {
    int cap = p->cap ? p->cap * 2 : 64;
    char **n = realloc(p->v, sizeof *n * (size_t)cap);
    if (!n) return;
    p->v = n;
    p->cap = cap;
  }
  char *c = malloc(strlen(s) + 1);
  if (!c) return;
  strcpy(c, s);
  p->v[p->n++] = c;
}

static int ends_with(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && !strcmp(s + a - b, suffix);
}

#define WALK_DEPTH 64 /* folders deeper are not walked: a tree made to exhaust the stack */

/* Scenario files: *.lua under `dir` (regular files: a FIFO would wait for a
 * writer), skipping folders named rules or expansions. A folder that cannot
 * be read is a failure, not a silence. */
static void walk(paths *p, const char *dir, int depth, FILE *out, int *unreadable) {
  char name[4096];
  struct stat self;
  if (stat(dir, &self) == 0 && !first_visit(p, &self)) return;
  if (depth > WALK_DEPTH) {
    fprintf(out, "FAIL %s: folders nested deeper than %d are not walked\n", shown_text(dir, name, sizeof name),
            WALK_DEPTH);
    ++*unreadable;
    return;
  }
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(out, "FAIL %s: cannot open the folder\n", shown_text(dir, name, sizeof name));
    ++*unreadable;
    return;
  }
  struct dirent *ent;
  while ((ent = readdir(d))) {
    const char *n = ent->d_name;
    if (n[0] == '.') continue;
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, n) >= sizeof path) {
      char shown_n[512]; /* the name as other lines show names: no control byte to forge a line */
      fprintf(out, "FAIL %s/%s: the path is longer than %zu bytes\n", shown_text(dir, name, sizeof name),
              shown_text(n, shown_n, sizeof shown_n), sizeof path - 1);
      ++*unreadable;
      continue;
    }
    struct stat st;
    if (stat(path, &st)) { /* a scenario, or a link that may have led to a folder of them: not passed over */
      const int err = errno;
      struct stat link;
      if (ends_with(n, ".lua") || (lstat(path, &link) == 0 && S_ISLNK(link.st_mode))) {
        fprintf(out, "FAIL %s: cannot read it: %s\n", shown_text(path, name, sizeof name),
                err == ENOENT ? "a link to nothing" : strerror(err));
        ++*unreadable;
      }
      continue;
    }
    if (S_ISDIR(st.st_mode)) {
      if (strcmp(n, "rules") && strcmp(n, "expansions")) walk(p, path, depth + 1, out, unreadable);
    } else if (S_ISREG(st.st_mode) && ends_with(n, ".lua")) {
      add_path(p, path);
    }
  }
  closedir(d);
}

static int cmp_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

#define R_LINE "carc.line"

/* Notes the line of the scenario file the failure happened at (the
 * innermost frame in that file: the failing assertion or call). */
static void note_line(lua_State *L) {
  const char *file = reg_string(L, R_SHOWN, NULL);
  lua_Debug ar;
  int line = 0;
  for (int level = 1; file && !line && lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.source[0] == '@' && !strcmp(ar.source + 1, file) && ar.currentline > 0)
      line = ar.currentline;
  lua_pushinteger(L, line);
  lua_setfield(L, LUA_REGISTRYINDEX, R_LINE);
}

static int traceback_msgh(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  note_line(L);
  if (!msg) msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  luaL_traceback(L, L, msg, 1);
  return 1;
}

static void indent(FILE *out, const char *text) {
  fputs("    ", out);
  for (const char *c = text; *c; c++) {
    fputc(*c, out);
    if (*c == '\n' && c[1]) fputs("    ", out);
  }
  fputc('\n', out);
}

/* A case's time limit: CPU time, checked every thousand Lua instructions of
 * the scenario file's own code (the engine's handlers keep their own
 * budgets), so that a loop in a test ends the case instead of the run. Not
 * rarer: one instruction can take a millisecond (comparing strings of many
 * MiB), and a million of them would run for most of an hour. */
#define LIMIT_DEFAULT 60.0
#define LIMIT_MAX 3600.0
#define LIMIT_EVERY 1000
typedef struct case_clock {
  clock_t start;
  double seconds; /* the limit; time_limit() sets it */
  int tripped;
} case_clock;
#define R_CLOCK "carc.clock"

static case_clock *clock_of(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, R_CLOCK);
  case_clock *c = lua_touserdata(L, -1);
  lua_pop(L, 1);
  return c;
}

static void limit_hook(lua_State *L, lua_Debug *ar) {
  case_clock *c = clock_of(L);
  if (!c->tripped && (double)(clock() - c->start) / CLOCKS_PER_SEC < c->seconds) return;
  /* from now on every instruction fails, so pcall in the case cannot swallow it */
  c->tripped = 1;
  lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
  lua_getinfo(L, "Sl", ar);
  lua_pushfstring(L, "%s:%d: the case ran over its time limit (%f s of CPU time; time_limit() sets it)",
                  ar->short_src, ar->currentline, (lua_Number)c->seconds);
  lua_error(L);
}

/* carc_lstate.after_costly: past the limit, the next instruction's hook says so. */
static void limit_after_costly(lua_State *L) {
  case_clock *c = clock_of(L);
  if (c->tripped || (double)(clock() - c->start) / CLOCKS_PER_SEC >= c->seconds)
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
}

static void clock_start(lua_State *L) {
  case_clock *c = clock_of(L);
  c->start = clock();
  c->tripped = 0;
  lua_sethook(L, limit_hook, LUA_MASKCOUNT, LIMIT_EVERY);
}

/* xpcall(f, handler, ...) whose handler runs once the error has unwound:
 * Lua runs a message handler with hooks off when the time limit's own error
 * calls it, and a handler that looped there would never end. */
static int l_xpcall(lua_State *L) {
  const int n = lua_gettop(L);
  luaL_checkany(L, 1);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  for (int i = 3; i <= n; i++) lua_pushvalue(L, i);
  if (lua_pcall(L, n > 2 ? n - 2 : 0, LUA_MULTRET, 0) == LUA_OK) {
    lua_pushboolean(L, 1);
    lua_insert(L, n + 1);
    return lua_gettop(L) - n;
  }
  lua_pushvalue(L, 2);
  lua_insert(L, -2);
  lua_call(L, 1, 1);
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}

/* A finalizer under a time limit of its own. Lua runs finalizers with the
 * running thread's hooks off, so the finalizer (upvalue 1) runs in a new
 * thread of its own, with the count hook on there and a fresh clock; an
 * error there, or running over, ends the finalizer only. */
static int gc_guard(lua_State *L) {
  case_clock *c = clock_of(L), saved = *c;
  lua_State *T = lua_newthread(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_xmove(L, T, 2);
  c->start = clock();
  c->tripped = 0;
  lua_sethook(T, limit_hook, LUA_MASKCOUNT, LIMIT_EVERY);
  int nres;
  lua_resume(T, L, 1, &nres);
  *c = saved;
  return 0;
}

/* setmetatable whose __gc, if any, runs under gc_guard. Upvalue 1: the
 * real setmetatable. */
static int l_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) == LUA_TFUNCTION) {
      lua_pushcclosure(L, gc_guard, 1);
      lua_pushliteral(L, "__gc");
      lua_insert(L, -2);
      lua_rawset(L, 2);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}

static double limit_now(lua_State *L) { return clock_of(L)->seconds; }

/* time_limit(seconds): the CPU time each case declared after it may take
 * (inside a case: the rest of that case). */
static int l_time_limit(lua_State *L) {
  luaL_checktype(L, 1, LUA_TNUMBER); /* "5" is no number of seconds, as elsewhere in scenarios */
  double s = lua_tonumber(L, 1);
  luaL_argcheck(L, s > 0 && s <= LIMIT_MAX, 1, "seconds above 0, at most 3600");
  clock_of(L)->seconds = s;
  return 0;
}

#define SCENARIO_FILE_LIMIT ((size_t)64 << 20)

/* luaL_loadfilex under the shown name, text only: the file is read whole,
 * and a UTF-8 byte order mark and a first line starting with '#' (a "#!"
 * line) are skipped as luaL_loadfilex skips them (the line's end is kept,
 * so line numbers hold). */
static int load_shown(lua_State *L, const char *file, const char *shown) {
  size_t n;
  char *buf = read_text_file(file, SCENARIO_FILE_LIMIT, &n);
  if (!buf) {
    lua_pushfstring(L, "cannot read %s: %s", shown,
                    errno == EFBIG ? "larger than 64 MiB" : errno == EINVAL ? "not a regular file" : strerror(errno));
    return LUA_ERRFILE;
  }
  size_t from = n >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3) ? 3 : 0;
  if (from < n && buf[from] == '#')
    while (from < n && buf[from] != '\n') from++;
  lua_pushfstring(L, "@%s", shown);
  int st = luaL_loadbufferx(L, buf + from, n - from, lua_tostring(L, -1), "t");
  lua_remove(L, -2);
  free(buf);
  return st;
}

/* The scenario file's own state holds at most SCENARIO_MEMORY: a case that
 * allocates without end fails with Lua's "not enough memory" and the next
 * case runs, where the machine would run out (the expansions' handlers keep
 * their own cap). */
#define SCENARIO_MEMORY ((size_t)1 << 30)
typedef struct scenario_heap {
  size_t used;
} scenario_heap;

static void *heap_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  scenario_heap *h = ud;
  const size_t old = ptr ? osize : 0; /* without ptr, osize is a type */
  if (nsize == 0) {
    free(ptr);
    h->used -= old;
    return NULL;
  }
  if (nsize > old && nsize - old > SCENARIO_MEMORY - h->used) return NULL;
  void *p = realloc(ptr, nsize);
  if (p) h->used = h->used - old + nsize;
  return p;
}

/* An error outside any protected call (none is expected: all the file's
 * code runs under lua_pcall): said, as luaL_newstate's panic says it. */
static int heap_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "carcassonne test: unprotected Lua error: %s\n", msg ? msg : "?");
  return 0;
}

/* load and loadfile with their mode forced to text: Lua does not check
 * precompiled chunks, and a damaged one can crash the runner (and the host
 * of the Lua module's run). Upvalue 1 is the original, upvalue 2 the
 * position of its mode argument (load's 3, loadfile's 2). The first
 * argument is checked here: the original, called from C, would name
 * neither itself nor the caller's line in its error. The call is not
 * protected, so a memory error stays one (the runner reports it so). */
static int l_text_only(lua_State *L) {
  const int mode = (int)lua_tointeger(L, lua_upvalueindex(2));
  if (mode == 3)
    luaL_argexpected(L, lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TFUNCTION, 1, "string or function");
  else
    luaL_optstring(L, 1, NULL);
  if (lua_gettop(L) < mode) lua_settop(L, mode);
  lua_pushliteral(L, "t");
  lua_replace(L, mode);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}
static int l_dofile_text(lua_State *L) {
  const char *name = luaL_optstring(L, 1, NULL);
  lua_settop(L, 1);
  if (luaL_loadfilex(L, name, "t") != LUA_OK) return lua_error(L);
  lua_call(L, 0, LUA_MULTRET);
  return lua_gettop(L) - 1;
}
static void text_only_loaders(lua_State *L) {
  static const struct {
    const char *name;
    int mode;
  } wrapped[] = {{"load", 3}, {"loadfile", 2}};
  for (size_t i = 0; i < sizeof wrapped / sizeof *wrapped; i++) {
    lua_getglobal(L, wrapped[i].name);
    lua_pushinteger(L, wrapped[i].mode);
    lua_pushcclosure(L, l_text_only, 2);
    lua_setglobal(L, wrapped[i].name);
  }
  lua_register(L, "dofile", l_dofile_text);
}

static void run_file(const char *file, FILE *out, int *passed, int *failed) {
  scenario_heap heap = {0};
  lua_State *L = lua_newstate(heap_alloc, &heap);
  if (L) lua_atpanic(L, heap_panic);
  if (!L) {
    (*failed)++;
    return;
  }
  carc_lstate ls;
  memset(&ls, 0, sizeof ls);
  ls.after_costly = limit_after_costly;
  carc_lua_lstate_init(L, &ls);
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_settop(L, 0);
  carc_lua_guards_open(L); /* library calls the time limit's count hook cannot stop */
  lua_register(L, "xpcall", l_xpcall);
  text_only_loaders(L);
  lua_getglobal(L, "setmetatable");
  lua_pushcclosure(L, l_setmetatable, 1);
  lua_setglobal(L, "setmetatable");
  prepare(L);
  lua_pushstring(L, file);
  lua_setfield(L, LUA_REGISTRYINDEX, R_FILE);
  char shown_buf[4096];
  lua_pushstring(L, shown_text(file, shown_buf, sizeof shown_buf));
  lua_setfield(L, LUA_REGISTRYINDEX, R_SHOWN);
  const char *shown = reg_string(L, R_SHOWN, NULL); /* kept alive by the registry */
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, R_CASES);
  lua_register(L, "case", l_case);
  lua_register(L, "scenario", l_scenario);
  lua_register(L, "time_limit", l_time_limit);
  case_clock clk = {0, LIMIT_DEFAULT, 0};
  lua_pushlightuserdata(L, &clk);
  lua_setfield(L, LUA_REGISTRYINDEX, R_CLOCK);
  static const char *const misplaced[] = {"ruleset", "expansion"};
  for (int i = 0; i < 2; i++) {
    lua_pushstring(L, misplaced[i]);
    lua_pushcclosure(L, l_misplaced, 1);
    lua_setglobal(L, misplaced[i]);
  }
  lua_pushcfunction(L, traceback_msgh);
  clock_start(L); /* the file's top level too */
  if (load_shown(L, file, shown) != LUA_OK || lua_pcall(L, 0, 0, 1) != LUA_OK) {
    lua_getfield(L, LUA_REGISTRYINDEX, R_LINE);
    int line = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (line > 0) fprintf(out, "FAIL %s:%d: the file does not load\n", shown, line);
    else fprintf(out, "FAIL %s: the file does not load\n", shown);
    indent(out, lua_tostring(L, -1));
    (*failed)++;
    lua_close(L);
    return;
  }
  lua_getfield(L, LUA_REGISTRYINDEX, R_CASES);
  int cases = lua_gettop(L);
  int n = (int)lua_rawlen(L, cases);
  lua_pushboolean(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, R_RUNNING);
  for (int i = 1; i <= n; i++) {
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, R_MADE);
    lua_rawgeti(L, cases, i);
    lua_rawgeti(L, -1, 3);
    clock_of(L)->seconds = lua_tonumber(L, -1); /* as where the case was declared */
    lua_rawgeti(L, -2, 4);
    const int declared_at = (int)lua_tointeger(L, -1);
    lua_pop(L, 2);
    lua_pushinteger(L, 0); /* no line yet: a memory error notes none */
    lua_setfield(L, LUA_REGISTRYINDEX, R_LINE);
    lua_rawgeti(L, -1, 1);
    const char *name = lua_tostring(L, -1);
    lua_pushcfunction(L, traceback_msgh);
    lua_rawgeti(L, -3, 2);
    clock_start(L);
    int st = lua_pcall(L, 0, 0, -2);
    lua_sethook(L, NULL, 0, 0);
    if (st == LUA_OK) {
      (*passed)++;
      fprintf(out, "ok   %s: %s\n", shown, name);
    } else {
      (*failed)++;
      lua_getfield(L, LUA_REGISTRYINDEX, R_LINE);
      int line = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
      if (line <= 0) line = declared_at;
      if (line > 0) fprintf(out, "FAIL %s:%d: %s\n", shown, line, name);
      else fprintf(out, "FAIL %s: %s\n", shown, name);
      if (st == LUA_ERRMEM) /* Lua's own message says only "not enough memory" */
        fprintf(out, "    the case ran out of memory: a scenario file's own code holds at most %zu MiB\n",
                SCENARIO_MEMORY >> 20);
      else
        indent(out, lua_tostring(L, -1));
      lua_getfield(L, LUA_REGISTRYINDEX, R_MADE);
      for (int k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
        scen *s = lua_touserdata(L, -1);
        if (s && s->g) {
          fprintf(out, "  scenario %d: scorings and board\n", k);
          print_game(out, s->g);
        }
        lua_pop(L, 1);
      }
    }
    lua_settop(L, cases);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, R_MADE);
    lua_gc(L, LUA_GCCOLLECT, 0); /* close this case's engines now */
  }
  lua_close(L);
}

int carc_lua_run_scenarios(const char *path, FILE *out, int *passed, int *failed) {
  paths p = {0};
  int unreadable = 0;
  struct stat st;
  if (!path || !out || !passed || !failed) return -1;
  if (stat(path, &st)) {
    char name[4096];
    fprintf(stderr, "carcassonne test: cannot open '%s'\n", shown_text(path, name, sizeof name));
    return -1;
  }
  if (S_ISDIR(st.st_mode)) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') dir[--n] = '\0';
    walk(&p, dir, 0, out, &unreadable);
  } else if (S_ISREG(st.st_mode)) {
    add_path(&p, path);
  } else {
    char name[4096];
    fprintf(stderr, "carcassonne test: '%s' is not a file or a folder\n", shown_text(path, name, sizeof name));
    return -1;
  }
  if (p.n) qsort(p.v, (size_t)p.n, sizeof *p.v, cmp_path);
  *passed = 0;
  *failed = unreadable;
  for (int i = 0; i < p.n; i++) {
    run_file(p.v[i], out, passed, failed);
    free(p.v[i]);
  }
  free(p.v);
  free(p.seen);
  fprintf(out, "%d passed, %d failed\n", *passed, *failed);
  fflush(out);
  return *failed;
}

/* ---------------------------------------------------------- Lua module */

static int m_run(lua_State *L) {
  int passed, failed;
  if (carc_lua_run_scenarios(check_text(L, 1), stdout, &passed, &failed) < 0) return luaL_error(L, "cannot run '%s'", lua_tostring(L, 1));
  lua_pushinteger(L, passed);
  lua_pushinteger(L, failed);
  return 2;
}

int carc_lua_open(lua_State *L) {
  /* the host's state: views made there are never lent */
  if (lua_getfield(L, LUA_REGISTRYINDEX, "carc.lstate") != LUA_TUSERDATA) {
    /* once per state: the classes' methods keep a pointer to it */
    carc_lstate *ls = lua_newuserdatauv(L, sizeof *ls, 0);
    memset(ls, 0, sizeof *ls);
    lua_setfield(L, LUA_REGISTRYINDEX, "carc.lstate"); /* lives as long as the state */
    carc_lua_lstate_init(L, ls);
  }
  lua_pop(L, 1);
  prepare(L);
  static const luaL_Reg f[] = {{"scenario", l_scenario}, {"run", m_run}, {NULL, NULL}};
  luaL_newlib(L, f);
  lua_pushstring(L, carc_version());
  lua_setfield(L, -2, "version");
  carc_lua_module_api(L);
  return 1;
}

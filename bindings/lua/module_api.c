/* module_api.c - the Lua module's embedding API: engines, rulesets, games,
 * moves, clone, save, load, observations and events, for a host's own Lua
 * state (require "carcassonne" from a stock lua5.4). Players are numbered
 * from 1 as everywhere in Lua; moves are the C API's move numbers. */
#include "binding.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENGINE_MT "carcassonne.engine"
#define GAME_MT "carcassonne.game"

typedef struct lengine {
  carc_engine *e;
  carc_lua *cl;
  int games;  /* live game userdata of this engine: it is freed after the last of them */
  int closed; /* its __gc ran (at lua_close, or called through the debug library) */
} lengine;

typedef struct lgame {
  carc_game *g;
  int counted;        /* 1 while counted in its engine's `games` */
  int on_event;       /* registry ref of the event function, or LUA_NOREF */
  char **pending;     /* events written since the last delivery, from `next` on */
  int npending, cap, next;
  int delivering;     /* 1 while the event function runs: a call it makes queues, the running delivery delivers */
  int event_err;      /* registry ref of the event function's first error since the call began, or LUA_NOREF */
  int pin;            /* registry slot made with the game: holds it while its events are delivered (done) */
} lgame;

static lengine *check_engine(lua_State *L, int i) {
  lengine *le = luaL_checkudata(L, i, ENGINE_MT);
  if (!le->e || le->closed) luaL_error(L, "the engine is closed");
  return le;
}

static lgame *check_game(lua_State *L, int i) {
  lgame *lg = luaL_checkudata(L, i, GAME_MT);
  if (!lg->g) luaL_error(L, "the game is freed");
  lua_getiuservalue(L, i, 1); /* its engine, closed only at lua_close (metatables are locked) */
  const lengine *le = lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (!le || !le->e || le->closed) luaL_error(L, "the game's engine is closed");
  return lg;
}

static int fail(lua_State *L, const char *msg) {
  luaL_pushfail(L);
  lua_pushstring(L, msg);
  return 2;
}

/* ----------------------------------------------------------------- events */

static void drop_event_error(lua_State *L, lgame *lg) {
  luaL_unref(L, LUA_REGISTRYINDEX, lg->event_err);
  lg->event_err = LUA_NOREF;
}

static void queue_event(const carc_game *g, const char *json, void *ud) {
  (void)g;
  lgame *lg = ud;
  if (lg->npending == lg->cap) {
    int cap = lg->cap ? lg->cap * 2 : 16;
    char **p = realloc(lg->pending, sizeof *p * (size_t)cap);
    if (!p) return;
    lg->pending = p;
    lg->cap = cap;
  }
  size_t n = strlen(json);
  char *copy = malloc(n + 1);
  if (!copy) return;
  memcpy(copy, json, n + 1);
  lg->pending[lg->npending++] = copy;
}

/* The pending events to the event function, oldest first, in a protected
 * call (only a memory error can end it early: the events not delivered
 * stay pending). */
static int deliver_all(lua_State *L) {
  lgame *lg = lua_touserdata(L, 1);
  while (lg->next < lg->npending) { /* the event function may queue more: delivered in this loop */
    char *json = lg->pending[lg->next];
    if (lg->on_event == LUA_NOREF || lua_rawgeti(L, LUA_REGISTRYINDEX, lg->on_event) != LUA_TFUNCTION) {
      lua_settop(L, 1);
      lg->pending[lg->next++] = NULL;
      free(json);
      continue;
    }
    lua_pushstring(L, json);
    lg->pending[lg->next++] = NULL;
    free(json);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) { /* kept for the call's second result; the rest still go out */
      if (lg->event_err == LUA_NOREF) {
        size_t len;
        const char *msg = lua_tolstring(L, -1, &len); /* no __tostring: it could fail in turn */
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        luaL_addstring(&b, "the event function failed: ");
        if (msg) luaL_addlstring(&b, msg, len);
        else luaL_addstring(&b, "(an error value that is not a string)");
        luaL_pushresult(&b);
        lg->event_err = luaL_ref(L, LUA_REGISTRYINDEX);
      }
      lua_pop(L, 1);
    }
  }
  lg->npending = lg->next = 0;
  return 0;
}

/* Calls the game's event function once per pending event. A call made from
 * the event function queues its events behind those pending: the running
 * delivery takes them, in the order they were written. */
static void deliver(lua_State *L, lgame *lg) {
  if (lg->delivering || lg->next == lg->npending) return;
  lg->delivering = 1;
  lua_pushcfunction(L, deliver_all);
  lua_pushlightuserdata(L, lg);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
  lg->delivering = 0;
}

/* ------------------------------------------------------------------- games */

/* A game userdata, not yet holding a game: made first, so that a memory
 * error raised while it is made leaves no game behind. */
static lgame *push_game(lua_State *L, int engine_index) {
  engine_index = lua_absindex(L, engine_index);
  lgame *lg = lua_newuserdatauv(L, sizeof *lg, 1);
  memset(lg, 0, sizeof *lg);
  lg->on_event = lg->event_err = lg->pin = LUA_NOREF;
  luaL_setmetatable(L, GAME_MT);
  lua_pushvalue(L, engine_index); /* the engine lives as long as its games */
  lua_setiuservalue(L, -2, 1);
  lengine *le = lua_touserdata(L, engine_index);
  le->games++;
  lg->counted = 1;
  lua_pushboolean(L, 0); /* the slot exists from now on: filling it later allocates nothing */
  lg->pin = luaL_ref(L, LUA_REGISTRYINDEX);
  return lg;
}

/* A game userdata whose game could not be made: no longer counted, so
 * that a failed call leaves the engine as it was (a ruleset may still load). */
static lgame *uncount(lengine *le, lgame *lg) {
  if (lg->counted) {
    lg->counted = 0;
    le->games--;
  }
  return lg;
}

static void engine_release(lengine *le) {
  carc_lua_free(le->cl);
  carc_engine_free(le->e);
  le->cl = NULL;
  le->e = NULL;
}

/* (Also reached through the debug library, which passes the locked
 * metatables by: then the game may be freed before or after its engine's
 * __gc, and once more at lua_close.) */
static int g_gc(lua_State *L) {
  lgame *lg = luaL_checkudata(L, 1, GAME_MT);
  lua_getiuservalue(L, 1, 1);
  lengine *le = lua_touserdata(L, -1);
  carc_game_free(lg->g); /* its engine is still there: it waits for its games */
  lg->g = NULL;
  if (le && lg->counted) {
    lg->counted = 0;
    if (--le->games == 0 && le->closed) engine_release(le);
  }
  for (int k = lg->next; k < lg->npending; k++) free(lg->pending[k]);
  free(lg->pending);
  lg->pending = NULL;
  drop_event_error(L, lg);
  lg->npending = lg->cap = lg->next = 0;
  luaL_unref(L, LUA_REGISTRYINDEX, lg->on_event);
  lg->on_event = LUA_NOREF;
  luaL_unref(L, LUA_REGISTRYINDEX, lg->pin);
  lg->pin = LUA_NOREF;
  return 0;
}

static int g_moves(lua_State *L) {
  lgame *lg = check_game(L, 1);
  int n = carc_game_moves(lg->g, NULL, 0);
  if (n < 0) return fail(L, carc_game_error(lg->g)); /* a placement hook failed */
  int *m = lua_newuserdatauv(L, sizeof(int) * (size_t)(n > 0 ? n : 1), 0); /* Lua's: no leak on a memory error */
  const int again = carc_game_moves(lg->g, m, n); /* a hook may answer this pass otherwise */
  if (again < 0) return fail(L, carc_game_error(lg->g));
  if (again < n) n = again;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, m[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* A call's results: true, and the event function's first error if it
 * failed on this call's events (the call itself is done), or fail and the
 * game's message. */
static int results(lua_State *L, lgame *lg, carc_result r) {
  if (!lg->g) return fail(L, "the game was freed by its event function (through the debug library)");
  if (r != CARC_OK) {
    if (!lg->delivering) drop_event_error(L, lg); /* a failed call wrote no events */
    return fail(L, carc_game_error(lg->g));
  }
  lua_pushboolean(L, 1);
  if (lg->delivering || lg->event_err == LUA_NOREF) return 1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, lg->event_err);
  drop_event_error(L, lg);
  return 2;
}

/* Puts `v` (a value on the stack top, popped) in the game's registry slot,
 * made with the game: an existing slot, so nothing is allocated and no
 * memory error can interrupt a call whose move is made. A __gc called
 * through the debug library may have released the slot: then nothing. */
static void pin_set(lua_State *L, const lgame *lg) {
  if (lg->pin == LUA_NOREF) lua_pop(L, 1);
  else lua_rawseti(L, LUA_REGISTRYINDEX, lg->pin);
}

/* The call's events delivered, then its results. The game userdata (index
 * 1 of every method) is held in its registry slot meanwhile: an event
 * function may drop every other reference to it (the debug library reaches
 * the callers' locals) and collect garbage, and the call still reads it. */
static int done(lua_State *L, lgame *lg, carc_result r) {
  lua_pushvalue(L, 1);
  pin_set(L, lg);
  deliver(L, lg);
  const int n = results(L, lg, r);
  lua_pushboolean(L, 0);
  pin_set(L, lg);
  return n;
}

static int g_play(lua_State *L) {
  lgame *lg = check_game(L, 1);
  lua_Integer m = luaL_checkinteger(L, 2);
  if (m < 0 || m > 0x7FFFFFFF) return fail(L, "not a move number");
  return done(L, lg, carc_game_play(lg->g, (int)m));
}

static carc_bot bot_of(lua_State *L, int i) {
  static const char *const names[] = {"random", "greedy", NULL};
  return luaL_checkoption(L, i, "greedy", names) == 0 ? CARC_BOT_RANDOM : CARC_BOT_GREEDY;
}

/* A bot's moves, all or nothing: the C calls play a turn as several calls,
 * each its own transaction, and keep those made before one that fails. Here
 * a failure puts the game back as it was before the first, and drops the
 * events its steps queued, as any failed call of the module does. */
static int bot_moves(lua_State *L, int whole_game) {
  lgame *lg = check_game(L, 1);
  const carc_bot bot = bot_of(L, 2);
  carc_game *before = carc_game_clone(lg->g);
  if (!before) return fail(L, "out of memory: the game could not be copied for the bot's moves");
  const int queued = lg->npending;
  const carc_result r = whole_game ? carc_bot_play_game(lg->g, bot) : carc_bot_play_turn(lg->g, bot);
  if (r == CARC_OK) {
    carc_game_free(before);
    return done(L, lg, r);
  }
  char why[1024];
  snprintf(why, sizeof why, "%s", carc_game_error(lg->g)); /* before the copy, which clears it */
  if (carc_game_copy(lg->g, before) != CARC_OK)
    snprintf(why + strlen(why), sizeof why - strlen(why), " (and the game could not be put back: out of memory)");
  carc_game_free(before);
  for (int k = queued; k < lg->npending; k++) free(lg->pending[k]);
  lg->npending = queued;
  if (!lg->delivering) drop_event_error(L, lg);
  return fail(L, why);
}

static int g_bot_turn(lua_State *L) { return bot_moves(L, 0); }
static int g_bot_game(lua_State *L) { return bot_moves(L, 1); }

static int g_clone(lua_State *L) {
  lgame *lg = check_game(L, 1);
  lua_getiuservalue(L, 1, 1);
  lgame *copy = push_game(L, -1);
  if (!(copy->g = carc_game_clone(lg->g))) {
    uncount(lua_touserdata(L, -2), copy);
    return luaL_error(L, "out of memory");
  }
  carc_game_set_event_callback(copy->g, NULL, NULL);
  return 1;
}

static int g_observe(lua_State *L) {
  lgame *lg = check_game(L, 1);
  lua_Integer p = luaL_checkinteger(L, 2);
  if (p < 1 || p > carc_game_players(lg->g)) return fail(L, "observe: no such player");
  lua_getiuservalue(L, 1, 1);
  lgame *view = push_game(L, -1);
  if (!(view->g = carc_game_observe(lg->g, (int)p - 1))) {
    uncount(lua_touserdata(L, -2), view);
    return fail(L, "observe: out of memory");
  }
  return 1;
}

static int g_determinize(lua_State *L) {
  lgame *lg = check_game(L, 1);
  luaL_checkany(L, 2);
  carc_game_determinize(lg->g, field_seed(L, 2, "determinize(seed)", 0));
  lua_settop(L, 1);
  return 1;
}

/* Pushes the text one of the engine's snprintf-style writers gives for the game. */
static int push_game_text(lua_State *L, size_t (*writer)(const carc_game *, char *, size_t)) {
  lgame *lg = check_game(L, 1);
  size_t n = writer(lg->g, NULL, 0);
  luaL_Buffer b; /* Lua's memory: no leak on a memory error */
  writer(lg->g, luaL_buffinitsize(L, &b, n + 1), n + 1);
  luaL_pushresultsize(&b, n);
  return 1;
}

static int g_save(lua_State *L) { return push_game_text(L, carc_game_save); }

static int g_on_event(lua_State *L) {
  lgame *lg = check_game(L, 1);
  luaL_unref(L, LUA_REGISTRYINDEX, lg->on_event);
  lg->on_event = LUA_NOREF;
  if (lua_isnoneornil(L, 2)) {
    carc_game_set_event_callback(lg->g, NULL, NULL);
    return 0;
  }
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lg->on_event = luaL_ref(L, LUA_REGISTRYINDEX);
  carc_game_set_event_callback(lg->g, queue_event, lg);
  return 0;
}

static int g_info(lua_State *L) {
  lgame *lg = check_game(L, 1);
  static const char *const phases[] = {"place", "act", "end", "over"};
  const carc_game *g = lg->g;
  lua_createtable(L, 0, 8);
  lua_pushstring(L, phases[carc_game_phase(g) & 3]);
  lua_setfield(L, -2, "phase");
  lua_pushinteger(L, carc_game_players(g));
  lua_setfield(L, -2, "players");
  lua_pushinteger(L, carc_game_current_player(g) + 1);
  lua_setfield(L, -2, "current");
  lua_pushinteger(L, carc_game_turn(g));
  lua_setfield(L, -2, "turn");
  lua_pushinteger(L, carc_game_bag_left(g));
  lua_setfield(L, -2, "bag_left");
  lua_pushinteger(L, carc_board_tiles(g));
  lua_setfield(L, -2, "tiles");
  lua_createtable(L, carc_game_players(g), 0);
  for (int p = 0; p < carc_game_players(g); p++) {
    lua_pushinteger(L, carc_game_score(g, p));
    lua_rawseti(L, -2, p + 1);
  }
  lua_setfield(L, -2, "scores");
  int t = carc_game_drawn_tile(g);
  if (t >= 0) {
    lua_pushstring(L, carc_tile_type_name(carc_game_engine(g), t));
    lua_setfield(L, -2, "drawn");
  }
  return 1;
}

static int g_score(lua_State *L) {
  lgame *lg = check_game(L, 1);
  lua_Integer p = luaL_checkinteger(L, 2);
  luaL_argcheck(L, p >= 1 && p <= carc_game_players(lg->g), 2, "no such player");
  lua_pushinteger(L, carc_game_score(lg->g, (int)p - 1));
  return 1;
}

static int g_board(lua_State *L) { return push_game_text(L, carc_game_render_board); }

static int g_decode(lua_State *L) {
  carc_move_info m;
  if (carc_move_decode(check_int(L, 2), &m) != CARC_OK) return fail(L, "not a move number");
  lua_createtable(L, 0, 4);
  static const char *const kinds[] = {"place", "act", "final"};
  lua_pushstring(L, kinds[m.kind]);
  lua_setfield(L, -2, "kind");
  if (m.kind == CARC_MOVE_PLACE) {
    lua_pushinteger(L, m.x), lua_setfield(L, -2, "x");
    lua_pushinteger(L, m.y), lua_setfield(L, -2, "y");
    lua_pushinteger(L, m.rotation), lua_setfield(L, -2, "rotation");
  } else if (m.kind == CARC_MOVE_ACT) {
    static const char *const acts[] = {"pass", "figure", "token", "move_neutral"};
    lua_pushstring(L, acts[m.action.type & 3]), lua_setfield(L, -2, "action");
    lua_pushinteger(L, m.action.segment), lua_setfield(L, -2, "segment");
  }
  return 1;
}

/* ----------------------------------------------------------------- engines */

static int e_gc(lua_State *L) {
  lengine *le = luaL_checkudata(L, 1, ENGINE_MT);
  le->closed = 1;
  if (le->games == 0) engine_release(le); /* else the last game's __gc frees it */
  return 0;
}

static int e_ruleset(lua_State *L) {
  lengine *le = check_engine(L, 1);
  const char *path = check_text(L, 2);
  /* a ruleset changes what games hold (figures, tokens, tile types): a game
   * made before would no longer match its engine, nor load from its save */
  if (le->games > 0) {
    lua_pushfstring(L, "%s: rulesets load before an engine's first game, and this engine has %d (a game "
                       "dropped counts until it is collected)", path, le->games);
    return fail(L, lua_tostring(L, -1));
  }
  if (!le->cl && !(le->cl = carc_lua_new(le->e, 0))) return luaL_error(L, "out of memory");
  if (carc_lua_load_ruleset(le->cl, path) != CARC_OK) return fail(L, carc_lua_error(le->cl));
  lua_settop(L, 1);
  return 1;
}

static int e_find(lua_State *L) {
  lengine *le = check_engine(L, 1);
  const char *kind = check_text(L, 2), *name = check_text(L, 3);
  char path[4096];
  size_t n = carc_engine_find_data(le->e, kind, name, path, sizeof path);
  if (n == 0 || n >= sizeof path) return fail(L, "not found");
  lua_pushstring(L, path);
  return 1;
}

static int e_set_search_path(lua_State *L) {
  lengine *le = check_engine(L, 1);
  if (carc_engine_set_search_path(le->e, check_text(L, 2), opt_text(L, 3, NULL)) != CARC_OK)
    return fail(L, carc_engine_error(le->e));
  lua_settop(L, 1);
  return 1;
}

static int e_game(lua_State *L) {
  lengine *le = check_engine(L, 1);
  carc_game_options opt = {2, 1, 0, 0};
  if (lua_istable(L, 2)) {
    lua_getfield(L, 2, "players");
    opt.players = field_int(L, -1, "game{players=...}", opt.players);
    lua_getfield(L, 2, "seed");
    opt.seed = field_seed(L, -1, "game{seed=...}", opt.seed);
    lua_getfield(L, 2, "followers");
    opt.followers = field_int(L, -1, "game{followers=...}", opt.followers);
    lua_pop(L, 3);
    le = check_engine(L, 1); /* the options' metamethods ran Lua code: the engine is checked again */
  }
  lgame *lg = push_game(L, 1);
  if (!(lg->g = carc_game_new(le->e, &opt))) {
    uncount(le, lg);
    return fail(L, carc_engine_error(le->e));
  }
  return 1;
}

static int e_load(lua_State *L) {
  lengine *le = check_engine(L, 1);
  char err[512];
  const char *text = check_text(L, 2);
  lgame *lg = push_game(L, 1);
  if (!(lg->g = carc_game_load(le->e, text, err, sizeof err))) {
    uncount(le, lg);
    return fail(L, err);
  }
  return 1;
}

static int e_pipeline(lua_State *L) {
  lengine *le = check_engine(L, 1);
  for (size_t cap = 1 << 14;; cap *= 2) {
    char *buf = lua_newuserdatauv(L, cap, 0); /* Lua's: no leak on a memory error */
    carc_result r = carc_engine_describe_pipeline(le->e, buf, cap);
    if (r != CARC_ERR_LIMIT || cap >= ((size_t)1 << 24)) {
      lua_pushstring(L, buf);
      return 1;
    }
    lua_pop(L, 1);
  }
}

/* carcassonne.engine([ruleset]) -> an engine with the base tiles and, if
 * given, that ruleset (a path, or a name looked up in the search path). */
static int m_engine(lua_State *L) {
  lua_settop(L, 1); /* no argument: index 1 is nil, not the new engine */
  lengine *le = lua_newuserdatauv(L, sizeof *le, 0);
  memset(le, 0, sizeof *le);
  luaL_setmetatable(L, ENGINE_MT);
  le->e = carc_engine_new(NULL, NULL);
  if (!le->e || carc_tiles_load_base(le->e) != CARC_OK) return luaL_error(L, "cannot create an engine");
  if (!lua_isnoneornil(L, 1)) {
    const char *rules = check_text(L, 1);
    char path[4096];
    const size_t n = carc_engine_find_ruleset(le->e, rules, path, sizeof path);
    if (n == 0 || n >= sizeof path) return fail(L, n ? "the ruleset's path is too long" : carc_engine_error(le->e));
    rules = path;
    lua_pushcfunction(L, e_ruleset);
    lua_pushvalue(L, -2);
    lua_pushstring(L, rules);
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) return 2;
    lua_pop(L, 2);
  }
  return 1;
}

void carc_lua_module_api(lua_State *L) {
  static const luaL_Reg game_methods[] = {
      {"moves", g_moves},       {"play", g_play},         {"bot_turn", g_bot_turn},
      {"bot_game", g_bot_game}, {"clone", g_clone},       {"observe", g_observe},
      {"determinize", g_determinize}, {"save", g_save},   {"on_event", g_on_event},
      {"info", g_info},         {"score", g_score},       {"board", g_board},
      {"decode", g_decode},     {NULL, NULL}};
  static const luaL_Reg engine_methods[] = {
      {"ruleset", e_ruleset}, {"game", e_game},         {"load", e_load},
      {"pipeline", e_pipeline}, {"find", e_find},       {"set_search_path", e_set_search_path},
      {NULL, NULL}};
  if (luaL_newmetatable(L, GAME_MT)) {
    luaL_newlib(L, game_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, g_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "locked"); /* scripts keep off __gc (the debug library aside: see g_gc) */
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
  if (luaL_newmetatable(L, ENGINE_MT)) {
    luaL_newlib(L, engine_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, e_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
  lua_pushcfunction(L, m_engine);
  lua_setfield(L, -2, "engine");
}

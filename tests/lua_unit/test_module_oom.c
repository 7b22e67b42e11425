/* test_module_oom.c - the Lua module in a host whose allocator fails (and
 * one whose scripts reach finalizers through the debug library): for
 * every allocation the script makes, a run where that one fails. Each run
 * ends with the script's error or its success, never a crash; the script
 * reaches its end once the budget suffices. Under the sanitizers'
 * LeakSanitizer, a game, event or buffer left behind by an error fails the
 * test (the module's memory either belongs to Lua or to a userdata made
 * before it). */
#include "carc_lua.h"
#include "check.h"
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdlib.h>

static long budget; /* allocations (new or growing) allowed before the next fails */

static void *limited(void *ud, void *p, size_t old, size_t size) {
  (void)ud;
  if (size == 0) {
    free(p);
    return NULL;
  }
  if ((!p || size > old) && budget-- <= 0) return NULL;
  return realloc(p, size);
}

static int open_module(lua_State *L) { return carc_lua_open(L); }

/* Every call whose memory the module handles itself: games made, cloned,
 * loaded and observed, texts, move lists, the pipeline, events (a call from
 * the event function among them). */
static const char script[] =
    "local carc = require 'carcassonne'\n"
    "local e = carc.engine()\n"
    "local g = assert(e:game{ players = 3, seed = 2 })\n"
    "local seen = 0\n"
    "g:on_event(function() seen = seen + 1; if seen == 2 then g:bot_turn('random') end end)\n"
    "for _ = 1, 3 do assert(g:bot_turn('random')) end\n"
    "local c = g:clone()\n"
    "local h = assert(e:load(c:save()))\n"
    "assert(#h:moves() > 0 and g:observe(1) and #g:board() > 0 and #e:pipeline() > 0)\n"
    "assert(seen > 2)\n"
    "return 'done'\n";

/* The debug library passes the locked metatables by: an engine's __gc
 * called while its games live leaves them refused, and the engine is freed
 * after the last of them (here at lua_close: ASan saw a game freed through
 * a freed engine before). */
static void engine_finalized_early(void) {
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  luaL_requiref(L, "carcassonne", open_module, 0);
  lua_pop(L, 1);
  const int r = luaL_dostring(L,
      "local carc = require 'carcassonne'\n"
      "local e = carc.engine(); local g = e:game{}; local h = g:clone()\n"
      "debug.getmetatable(e).__gc(e)\n"
      "local ok, err = pcall(g.info, g)\n"
      "assert(not ok and err:find('the game\\'s engine is closed', 1, true), err)\n"
      "ok, err = pcall(e.game, e)\n"
      "assert(not ok and err:find('the engine is closed', 1, true), err)\n"
      "debug.getmetatable(g).__gc(g)\n"
      "return 'done'\n");
  CHECK_INT(r, LUA_OK);
  if (r != LUA_OK) fprintf(stderr, "%s\n", lua_tostring(L, -1));
  lua_close(L); /* h, then the engine */
}

int main(void) {
  engine_finalized_early();
  int errors = 0, reached = 0;
  long n;
  for (n = 0; n < 20000 && !reached; n++) {
    budget = 1L << 40;
    lua_State *L = lua_newstate(limited, NULL);
    CHECK(L != NULL);
    if (!L) break;
    luaL_openlibs(L);
    luaL_requiref(L, "carcassonne", open_module, 0);
    lua_pop(L, 1);
    budget = n;
    const int r = luaL_dostring(L, script);
    budget = 1L << 40;
    if (r == LUA_OK) {
      reached = lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "done") == 0;
    } else {
      errors++;
      CHECK(lua_type(L, -1) == LUA_TSTRING); /* a message, whatever failed */
    }
    lua_close(L);
  }
  CHECK(reached);
  CHECK_INT(errors, n - 1); /* every smaller budget failed the script on the way */
  CHECK(errors > 50);
  printf("module under failing allocations: %d runs refused, the script done at budget %ld\n", errors, n - 1);
  return check_done("module_oom");
}

/* carc_lua.h - the Lua 5.4 binding: expansions, rulesets and scenarios
 * (docs/lua-api.md). One lua_State per engine, sandboxed, memory-capped,
 * with an instruction budget per handler or hook call. */
#ifndef CARC_LUA_H
#define CARC_LUA_H
#include "carcassonne.h"
#include <stdio.h>

#ifndef CARC_LUA_API
#  define CARC_LUA_API CARC_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define CARC_LUA_MEM_CAP ((size_t)64 << 20)  /* bytes per engine's Lua state */
#define CARC_LUA_BUDGET 10000000             /* instructions per call */

typedef struct carc_lua carc_lua;

/* A Lua state bound to engine `e` (not owned: free the carc_lua first).
 * mem_cap 0 = CARC_LUA_MEM_CAP. NULL when out of memory. */
CARC_LUA_API carc_lua *carc_lua_new(carc_engine *e, size_t mem_cap);
CARC_LUA_API void carc_lua_free(carc_lua *cl);
CARC_LUA_API carc_engine *carc_lua_engine(carc_lua *cl);
/* The message of the last failure, and the Lua traceback of the last script
 * error ("" if none). */
CARC_LUA_API const char *carc_lua_error(const carc_lua *cl);
CARC_LUA_API const char *carc_lua_traceback(const carc_lua *cl);
CARC_LUA_API void carc_lua_set_budget(carc_lua *cl, long instructions);
/* Loads a ruleset file (section 6 of docs/lua-api.md) into the engine. */
CARC_LUA_API carc_result carc_lua_load_ruleset(carc_lua *cl, const char *path);
/* Loads expansions by name as a ruleset without options would; `dir` is where
 * a ruleset would have been (NULL: the current folder). */
CARC_LUA_API carc_result carc_lua_load_expansion(carc_lua *cl, const char *name, const char *dir);
/* Loads expansions named in a comma-separated list ("inns_cathedrals,
 * mage_witch") with default options, as a ruleset listing them would. */
CARC_LUA_API carc_result carc_lua_load_list(carc_lua *cl, const char *names);
/* Asks every expansion that declared x:describe(fn) to say its state in
 * game `g`: one line "expansion: text" each (nothing when fn returns nil or
 * ""). Writes at most cap bytes, NUL-terminated; returns the length needed.
 * The game is lent read-only meanwhile: a describe function changes nothing. */
CARC_LUA_API size_t carc_lua_describe(carc_lua *cl, carc_game *g, char *buf, size_t cap);
/* Bytes the Lua state holds and allocations it has made so far (to check
 * that handler calls allocate nothing). */
CARC_LUA_API void carc_lua_stats(const carc_lua *cl, size_t *bytes, unsigned long *allocations);
/* Calls from C into Lua so far (handlers, hooks, the loader): crossings of
 * the language boundary, which the benchmark counts per game. */
CARC_LUA_API unsigned long carc_lua_calls(const carc_lua *cl);
/* The carc_lua bound to an engine, or NULL. */
CARC_LUA_API carc_lua *carc_lua_of(const carc_engine *e);

/* Maps: finds map `spec` (a path, a relative one read from `dir` first and
 * then from the current folder, or a name looked up as NAME.map in `dir`,
 * `dir`/maps, `dir`/../maps, then the search path for "maps" (see
 * carc_engine_search_path); `dir` may be NULL)
 * and sets it on the engine; a pair file ("join WEST EAST") joins two maps.
 * On failure `err` says why (file:line:column for a bad map). */
CARC_LUA_API carc_result carc_map_file_load(carc_engine *e, const char *spec, const char *dir, char *err,
                                            size_t errcap);
/* Writes the path of map `spec` (same search); returns 0 if not found. */
CARC_LUA_API int carc_map_file_find(const char *spec, const char *dir, char *path, size_t cap);

/* Scenario runner: runs every scenario file under `path` (a file or a folder,
 * recursively, sorted; folders named "rules" or "expansions" are skipped),
 * printing failures and the line "N passed, N failed" to `out`.
 * Returns the number of failed cases (or -1 if nothing could be run, or an
 * argument is NULL). */
CARC_LUA_API int carc_lua_run_scenarios(const char *path, FILE *out, int *passed, int *failed);

/* Opens the `carcassonne` Lua module into a host's state and leaves its
 * table on the stack (what luaopen_carcassonne does; docs/lua-api.md). */
struct lua_State;
CARC_LUA_API int carc_lua_open(struct lua_State *L);

#ifdef __cplusplus
}
#endif
#endif

/* test_faults_lua.c - the fault injection of tests/unit/test_faults.c with
 * every expansion on (the default ruleset's, and a handler written in Lua,
 * as the five declare theirs as data): the C hooks and handler fail at
 * the N-th call among them while the expansions' Lua handlers and hooks run
 * too, and the engine's allocator fails at the N-th allocation; then each
 * call runs under a Lua instruction budget of N, for every N until it succeeds,
 * and with the Lua allocator refusing its N-th allocation and every later one. */
#define FAULTS_LUA 1
#define FAULTS_NAME "test_faults_lua"
#include "../unit/test_faults.c"

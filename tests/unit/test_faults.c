/* test_faults.c - fault injection in the style of SQLite's, for every call
 * that changes a game: place, act, end turn, final scoring and reset. C hooks
 * on every hook point and a scoring handler fail at the N-th call among them,
 * for every N until the call succeeds; then an allocator fails at the N-th
 * allocation, for every N until the call succeeds. After each failure the
 * save text is byte-identical to before, and the call that finally succeeds
 * leaves the game exactly as a call that never failed. */
#include "check.h"
#ifdef FAULTS_LUA
#include "carc_lua.h"
#include "binding.h" /* carc_lua_debug_faults: the Lua allocator's test fault */
static carc_lua *fault_lua;
#endif
#include <stdlib.h>
#include <string.h>

typedef struct countdown {
  long left; /* -1: never fail */
} countdown;
static countdown hook_fault = {-1}, alloc_fault = {-1};
static int var_v;

#ifndef FAULTS_NAME
#define FAULTS_NAME "test_faults"
#endif

static int fault_now(countdown *c) { return c->left >= 0 && c->left-- == 0; }

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  countdown *c = ud;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (nsize > (ptr ? osize : 0) && fault_now(c)) return NULL;
  return realloc(ptr, nsize);
}

/* Hooks that may change the game do, before they fail: the rollback must
 * undo the writes of the hooks that ran. */
static carc_result fault_hook(const carc_hook_args *a, void *ud) {
  (void)ud;
  carc_game *g = a->game;
  if (g && !carc_game_read_only(g)) {
    int p = a->player >= 0 ? a->player : 0;
    if (carc_game_add_score(g, p, 1) != CARC_OK) return CARC_ERR_SCRIPT;
    carc_game_random(g, 6);
    if (carc_game_set_var(g, var_v, carc_game_var(g, var_v) + 1) != CARC_OK) return CARC_ERR_SCRIPT;
  }
  return fault_now(&hook_fault) ? CARC_ERR_SCRIPT : CARC_OK;
}

static carc_result fault_handler(carc_score_ctx *c, void *ud) {
  (void)ud;
  if (carc_ctx_set(c, CARC_F_ADJUST, 1) != CARC_OK) return CARC_ERR_SCRIPT;
  return fault_now(&hook_fault) ? CARC_ERR_SCRIPT : CARC_OK;
}

static carc_engine *fault_engine(void) {
  carc_engine *e = carc_engine_new(counting_alloc, &alloc_fault);
  if (!e || carc_tiles_load_base(e) != CARC_OK) {
    fprintf(stderr, "cannot create the engine\n");
    exit(1);
  }
  var_v = carc_var_id(e, "v");
  CHECK(var_v >= 0);
  for (int p = 0; p < CARC_HOOK_COUNT; p++) {
    char name[32];
    snprintf(name, sizeof name, "t.fault%d", p);
    CHECK(carc_hook_add(e, (carc_hook_point)p, name, 100, NULL, fault_hook, NULL) == CARC_OK);
  }
  CHECK(carc_handler_add(e, "t.fault", 350, NULL, fault_handler, NULL) == CARC_OK);
#ifdef FAULTS_LUA
  fault_lua = carc_lua_new(e, 0);
  if (!fault_lua || carc_lua_load_ruleset(fault_lua, CARC_SOURCE_DIR "/tests/lua_unit/rules/faults.lua") != CARC_OK) {
    fprintf(stderr, "cannot load the ruleset: %s\n", fault_lua ? carc_lua_error(fault_lua) : "no state");
    exit(1);
  }
#endif
  return e;
}

static void fault_engine_free(carc_engine *e) {
#ifdef FAULTS_LUA
  carc_lua_free(fault_lua);
  fault_lua = NULL;
#endif
  carc_engine_free(e);
}

/* One state-changing call and its arguments. */
enum { C_PLACE, C_ACT, C_END_TURN, C_FINAL, C_RESET, C_COUNT };
static const char *const call_names[] = {"place", "act", "end turn", "final scoring", "reset"};
typedef struct call {
  int kind;
  carc_placement_option at;
  carc_action act;
  uint64_t seed;
} call;

static carc_result run(carc_game *g, const call *c) {
  switch (c->kind) {
  case C_PLACE: return carc_game_place(g, c->at.x, c->at.y, c->at.rotation);
  case C_ACT: return carc_game_act(g, &c->act);
  case C_END_TURN: return carc_game_end_turn(g);
  case C_FINAL: return carc_game_final_scoring(g);
  default: return carc_game_reset(g, c->seed);
  }
}

/* Per call kind: calls tested, failures injected, the largest N needed. */
static long tested[C_COUNT], injected[C_COUNT][2], most[C_COUNT][2];

/* Fails the call at N = 0, 1, ... of `which` until it succeeds; each failure
 * leaves the save text as it was. Returns the save text after the success. */
static char *inject(carc_game *g, const call *c, countdown *which, int w) {
  char *before = check_save_text(g);
  long n = 0;
  carc_result r = CARC_ERR_STATE;
  for (; n < 100000; n++) {
    which->left = n;
    r = run(g, c);
    which->left = -1;
    if (r == CARC_OK) break;
    char *after = check_save_text(g);
    if (strcmp(after, before) != 0) {
      fprintf(stderr, "%s: failure at %s %ld (%s) left a trace\n", call_names[c->kind],
              w ? "allocation" : "hook call", n, carc_game_error(g));
      CHECK(0);
      free(after);
      break;
    }
    free(after);
  }
  CHECK_INT(r, CARC_OK);
  injected[c->kind][w] += n;
  if (n > most[c->kind][w]) most[c->kind][w] = n;
  free(before);
  return check_save_text(g);
}

#ifdef FAULTS_LUA
/* A Lua fault armed at N for one call: the instruction budget of each
 * script call (N = 1, 2, ...), or the Lua allocator refusing its N-th
 * allocation inside the call and every one after it (N = 0, 1, ...; Lua
 * retries a single refused allocation after a full collection, so one
 * refusal is no failure). */
typedef struct lua_fault {
  const char *what;
  long first, limit;
  void (*arm)(long n); /* n < 0: disarm */
  long calls, failed, most;
} lua_fault;

static void arm_budget(long n) { carc_lua_set_budget(fault_lua, n < 0 ? 0 : n); }
static void arm_alloc(long n) { carc_lua_debug_faults(fault_lua, n < 0 ? -1 : n, -1); }
static lua_fault budget_fault = {"a budget of N instructions", 1, 20000, arm_budget, 0, 0, 0};
static lua_fault lua_alloc_fault = {"Lua allocation N refused", 0, 100000, arm_alloc, 0, 0, 0};

/* The fault at every N until the call succeeds: each failure leaves the save
 * text as it was and the host runs on (no panic outside a protected call);
 * the call that succeeds ends where one that never failed ends (`want`). */
static void inject_lua(lua_fault *f, carc_engine *e, const char *start, const call *c, const char *want) {
  char err[512];
  carc_game *g = carc_game_load(e, start, err, sizeof err);
  CHECK(g != NULL);
  if (!g) return;
  long n = f->first;
  carc_result r = CARC_ERR_STATE;
  for (; n < f->limit; n++) {
    f->arm(n);
    r = run(g, c);
    f->arm(-1);
    if (r == CARC_OK) break;
    f->failed++;
    char *after = check_save_text(g);
    if (strcmp(after, start) != 0) {
      fprintf(stderr, "%s: %s (N = %ld) left a trace (%s)\n", call_names[c->kind], f->what, n,
              carc_game_error(g));
      CHECK(0);
      free(after);
      break;
    }
    free(after);
  }
  CHECK_INT(r, CARC_OK);
  char *done = check_save_text(g);
  CHECK(strcmp(done, want) == 0);
  free(done);
  f->calls++;
  if (n > f->most) f->most = n;
  carc_game_free(g);
}
#endif

/* The call under both kinds of faults, from the same state, and once without:
 * all three end in the same state. Continues with g. */
static void check_call(carc_engine *e, carc_game *g, const call *c) {
  char err[512];
  char *start = check_save_text(g);
  carc_game *h = carc_game_load(e, start, err, sizeof err);
  carc_game *clean = carc_game_load(e, start, err, sizeof err);
  CHECK(h != NULL && clean != NULL);
  if (!h || !clean) {
    fprintf(stderr, "load: %s\n", err);
    exit(1);
  }
  char *one = inject(g, c, &hook_fault, 0);
  char *two = inject(h, c, &alloc_fault, 1);
  CHECK_INT(run(clean, c), CARC_OK);
  char *three = check_save_text(clean);
  CHECK(strcmp(one, two) == 0);
  CHECK(strcmp(one, three) == 0);
#ifdef FAULTS_LUA
  inject_lua(&budget_fault, e, start, c, three);
  inject_lua(&lua_alloc_fault, e, start, c, three);
#endif
  tested[c->kind]++;
  free(start);
  free(one);
  free(two);
  free(three);
  carc_game_free(h);
  carc_game_free(clean);
}

/* A whole game with a bag: every place, act and the final scoring. */
static void test_game(uint64_t seed, int players) {
  carc_engine *e = fault_engine();
  carc_game_options o = {players, seed, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  if (!g) exit(1);
  call reset = {C_RESET, {0, 0, 0}, {0}, seed + 1};
  check_call(e, g, &reset);
  static carc_placement_option opts[2048];
  static carc_action acts[512];
  for (int step = 0; step < 2000 && carc_game_phase(g) != CARC_PHASE_OVER; step++) {
    call c;
    memset(&c, 0, sizeof c);
    int phase = carc_game_phase(g);
    if (phase == CARC_PHASE_PLACE) {
      int n = carc_game_placements(g, opts, 2048);
      CHECK(n > 0 && n <= 2048);
      if (n <= 0 || n > 2048) break;
      c.kind = C_PLACE;
      c.at = opts[(step * 7 + 3) % n];
    } else if (phase == CARC_PHASE_ACT) {
      int n = carc_game_actions(g, acts, 512);
      CHECK(n > 0 && n <= 512);
      if (n <= 0 || n > 512) break;
      c.kind = C_ACT;
      c.act = acts[(step * 5 + 1) % n];
      if (step % 3 && n > 1) c.act = acts[1]; /* more figures out, more scoring */
    } else {
      c.kind = C_FINAL;
    }
    check_call(e, g, &c);
    if (step == 40) check_call(e, g, &reset); /* a reset mid-game */
  }
  CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
  CHECK(carc_game_var(g, var_v) > 100); /* the hooks' writes that were kept */
  carc_game_free(g);
  fault_engine_free(e);
}

/* Scenario turns (no bag): end turn after tiles that complete features. */
static void test_end_turn(void) {
  carc_engine *e = fault_engine();
  carc_game *g = check_scenario(e, 2);
  int D = check_type(e, "D"), E = check_type(e, "E");
  int city = -1;
  for (int s = 0; s < carc_tile_type_segments(e, D); s++)
    if (carc_segment_kind(e, D, s) == CARC_CITY) city = s;
  CHECK(carc_game_put_figure(g, 0, 0, 0, city) == CARC_OK);
  CHECK(carc_game_put_tile(g, E, 0, -1, 2) == CARC_OK); /* the city D-E completes */
  call c = {C_END_TURN, {0, 0, 0}, {0}, 0};
  check_call(e, g, &c);
  CHECK(carc_game_score(g, 0) >= 4);
  check_call(e, g, &c); /* and a turn that scores nothing */
  carc_game_free(g);
  fault_engine_free(e);
}

int main(void) {
  test_end_turn();
  test_game(3, 2);
  test_game(20261123, 3);
  for (int k = 0; k < C_COUNT; k++)
    fprintf(stderr, "%-13s: %ld calls; hook faults %ld (N up to %ld), allocation faults %ld (N up to %ld)\n",
            call_names[k], tested[k], injected[k][0], most[k][0], injected[k][1], most[k][1]);
#ifdef FAULTS_LUA
  fprintf(stderr, "Lua budget: %ld calls, every budget up to %ld instructions\n", budget_fault.calls,
          budget_fault.most);
  CHECK(budget_fault.calls > 0 && budget_fault.most > 1);
  fprintf(stderr, "Lua allocations: %ld calls, %ld failed calls, every N up to %ld\n", lua_alloc_fault.calls,
          lua_alloc_fault.failed, lua_alloc_fault.most);
  CHECK(lua_alloc_fault.calls > 0 && lua_alloc_fault.failed > 0);
#endif
  for (int k = 0; k < C_COUNT; k++) CHECK(tested[k] > 0);
  CHECK(most[C_ACT][0] > 0 && most[C_FINAL][0] > 0 && most[C_RESET][0] > 0);
  return check_done(FAULTS_NAME);
}

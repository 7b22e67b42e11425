/* test_random.c - the game's generator (internal.h):
 *  - its first outputs from state 0 are wyrand's, computed apart with
 *    arbitrary-precision integers;
 *  - the product from four 32-bit halves (compilers without a 128-bit
 *    type) equals the 128-bit one, on edge values and a million others;
 *  - k steps add k times the increment, which the bots' batched draws use;
 *  - draws fall in [0, n) and spread evenly over small ranges;
 *  - carc_game_random is the same draw as the game's own. */
#include "check.h"
#include "internal.h"

static void test_known_outputs(void) {
  static const uint64_t want[3] = {0x111cb3a78f59a58eull, 0xceabd938ff4e856dull, 0x61fb51318f47d2a4ull};
  uint64_t s = 0;
  for (int i = 0; i < 3; i++) {
    s += RANDOM_INCREMENT;
    CHECK(random_mix(s, s ^ RANDOM_MIX) == want[i]);
  }
  CHECK(random_mix(~0ull, ~0ull) == ~0ull);
  CHECK(random_mix(0x123456789abcdef0ull, 0xfedcba9876543210ull) == 0x317228f48165bb22ull);
}

static void test_portable_product(void) {
  static const uint64_t edge[] = {0, 1, 2, 0xFFFFFFFFull, 0x100000000ull, 0xFFFFFFFFFFFFFFFFull,
                                  0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, RANDOM_MIX};
  const int n = (int)(sizeof edge / sizeof edge[0]);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) CHECK(random_mix_portable(edge[i], edge[j]) == random_mix(edge[i], edge[j]));
  uint64_t s = 12345, diff = 0;
  for (int i = 0; i < 1000000; i++) {
    const uint64_t a = s += RANDOM_INCREMENT, b = a ^ RANDOM_MIX, c = random_mix(a, b);
    diff |= random_mix_portable(a, b) ^ c;
    diff |= random_mix_portable(c, a) ^ random_mix(c, a);
  }
  CHECK(diff == 0);
}

static void test_steps_add(void) {
  uint64_t s = 987654321;
  const uint64_t start = s;
  for (int k = 1; k <= 100; k++) {
    random_step(&s, 10);
    CHECK(s == start + (uint64_t)k * RANDOM_INCREMENT);
  }
}

static void test_ranges(void) {
  uint64_t s = 42;
  CHECK(game_random(NULL, 0) == 0); /* n = 0 reads no game */
  for (int i = 0; i < 100000; i++) CHECK(random_step(&s, 1) == 0);
  enum { N = 7, DRAWS = 700000 };
  int count[N] = {0}, outside = 0;
  for (int i = 0; i < DRAWS; i++) {
    uint32_t v = random_step(&s, N);
    if (v < N) count[v]++;
    else outside++;
  }
  CHECK_INT(outside, 0);
  for (int v = 0; v < N; v++) CHECK(count[v] > DRAWS / N * 98 / 100 && count[v] < DRAWS / N * 102 / 100);
  uint32_t top = 0; /* a large range is reached to its end */
  for (int i = 0; i < 100000; i++) {
    uint32_t v = random_step(&s, 0xFFFFFFFFu);
    top = v > top ? v : top;
  }
  CHECK(top > 0xFFF00000u && top < 0xFFFFFFFFu);
}

static void test_game_draws(void) {
  carc_engine *e = check_base_engine();
  carc_game_options opt = {2, 77, 0, 0};
  carc_game *g = carc_game_new(e, &opt);
  CHECK(g != NULL);
  if (g) {
    uint64_t s = g->s.rng;
    for (int i = 0; i < 50; i++) CHECK(carc_game_random(g, 1000) == random_step(&s, 1000));
    CHECK(g->s.rng == s);
  }
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  test_known_outputs();
  test_portable_product();
  test_steps_add();
  test_ranges();
  test_game_draws();
  return check_done("random");
}

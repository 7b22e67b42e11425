/* bots.c - two players for testing and benchmarking: random legal play, and
 * greedy play that takes the move worth the most points this turn. Their
 * random choices come from the game's own generator, so a seed fixes a game. */
#include "internal.h"
#include <stdio.h>

#define BOT_CAP 1024

/* The bot's rejection draws before it counts the fits. A count walks the
 * whole frontier: on a crowded board (a map's 26 squares, where a tile fits
 * few pairs) it costs less than drawing on; on a large one (2,000 squares
 * in a game of 10,000 tiles, where one tile in sixteen misses 32 draws) it
 * costs fifty times more. Above LARGE_FRONTIER squares the draws go on
 * about as long as a count would take, one a square. No game of a standard
 * size comes near it (125 squares at most), so theirs are the games of a
 * fixed 32. */
#define DRAW_TRIES 32
#define LARGE_FRONTIER 256
#define BATCH 4 /* draws tested at a time */
_Static_assert(DRAW_TRIES % BATCH == 0, "draws come in whole batches");

/* Rejection draws from generator state *rng for tile `type`: a free square
 * and a rotation until one fits, every legal pair equally likely, as with a
 * full listing at a fraction of its cost. The first fit's frontier index and
 * rotation; false after `tries` misses (a multiple of BATCH). */
static inline bool draw_fit(const carc_game *g, int type, int tries, uint64_t *rng, int *pos, int *rot) {
  const uint32_t *sig = g->e->types[type].sig;
  const fr_sig *fr = g->fr;
  const uint32_t pairs = (uint32_t)g->nfrontier * 4;
  uint64_t state = *rng; /* in a register for the loop */
  /* Four draws at a time, tested without a branch: whether a draw fits is a
   * coin no predictor guesses, whether one of four does is mostly yes. The
   * generator's k-th state is state + k * its increment, so the first fit's
   * state is kept exactly, and the games are those of one draw at a time. */
  for (; tries >= BATCH; tries -= BATCH) {
    uint32_t pick[BATCH], fit = 0;
    uint64_t s = state;
#pragma GCC unroll 4 /* BATCH: the pragma takes no macro */
    for (int k = 0; k < BATCH; k++) {
      pick[k] = random_step(&s, pairs);
      fit |= (uint32_t)fr_fits(fr[pick[k] >> 2], sig[pick[k] & 3]) << k;
    }
    if (fit) {
      const int k = __builtin_ctz(fit);
      *rng = state + (uint64_t)(k + 1) * RANDOM_INCREMENT;
      *pos = (int)(pick[k] >> 2);
      *rot = (int)(pick[k] & 3);
      return true;
    }
    state = s;
  }
  *rng = state;
  return false;
}

/* draw_fit on a frontier of over LARGE_FRONTIER squares: a draw a square.
 * Out of line: no game of a standard size comes here. */
__attribute__((noinline)) static bool draw_fit_large(const carc_game *g, int type, uint64_t *rng, int *pos, int *rot) {
  return draw_fit(g, type, (g->nfrontier + BATCH - 1) / BATCH * BATCH, rng, pos, rot);
}

/* Fits of the four turns of a tile (edge signatures sig[0..3]) over the
 * frontier, per rotation: one pass without a branch. */
static void fits_counts(const fr_sig *fr, int n, const uint32_t *sig, int count[4]) {
  const uint32_t s0 = sig[0], s1 = sig[1], s2 = sig[2], s3 = sig[3];
  int c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  for (int i = 0; i < n; i++) {
    const uint32_t q = fr[i].req, m = fr[i].mask;
    c0 += !((s0 ^ q) & m);
    c1 += !((s1 ^ q) & m);
    c2 += !((s2 ^ q) & m);
    c3 += !((s3 ^ q) & m);
  }
  count[0] = c0, count[1] = c1, count[2] = c2, count[3] = c3;
}

/* After the rejection draws missed (a tile that fits few of a crowded
 * board's pairs, or none): the fits counted, and the one at a random index
 * of carc_game_placements' order (rotation, then frontier) found by
 * counting, with the generator state *rng. False when none fits. Out of
 * line: the draws hit first in most turns. */
__attribute__((noinline)) static bool counted_fit(const carc_game *g, int type, uint64_t *rng, int *pos,
                                                  int *rot) {
  const uint32_t *sig = g->e->types[type].sig;
  const fr_sig *fr = g->fr;
  int count[4];
  fits_counts(fr, g->nfrontier, sig, count);
  const int total = count[0] + count[1] + count[2] + count[3];
  if (total == 0) return false;
  int k = (int)random_step(rng, (uint32_t)total), r = 0;
  while (k >= count[r]) k -= count[r++];
  /* the k-th fit of rotation r, over the whole frontier without a branch:
   * which squares fit is the board's coin */
  const uint32_t s = sig[r];
  int at = 0;
  for (int i = 0, n = g->nfrontier; i < n; i++) {
    const int fits = fr_fits(fr[i], s);
    at = (fits & (k == 0)) ? i : at;
    k -= fits;
  }
  *pos = at;
  *rot = r;
  return true;
}

/* The random bot's placement for tile `type` from generator state *rng:
 * DRAW_TRIES rejection draws (one a square on a large frontier), then the
 * count. Every legal pair is equally likely. False when the tile fits
 * nowhere. */
static inline bool random_fit(const carc_game *g, int type, uint64_t *rng, int *pos, int *rot, int *counted) {
  const bool drawn = __builtin_expect(g->nfrontier > LARGE_FRONTIER, 0) ? draw_fit_large(g, type, rng, pos, rot)
                                                                         : draw_fit(g, type, DRAW_TRIES, rng, pos, rot);
  *counted = !drawn;
  return drawn || counted_fit(g, type, rng, pos, rot);
}

/* Called by the draw in games the random bot plays: the bot's placement
 * for `type`, found now from the generator's state without moving it, and
 * kept (g->ahead) for the bot's next placement. It also answers the draw's
 * question (does the tile fit somewhere?) without a scan of its own: 1 it
 * fits, 0 it fits nowhere, -1 not asked (placement hooks judge each pair,
 * or the board is empty). The games are those the bot would play without
 * it. */
int placement_ahead(carc_game *g, int type) {
  if (!g->random_bot || g->e->nhooks[CARC_HOOK_PLACEMENT] || g->nfrontier == 0) return -1;
  uint64_t rng = g->s.rng;
  int pos = -1, rot = 0;
  int counted;
  const bool fits = random_fit(g, type, &rng, &pos, &rot, &counted);
  g->ahead.rng_from = g->s.rng;
  g->ahead.rng_to = rng;
  g->ahead.drawn = type;
  g->ahead.pos = fits ? pos : -1;
  g->ahead.rot = rot;
  g->ahead.counted = counted;
  g->ahead.valid = 1;
  return fits;
}

/* A uniformly random legal placement (random_fit), the one the draw found
 * when the board and the generator are still those it saw. */
static bool random_placement_fast(carc_game *g, carc_placement_option *o) {
  if (g->e->nhooks[CARC_HOOK_PLACEMENT] || g->nfrontier == 0 || g->drawn < 0) return false;
  uint64_t rng = g->s.rng;
  int pos = -1, rot = 0;
  bool fits;
  if (g->ahead.valid && g->ahead.rng_from == rng && g->ahead.drawn == g->drawn) {
    rng = g->ahead.rng_to;
    pos = g->ahead.pos;
    rot = g->ahead.rot;
    fits = pos >= 0;
  } else {
    int counted;
    fits = random_fit(g, g->drawn, &rng, &pos, &rot, &counted);
  }
  if (!fits) return false; /* the listing says why */
  g->s.rng = rng; /* no txn_touch: a transaction, if one runs, kept the generator at its begin */
  const fr_square *sq = &g->fsq[pos];
  *o = (carc_placement_option){sq->x, sq->y, rot};
  return true;
}

/* The result of a placements_list that failed (below zero). */
static carc_result bot_list_failed(int n) { return n == -1 ? CARC_ERR_MEMORY : CARC_ERR_SCRIPT; }

/* Why the drawn tile has no legal placement: where it fits, the placement
 * hooks (named) refuse it; the draw does not ask them, so it keeps such a
 * tile. Out of line and cold: a game whose hooks leave a square comes here
 * never. */
__attribute__((noinline, cold)) static carc_result no_placement(carc_game *g) {
  const carc_engine *e = g->e;
  const int hooks = e->nhooks[CARC_HOOK_PLACEMENT];
  if (!hooks || !board_can_place_anywhere(g, g->drawn))
    return game_fail(g, CARC_ERR_STATE, "no legal placement for the drawn tile %s", e->types[g->drawn].name);
  char names[256] = "";
  size_t len = 0;
  for (int i = 0; i < hooks && len < sizeof names; i++)
    len += (size_t)snprintf(names + len, sizeof names - len, "%s'%s'", i ? ", " : "",
                            e->hooks[CARC_HOOK_PLACEMENT][i].name);
  return game_fail(g, CARC_ERR_STATE, "no legal placement for the drawn tile %s: it fits the board, and the "
                   "placement hook%s %s refuse%s every square it fits", e->types[g->drawn].name,
                   hooks == 1 ? "" : "s", names, hooks == 1 ? "s" : "");
}

/* The placement from the whole list: with placement hooks, or when no
 * placement fits. Out of line, with its kilobytes of list: most turns never
 * come here. */
__attribute__((noinline)) static carc_result random_place_listed(carc_game *g) {
  carc_placement_option small[BOT_CAP], *opts;
  int held, n = placements_list(g, small, BOT_CAP, &opts, &held);
  if (n < 0) return bot_list_failed(n);
  if (n == 0) {
    placements_free(g, small, opts, held);
    return no_placement(g);
  }
  const carc_placement_option o = opts[game_random(g, (uint32_t)n)];
  placements_free(g, small, opts, held);
  return game_place_listed(g, o.x, o.y, o.rotation);
}

/* An action of a step other than the main one (a conflict's), from the list. */
__attribute__((noinline)) static carc_result random_act_listed(carc_game *g) {
  carc_action acts[BOT_CAP];
  int n = carc_game_actions(g, acts, BOT_CAP);
  if (n > BOT_CAP) n = BOT_CAP;
  if (n == 0) return game_fail(g, CARC_ERR_STATE, "no action available");
  return game_act_listed(g, &acts[game_random(g, (uint32_t)n)]);
}

/* The bot draws its move before the call that plays it begins its
 * transaction: when that call fails, the draw is taken back with it (the
 * game waits where the failed call began, generator included). */
static carc_result random_turn(carc_game *g) {
  carc_placement_option pick;
  carc_result r = CARC_OK;
  g->random_bot = 1;
  if (g->phase == CARC_PHASE_PLACE) {
    const uint64_t before = g->s.rng;
    if (random_placement_fast(g, &pick))
      r = game_place_listed(g, pick.x, pick.y, pick.rotation);
    else
      r = random_place_listed(g);
    if (r != CARC_OK) g->s.rng = before;
  }
  while (r == CARC_OK && g->phase == CARC_PHASE_ACT) {
    const uint64_t before = g->s.rng;
    carc_action one;
    if (g->act_step == STEP_MAIN) { /* drawn as from the list, without writing it */
      game_main_random(g, BOT_CAP, &one);
      r = game_act_listed(g, &one);
    } else if (game_neutral_random(g, BOT_CAP, &one)) { /* a neutral move, drawn the same way */
      r = game_act_listed(g, &one);
    } else {
      r = random_act_listed(g);
    }
    if (r != CARC_OK) g->s.rng = before;
  }
  return r;
}

/* Points the current player gains minus the best gain of an opponent. In
 * 64 bits: scores reach +-CARC_MAX_SCORE, so a gain spans four times that,
 * and the bot scales it by four again. */
static long long gain(const carc_game *before, const carc_game *after, int me) {
  long long mine = (long long)after->s.score[me] - before->s.score[me], theirs = 0;
  for (int p = 0; p < before->players; p++)
    if (p != me && (long long)after->s.score[p] - before->s.score[p] > theirs)
      theirs = (long long)after->s.score[p] - before->s.score[p];
  return mine - theirs;
}

/* A trial copy for the greedy bot: it keeps no records and reports no
 * events (its acts and scorings are the bot's guesses, not the game's). */
static carc_result trial_copy(carc_game *dst, const carc_game *src) {
  carc_result r = game_copy(dst, src);
  dst->keep_records = 0;
  dst->event_fn = NULL;
  return r;
}

/* A trial move's failure that says the rules are broken (a handler or hook
 * failed, a limit or the memory ran out), not that the move is refused: the
 * bot stops there, with the trial's message, rather than pass the move over
 * and play on as if the rule did not exist. */
static bool rules_failed(carc_result r) {
  return r == CARC_ERR_SCRIPT || r == CARC_ERR_LIMIT || r == CARC_ERR_MEMORY;
}
static carc_result trial_failed(carc_game *g, const carc_game *trial, carc_result r) {
  char why[ERR_CAP];
  memcpy(why, trial->err, sizeof why);
  return game_fail(g, r, "%s", why);
}

/* Plays every act step to its end with the best immediate gain. */
static carc_result greedy_act(carc_game *g, carc_game *scratch, int me, long long *value) {
  carc_action acts[BOT_CAP];
  int n = carc_game_actions(g, acts, BOT_CAP);
  if (n > BOT_CAP) n = BOT_CAP;
  int best = -1;
  long long best_value = 0;
  carc_result refused = CARC_OK;
  char why[ERR_CAP];
  why[0] = '\0';
  for (int i = 0; i < n; i++) {
    if (trial_copy(scratch, g) != CARC_OK) return CARC_ERR_MEMORY;
    carc_result r = carc_game_act(scratch, &acts[i]);
    if (rules_failed(r)) return trial_failed(g, scratch, r);
    if (r != CARC_OK) { /* kept: when every act is refused, the reason is the game's */
      refused = r;
      memcpy(why, scratch->err, sizeof why);
      continue;
    }
    long long v = gain(g, scratch, me);
    /* a follower left on the board is worth a little: prefer it to passing */
    if (acts[i].type == CARC_ACT_FIGURE) v = v * 4 + 1;
    else v *= 4;
    if (best < 0 || v > best_value) best_value = v, best = i; /* however much every act loses */
  }
  if (best < 0 && refused != CARC_OK) return game_fail(g, refused, "no playable action: %s", why);
  if (best < 0) return game_fail(g, CARC_ERR_STATE, "no playable action");
  if (value) *value = best_value;
  return carc_game_act(g, &acts[best]);
}

/* One greedy turn. `trial` and `scratch` are games of the same engine whose
 * contents do not matter: each use starts by copying into them. */
static carc_result greedy_turn_with(carc_game *g, carc_game *scratch, carc_game *trial) {
  int me = g->current;
  carc_result r = CARC_OK;
  if (g->phase == CARC_PHASE_PLACE) {
    const uint64_t before = g->s.rng; /* the ties' draws go back with a refused placement */
    carc_placement_option small[BOT_CAP], *opts;
    int held, n = placements_list(g, small, BOT_CAP, &opts, &held);
    if (n < 0) return bot_list_failed(n);
    int best = 0, found = 0; /* none accepted: the first is placed, and says why not */
    long long best_value = 0;
    for (int i = 0; i < n && r == CARC_OK; i++) {
      trial_copy(trial, g);
      carc_result tr = game_place_listed(trial, opts[i].x, opts[i].y, opts[i].rotation);
      if (rules_failed(tr)) r = trial_failed(g, trial, tr);
      if (tr != CARC_OK) continue; /* refused: the next placement */
      long long v = 0;
      while (tr == CARC_OK && trial->phase == CARC_PHASE_ACT) tr = greedy_act(trial, scratch, me, &v);
      if (rules_failed(tr)) r = trial_failed(g, trial, tr);
      if (r != CARC_OK) continue;
      v = gain(g, trial, me) * 4 + (v & 3);
      if (!found || v > best_value || (v == best_value && game_random(g, 2))) best_value = v, best = i, found = 1;
    }
    carc_placement_option pick = n ? opts[best] : (carc_placement_option){0, 0, 0};
    placements_free(g, small, opts, held);
    if (r != CARC_OK) {
      g->s.rng = before;
      return r;
    }
    r = n ? game_place_listed(g, pick.x, pick.y, pick.rotation) : no_placement(g);
    if (r != CARC_OK) g->s.rng = before;
  }
  while (r == CARC_OK && g->phase == CARC_PHASE_ACT) r = greedy_act(g, scratch, me, NULL);
  return r;
}

/* The two scratch games: made on the bot's first turn, kept by the game. */
static bool greedy_scratch(carc_game *g) {
  if (g->bot_scratch && g->bot_trial) return true;
  if (!g->bot_scratch) g->bot_scratch = game_scratch(game_clone(g));
  if (!g->bot_trial) g->bot_trial = game_scratch(game_clone(g));
  if (g->bot_scratch && g->bot_trial) {
    carc_game_keep_records(g->bot_scratch, 0);
    carc_game_keep_records(g->bot_trial, 0);
    return true;
  }
  game_fail(g, CARC_ERR_MEMORY, "out of memory for the greedy bot");
  return false;
}

static carc_result greedy_turn(carc_game *g) {
  if (!greedy_scratch(g)) return CARC_ERR_MEMORY;
  return greedy_turn_with(g, g->bot_scratch, g->bot_trial);
}

carc_result carc_bot_play_turn(carc_game *g, carc_bot bot) {
  if (g->phase == CARC_PHASE_END) return carc_game_final_scoring(g);
  if (g->phase == CARC_PHASE_OVER) return game_fail(g, CARC_ERR_STATE, "the game is over");
  return bot == CARC_BOT_GREEDY ? greedy_turn(g) : random_turn(g);
}

carc_result carc_bot_play_game(carc_game *g, carc_bot bot) {
  carc_result r = CARC_OK;
  while (r == CARC_OK && g->phase != CARC_PHASE_OVER) r = carc_bot_play_turn(g, bot);
  return r;
}

/* moves.c - the API for tools and AI: every legal move as a stable integer
 * and back, an observation of a game for one player (the bag's order
 * hidden), determinization (a seeded resample of the hidden order), and the
 * event callback. Built only on the engine's turn calls, so a move played
 * here is exactly the same as the call it stands for. */
#include "internal.h"
#include <stdlib.h>

#define XY_OFF 512                       /* coordinates -512..511 */
#define ACT_BASE (1 << 22)
#define ACT_FIGURE (ACT_BASE + 1)        /* + figure_type * 16 + segment */
#define ACT_TOKEN (ACT_BASE + 256)       /* + token_type */
#define MOVE_SEGS 3200                   /* segment ids a neutral move's number can name */
#define ACT_NEUTRAL (ACT_BASE + 512)     /* + figure * (MOVE_SEGS + 1) + segment + 1 */
#define MOVE_FINAL (2 << 22)

int carc_move_from_placement(int x, int y, int rotation) {
  if (x < -XY_OFF || x >= XY_OFF || y < -XY_OFF || y >= XY_OFF || rotation < 0 || rotation > 3) return -1;
  return ((x + XY_OFF) << 12) | ((y + XY_OFF) << 2) | rotation;
}

int carc_move_from_action(const carc_action *a) {
  if (!a) return -1;
  switch (a->type) {
  case CARC_ACT_PASS: return ACT_BASE;
  case CARC_ACT_FIGURE:
    if (a->figure_type < 0 || a->figure_type >= MAX_FIGURE_TYPES || a->segment < 0 ||
        a->segment >= CARC_MAX_SEGMENTS_PER_TILE)
      return -1;
    return ACT_FIGURE + a->figure_type * 16 + a->segment;
  case CARC_ACT_TOKEN:
    if (a->token_type < 0 || a->token_type >= MAX_TOKEN_TYPES) return -1;
    return ACT_TOKEN + a->token_type;
  case CARC_ACT_MOVE_NEUTRAL:
    if (a->figure < 0 || a->figure >= MAX_FIGURES || a->segment < -1 || a->segment >= MOVE_SEGS) return -1;
    return ACT_NEUTRAL + a->figure * (MOVE_SEGS + 1) + a->segment + 1;
  }
  return -1;
}

carc_result carc_move_decode(int move, carc_move_info *out) {
  if (!out) return CARC_ERR_ARGUMENT;
  carc_move_info m;
  memset(&m, 0, sizeof m);
  m.action.figure_type = m.action.token_type = m.action.figure = m.action.segment = -1;
  if (move >= 0 && move < ACT_BASE) {
    m.kind = CARC_MOVE_PLACE;
    m.x = (move >> 12) - XY_OFF;
    m.y = ((move >> 2) & 1023) - XY_OFF;
    m.rotation = move & 3;
  } else if (move == ACT_BASE) {
    m.kind = CARC_MOVE_ACT;
    m.action.type = CARC_ACT_PASS;
  } else if (move >= ACT_FIGURE && move < ACT_FIGURE + MAX_FIGURE_TYPES * 16 &&
             (move - ACT_FIGURE) % 16 < CARC_MAX_SEGMENTS_PER_TILE) {
    m.kind = CARC_MOVE_ACT;
    m.action.type = CARC_ACT_FIGURE;
    m.action.figure_type = (move - ACT_FIGURE) / 16;
    m.action.segment = (move - ACT_FIGURE) % 16;
  } else if (move >= ACT_TOKEN && move < ACT_TOKEN + MAX_TOKEN_TYPES) {
    m.kind = CARC_MOVE_ACT;
    m.action.type = CARC_ACT_TOKEN;
    m.action.token_type = move - ACT_TOKEN;
  } else if (move >= ACT_NEUTRAL && move < ACT_NEUTRAL + MAX_FIGURES * (MOVE_SEGS + 1)) {
    m.kind = CARC_MOVE_ACT;
    m.action.type = CARC_ACT_MOVE_NEUTRAL;
    m.action.figure = (move - ACT_NEUTRAL) / (MOVE_SEGS + 1);
    m.action.segment = (move - ACT_NEUTRAL) % (MOVE_SEGS + 1) - 1;
  } else if (move == MOVE_FINAL) {
    m.kind = CARC_MOVE_FINAL;
  } else {
    return CARC_ERR_ARGUMENT;
  }
  *out = m;
  return CARC_OK;
}

int carc_game_moves(const carc_game *g, int *out, int cap) {
  if (!g || cap < 0) return 0;
  switch (g->phase) {
  case CARC_PHASE_PLACE: {
    carc_placement_option small[1024], *opt;
    int held, k = 0;
    /* const: a listing writes only the game's error and the hooks' own state */
    const int n = placements_list((carc_game *)(uintptr_t)g, small, 1024, &opt, &held);
    if (n == -1) return 0; /* no memory */
    if (n < 0) return -1;  /* a placement hook failed */
    for (int i = 0; i < n; i++) {
      int m = carc_move_from_placement(opt[i].x, opt[i].y, opt[i].rotation);
      if (m < 0) continue;
      if (out && k < cap) out[k] = m;
      k++;
    }
    placements_free((carc_game *)(uintptr_t)g, small, opt, held);
    return k;
  }
  case CARC_PHASE_ACT: {
    carc_action small[512], *acts = small;
    int n = carc_game_actions(g, small, 512), k = 0;
    if (n > 512) { /* a board with hundreds of places for a figure: the whole list, from the heap */
      acts = malloc(sizeof *acts * (size_t)n);
      if (!acts) return 0; /* no memory, as for placements */
      n = carc_game_actions(g, acts, n);
    }
    for (int i = 0; i < n; i++) {
      int m = carc_move_from_action(&acts[i]);
      if (m < 0) continue;
      if (out && k < cap) out[k] = m;
      k++;
    }
    if (acts != small) free(acts);
    return k;
  }
  case CARC_PHASE_END:
    if (out && cap > 0) out[0] = MOVE_FINAL;
    return 1;
  default:
    return 0;
  }
}

/* 1 legal, 0 not, -1 no memory, -2 a placement hook failed. */
static int is_legal(const carc_game *g, int move) {
  int n = carc_game_moves(g, NULL, 0);
  if (n < 0) return -2; /* a placement hook failed */
  int *all = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  if (!all) return -1;
  const int again = carc_game_moves(g, all, n); /* a hook may answer this pass otherwise */
  if (again < 0) {
    free(all);
    return -2;
  }
  if (again < n) n = again;
  int found = 0;
  for (int i = 0; i < n && !found; i++) found = all[i] == move;
  free(all);
  return found;
}

carc_result carc_game_play(carc_game *g, int move) {
  if (!g) return CARC_ERR_ARGUMENT;
  carc_move_info m;
  if (carc_move_decode(move, &m) != CARC_OK)
    return game_fail(g, CARC_ERR_ARGUMENT, "move %d is not a move number", move);
  int legal = is_legal(g, move);
  if (legal == -2) return CARC_ERR_SCRIPT; /* the hook's message is the game's error */
  if (legal < 0) return game_fail(g, CARC_ERR_MEMORY, "out of memory");
  if (!legal) {
    if (g->phase == CARC_PHASE_OVER) return game_fail(g, CARC_ERR_STATE, "move %d: the game is over", move);
    return game_fail(g, CARC_ERR_ILLEGAL, "move %d is not legal now (%s)", move,
                     m.kind == CARC_MOVE_PLACE ? "a placement" : m.kind == CARC_MOVE_ACT ? "an action" : "final scoring");
  }
  switch (m.kind) {
  case CARC_MOVE_PLACE: return carc_game_place(g, m.x, m.y, m.rotation);
  case CARC_MOVE_ACT: return carc_game_act(g, &m.action);
  default: return carc_game_final_scoring(g);
  }
}

/* ------------------------------------------------ observation, determinization */

static int cmp_u16(const void *a, const void *b) {
  return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* No message on failure, as carc_game_clone: the call only reads the game,
 * and threads that share the engine may make it at once (the engine's
 * message would be written by several). */
carc_game *carc_game_observe(const carc_game *g, int player) {
  if (!g || player < 0 || player >= g->players) return NULL;
  carc_game *o = carc_game_clone(g);
  if (!o) return NULL;
  /* what is left in the bag, not in which order; the generator that would
   * draw the order is replaced as well */
  qsort(o->bag + o->bag_pos, (size_t)(o->bag_len - o->bag_pos), sizeof o->bag[0], cmp_u16);
  o->s.rng = 0;
  o->opt.seed = 0;     /* the seed fixes the shuffle: it would tell the order */
  o->ahead.valid = 0;  /* the look-ahead holds draws of the hidden generator */
  o->event_fn = NULL;
  o->event_ud = NULL;
  return o;
}

static uint64_t mix(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

carc_result carc_game_determinize(carc_game *g, uint64_t seed) {
  if (!g) return CARC_ERR_ARGUMENT;
  if (!txn_may_begin(g)) return txn_refuse(g); /* the bag and the generator are the game's state */
  uint64_t s = seed ^ 0xD1B54A32D192ED03ull;
  int lo = g->bag_pos, n = g->bag_len - g->bag_pos;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(mix(&s) % (uint64_t)(i + 1));
    uint16_t t = g->bag[lo + i];
    g->bag[lo + i] = g->bag[lo + j];
    g->bag[lo + j] = t;
  }
  g->s.rng = mix(&s);
  return CARC_OK;
}

/* ------------------------------------------------------------------ events */

void carc_game_set_event_callback(carc_game *g, carc_event_fn fn, void *ud) {
  if (!g) return;
  g->event_fn = fn;
  g->event_ud = ud;
}

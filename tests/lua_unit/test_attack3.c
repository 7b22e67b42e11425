/* test_attack3.c - adversarial checks of the fast paths of the placement
 * and the bots against slow recomputation, over seeded games with every
 * expansion, the Mage & Witch alone, and the Maps with and without it:
 *  - open_roots (games with neutral figures): exactly the open roots of
 *    the kinds neutral figures go to have their bit, in the game, its
 *    clones, copies and reloaded saves, and after the random bot's moves;
 *  - last_closed (the plane): after every turn, no feature that is
 *    complete on the board is left unscored, and every open count is
 *    recounted from the board;
 *  - the random bot's draws (game_main_random, game_neutral_random) are
 *    the listed actions at index game_random(min(n, cap)), for two caps;
 *  - a game whose act phase is played by a clone, a copy into a used game
 *    or a reloaded save (taken right after the placement) ends as the game
 *    played straight through does. */
#include "carc_lua.h"
#include "check.h"
#include "internal.h"
#include <stdlib.h>
#include <string.h>

static int bad_total;

/* A segment has its open_roots bit exactly when it is the root of an open
 * feature of a kind that neutral figures go to. */
static int roots_exact(const carc_game *g, const char *where) {
  if (!g->track_roots) return 0;
  int bad = 0;
  for (int s = 0; s < g->nsegs; s++) {
    const seg_state *v = &g->segs[s];
    const bool want = (int)v->parent == s && (g->track_roots >> v->kind & 1) && v->open != 0;
    const bool has = (g->open_roots[s >> 6] >> (s & 63)) & 1;
    if (want != has && bad++ < 3)
      fprintf(stderr, "%s: segment %d (root %u, kind %d, open %d) has open_roots bit %d\n", where, s, v->parent,
              v->kind, v->open, (int)has);
  }
  return bad;
}

/* After a turn ended: no complete feature holding a tile placed after the
 * setup (board index `first` on) is unscored. */
static int unscored(const carc_game *g, int first, const char *where) {
  int bad = 0;
  for (int s = 0; s < g->nsegs; s++) {
    const seg_state *v = &g->segs[s];
    if ((int)v->parent != s || !feature_is_complete(g, s) || (v->flags & SEG_SCORED)) continue;
    int m = s, placed = 0;
    do {
      placed |= (int)g->segs[m].tile >= first;
      m = (int)g->segs[m].next;
    } while (m != s);
    if (placed && bad++ < 3)
      fprintf(stderr, "%s: feature %d (kind %d) is complete and was never scored\n", where, s, v->kind);
  }
  return bad;
}

static int same_action(const carc_action *a, const carc_action *b) {
  return a->type == b->type && a->figure_type == b->figure_type && a->token_type == b->token_type &&
         a->figure == b->figure && a->segment == b->segment;
}

static long draws_checked, neutral_draws;

/* The bot's draw of the step against the list's, with cap `cap`. */
static int draw_matches(const carc_game *g, carc_game *a, carc_game *b, int cap, const char *where) {
  static carc_action acts[2048];
  CHECK_INT(carc_game_copy(a, g), CARC_OK);
  CHECK_INT(carc_game_copy(b, g), CARC_OK);
  int n = carc_game_actions(a, acts, 2048);
  if (n <= 0 || n > 2048) return 0;
  carc_action one;
  if (g->act_step == STEP_MAIN) {
    game_main_random(b, cap, &one);
  } else {
    if (!game_neutral_random(b, cap, &one)) return 0; /* the bot lists them itself */
    neutral_draws++;
  }
  int k = (int)game_random(a, (uint32_t)(n < cap ? n : cap));
  draws_checked++;
  int bad = 0;
  if (!same_action(&acts[k], &one) || a->s.rng != b->s.rng) {
    bad++;
    fprintf(stderr, "%s: cap %d, step %d: listed action %d of %d is (%d,%d,%d,%d,%d), the bot drew (%d,%d,%d,%d,%d)\n",
            where, cap, g->act_step, k, n, acts[k].type, acts[k].figure_type, acts[k].token_type, acts[k].figure,
            acts[k].segment, one.type, one.figure_type, one.token_type, one.figure, one.segment);
  }
  bad += roots_exact(b, where); /* after the bot's moves */
  return bad;
}

/* The first figure a neutral or conflict step moves (its first listed action's). */
static int step_figure(const carc_game *g) {
  carc_action one;
  CHECK(carc_game_actions(g, &one, 1) > 0);
  return one.figure;
}

/* The action the random bot takes in this act step: drawn by its generator,
 * from the list only when it cannot draw without one. */
static carc_action bot_act_step(carc_game *g) {
  carc_action one;
  if (g->act_step == STEP_MAIN) {
    game_main_random(g, 1024, &one);
  } else if (!game_neutral_random(g, 1024, &one)) {
    carc_action acts[1024];
    int na = carc_game_actions(g, acts, 1024);
    one = acts[game_random(g, (uint32_t)(na < 1024 ? na : 1024))];
  }
  return one;
}

static uint64_t lcg(uint64_t *s) {
  *s = *s * 6364136223846793005ull + 1442695040888963407ull;
  return *s >> 33;
}

static carc_game *replace(carc_game *old, carc_game *by) {
  carc_game_free(old);
  return by;
}

/* One game with `seed`; with `hop`, the act phase of most turns is played
 * by a clone, a copy into a used game or a reloaded save. Returns its final
 * save text (malloc'd). */
static long edits;

static char *play(carc_engine *e, int seed, int hop, int greedy, const char *what, int *turns) {
  carc_game_options o = {2 + seed % 4, (uint64_t)seed, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  if (!g) {
    fprintf(stderr, "%s: %s\n", what, carc_engine_error(e));
    CHECK(0);
    return NULL;
  }
  carc_game *used = carc_game_new(e, &o), *a = carc_game_clone(g), *b = carc_game_clone(g);
  for (int i = 0; i < 20 && carc_game_phase(used) == CARC_PHASE_PLACE; i++) carc_bot_play_turn(used, CARC_BOT_RANDOM);
  uint64_t pick = (uint64_t)seed * 7919u + 1;
  static carc_placement_option opts[4096];
  char where[128];
  int turn = 0, bad = 0;
  const int plane = carc_board_printed_tiles(g) == 0 && !e->map;
  const int first = carc_board_tiles(g); /* on a map the setup may close a feature with printed pieces */
  while (!bad && carc_game_phase(g) == CARC_PHASE_PLACE) {
    turn++;
    snprintf(where, sizeof where, "%s seed %d%s turn %d", what, seed, hop ? " (hops)" : "", turn);
    int mode = (int)(lcg(&pick) % 6);
    if (mode == 0) {
      CHECK_INT(carc_bot_play_turn(g, greedy ? CARC_BOT_GREEDY : CARC_BOT_RANDOM), CARC_OK);
    } else if (mode == 5) { /* a scenario edit: a tile put where it fits, then the turn ended */
      int type = (int)(lcg(&pick) % (uint64_t)carc_tile_type_count(e)), put = 0;
      for (int i = g->nfrontier - 1; i >= 0 && !put; i--) {
        const fr_square *c = &g->fsq[i];
        for (int rot = 0; rot < 4 && !put; rot++) {
          if (!board_fits(g, type, c->x, c->y, rot)) continue;
          /* not where the drawn tile would then fit nowhere: the turn could not go on */
          CHECK_INT(carc_game_copy(a, g), CARC_OK);
          if (carc_game_put_tile(a, type, c->x, c->y, rot) != CARC_OK || carc_game_placements(a, opts, 1) == 0) continue;
          CHECK_INT(carc_game_put_tile(g, type, c->x, c->y, rot), CARC_OK);
          put = 1;
        }
      }
      edits += put;
      if (put) {
        bad += roots_exact(g, where);
        CHECK_INT(carc_game_end_turn(g), CARC_OK);
      }
    } else {
      int n = carc_game_placements(g, opts, 4096);
      if (n <= 0) fprintf(stderr, "%s: no placement for %s (phase %d)\n", where, carc_tile_type_name(e, g->drawn), carc_game_phase(g));
      CHECK(n > 0 && n <= 4096);
      if (n <= 0) break;
      int k = (int)(lcg(&pick) % (uint64_t)(n < 4096 ? n : 4096));
      CHECK_INT(carc_game_place(g, opts[k].x, opts[k].y, opts[k].rotation), CARC_OK);
      if (hop && mode == 1) {
        g = replace(g, carc_game_clone(g));
      } else if (hop && mode == 2) {
        CHECK_INT(carc_game_copy(used, g), CARC_OK);
        carc_game *t = used;
        used = g;
        g = t;
      } else if (hop && mode == 3) {
        char *text = check_save_text(g), err[256];
        carc_game *l = carc_game_load(e, text, err, sizeof err);
        if (!l) fprintf(stderr, "%s: load: %s\n", where, err);
        CHECK(l != NULL);
        free(text);
        if (l) g = replace(g, l);
      }
      bad += roots_exact(g, where);
      /* the act phase: each step's draw checked, then the random bot plays it */
      while (!bad && carc_game_phase(g) == CARC_PHASE_ACT) {
        if (g->act_step != STEP_MAIN) { /* moves to no segment of the board: refused, nothing read past it */
          int fig = step_figure(g);
          carc_action far = {CARC_ACT_MOVE_NEUTRAL, g->figs[fig].type, -1, fig, g->nsegs + (1 << 28)};
          CHECK_INT(carc_game_act(g, &far), CARC_ERR_ILLEGAL);
          far.segment = -7;
          CHECK_INT(carc_game_act(g, &far), CARC_ERR_ILLEGAL);
          far.segment = g->nsegs;
          CHECK_INT(carc_game_act(g, &far), CARC_ERR_ILLEGAL);
          CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
        }
        if (lcg(&pick) % 4 == 0 && hop) { /* between steps too: a reloaded save plays on */
          char *text = check_save_text(g), err[256];
          carc_game *l = carc_game_load(e, text, err, sizeof err);
          if (!l) fprintf(stderr, "%s: load in step %d: %s\n", where, g->act_step, err);
          CHECK(l != NULL);
          free(text);
          if (l) g = replace(g, l);
        }
        bad += draw_matches(g, a, b, 1024, where);
        bad += draw_matches(g, a, b, 2, where);
        carc_action acts[1024];
        int na = carc_game_actions(g, acts, 1024);
        CHECK(na > 0);
        if (na <= 0) break;
        if (mode == 4) { /* the list's own pick, not the bot's */
          CHECK_INT(carc_game_act(g, &acts[lcg(&pick) % (uint64_t)(na < 1024 ? na : 1024)]), CARC_OK);
        } else { /* one step as the random bot takes it (its generator, its pruning) */
          carc_action one = bot_act_step(g);
          CHECK_INT(carc_game_act(g, &one), CARC_OK);
        }
      }
    }
    bad += roots_exact(g, where);
    if (carc_game_phase(g) != CARC_PHASE_OVER) bad += unscored(g, first, where);
    if (plane) bad += check_recount_open(g, where);
  }
  bad_total += bad;
  CHECK_INT(bad, 0);
  if (carc_game_phase(g) == CARC_PHASE_END) CHECK_INT(carc_game_final_scoring(g), CARC_OK);
  CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
  char *text = check_save_text(g);
  *turns += turn;
  carc_game_free(g);
  carc_game_free(used);
  carc_game_free(a);
  carc_game_free(b);
  return text;
}

static void run(const char *what, const char *ruleset, int seeds, int want_track) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  carc_result r = carc_lua_load_ruleset(cl, ruleset);
  if (r != CARC_OK) fprintf(stderr, "%s: %s\n", what, carc_lua_error(cl));
  CHECK_INT(r, CARC_OK);
  int turns = 0;
  for (int seed = 1; r == CARC_OK && seed <= seeds; seed++) {
    carc_game_options o = {2, 1, 0, 0};
    carc_game *probe = carc_game_new(e, &o);
    CHECK(probe != NULL);
    if (probe) CHECK_INT((int)probe->track_roots, want_track);
    carc_game_free(probe);
    int greedy = seed == 2; /* its trial games copied from the game at each placement */
    char *straight = play(e, seed, 0, greedy, what, &turns), *hops = play(e, seed, 1, greedy, what, &turns);
    CHECK(straight && hops && strcmp(straight, hops) == 0);
    free(straight);
    free(hops);
  }
  CHECK(turns > seeds * 2 * 40);
  carc_lua_free(cl);
  carc_engine_free(e);
}

/* A board of 8,000 tiles, most with a magic gate: the storage grows many
 * times under open_roots; checked every 50 turns and at every neutral step,
 * and a clone half way plays on to the same end. */
static void big_game(int scale) {
  carc_engine *e = check_base_engine();
  carc_lua *cl = carc_lua_new(e, 0);
  CHECK_INT(carc_lua_load_ruleset(cl, CARC_SOURCE_DIR "/tests/perf/only_mage_witch.lua"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "G_ROAD", 3000 / scale, "road:E,W field:N,El,Wr field:Er,S,Wl @gate"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "G_CITY", 2000 / scale, "city:N,E+arms field:S,W @gate"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "G_CROSS", 1500 / scale, "city:N road:E road:S road:W field:El,Wr field:Er,Sl field:Sr,Wl"), CARC_OK);
  CHECK_INT(carc_tile_define(e, "big", "G_MON", 1400 / scale, "monastery road:S field:N,E,Sl,Sr,W @gate"), CARC_OK);
  carc_game_options o = {3, 5, 0, 0};
  carc_game *g = carc_game_new(e, &o), *half = NULL, *a = carc_game_clone(g), *b = carc_game_clone(g);
  CHECK(g && g->track_roots);
  int turn = 0, bad = 0, grew = 0, cap = g ? g->cap_segs : 0;
  char where[64];
  while (g && !bad && carc_game_phase(g) == CARC_PHASE_PLACE) {
    snprintf(where, sizeof where, "big turn %d", ++turn);
    carc_placement_option opt;
    CHECK(carc_game_placements(g, &opt, 1) > 0);
    CHECK_INT(carc_game_place(g, opt.x, opt.y, opt.rotation), CARC_OK); /* a compact board: features close */
    while (!bad && carc_game_phase(g) == CARC_PHASE_ACT) {
      if (g->act_step != STEP_MAIN) bad += draw_matches(g, a, b, 1024, where);
      carc_action one = bot_act_step(g);
      CHECK_INT(carc_game_act(g, &one), CARC_OK);
    }
    if (turn % 50 == 0) bad += roots_exact(g, where) + unscored(g, 1, where) + check_recount_open(g, where);
    if (g->cap_segs != cap) grew++, cap = g->cap_segs;
    if (turn == 4000 / scale) half = carc_game_clone(g);
  }
  CHECK_INT(bad, 0);
  bad_total += bad;
  CHECK(turn > 7800 / scale);
  CHECK(half != NULL);
  if (g && half) {
    while (carc_game_phase(half) == CARC_PHASE_PLACE) {
      carc_placement_option opt;
      carc_game_placements(half, &opt, 1);
      CHECK_INT(carc_game_place(half, opt.x, opt.y, opt.rotation), CARC_OK);
      while (carc_game_phase(half) == CARC_PHASE_ACT) {
        carc_action one = bot_act_step(half);
        carc_result ar = carc_game_act(half, &one);
        if (ar != CARC_OK) fprintf(stderr, "half: %s (step %d)\n", carc_game_error(half), half->act_step);
        CHECK_INT(ar, CARC_OK);
        if (ar != CARC_OK) break;
      }
    }
    CHECK_INT(roots_exact(half, "big clone") + unscored(half, 1, "big clone"), 0);
    CHECK(check_same_save(g, half));
  }
  carc_game_free(half);
  carc_game_free(a);
  carc_game_free(b);
  carc_game_free(g);
  carc_lua_free(cl);
  carc_engine_free(e);
}

int main(void) {
  /* under the sanitizers (the build sets CARC_ROUNDTRIP_GAMES): a quarter */
  const int scale = getenv("CARC_ROUNDTRIP_GAMES") ? 4 : 1;
  const int roads_cities = 1 << CARC_ROAD | 1 << CARC_CITY; /* where the Mage and the Witch go */
  run("default", CARC_SOURCE_DIR "/expansions/default.lua", 12 / scale, roads_cities);
  run("mage_witch", CARC_SOURCE_DIR "/tests/perf/only_mage_witch.lua", 16 / scale, roads_cities);
  run("maps+mage_witch", CARC_SOURCE_DIR "/tests/lua_unit/rules/maps_mage_witch.lua", 12 / scale, roads_cities);
  run("veldmark", CARC_SOURCE_DIR "/expansions/maps/veldmark.lua", 8 / scale, 0);
  big_game(scale);
  fprintf(stderr, "test_attack3: %ld scenario edits\n", edits);
  CHECK(edits > 200 / scale);
  fprintf(stderr, "test_attack3: %ld draws checked (%ld neutral)\n", draws_checked, neutral_draws);
  CHECK(draws_checked > 10000 / scale);
  CHECK(neutral_draws > 1000 / scale);
  CHECK_INT(bad_total, 0);
  return check_done("test_attack3");
}

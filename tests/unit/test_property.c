/* test_property.c - properties over many random games.
 *
 * After every turn of 300 random games (2-5 players), every feature's open
 * port count and distinct tile count must equal a recount from scratch: a
 * flood fill over the board's ports that never looks at the engine's
 * union-find. Also: no player has more than 7 followers out, every tile of the
 * bag ends placed or set aside, equal seeds give equal games, and a clone
 * plays on exactly like its original. */
#include "check.h"
#include <stdlib.h>
#include <string.h>

#define SEGCAP 4096

static carc_engine *E;
static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};

static int opposite(int p) { return ((p / 3 + 2) % 4) * 3 + (2 - p % 3); }

typedef struct recount {
  int comp[SEGCAP];   /* component per segment id, -1 unvisited */
  int open[SEGCAP];   /* per component */
  int tiles[SEGCAP];  /* per component */
  int size[SEGCAP];   /* per component */
  int first[SEGCAP];  /* a member of each component */
  int kind[SEGCAP];
  int ncomp;
  int stack[SEGCAP];
  int tile_seen[512];
} recount;

static int seg_kind(carc_game *g, int sid) {
  int t = carc_segment_tile(g, sid);
  return carc_segment_kind(E, carc_board_tile_type(g, t), carc_segment_index(g, sid));
}

/* Flood fill of the segment graph: segments touch when their ports meet
 * across an edge between two placed tiles. */
static int do_recount(carc_game *g, recount *rc, int *nsegs_out) {
  int ntiles = carc_board_tiles(g), nsegs = 0, bad = 0;
  for (int t = 0; t < ntiles; t++) nsegs += carc_tile_type_segments(E, carc_board_tile_type(g, t));
  *nsegs_out = nsegs;
  if (nsegs > SEGCAP || ntiles > 512) return 1;
  for (int s = 0; s < nsegs; s++) rc->comp[s] = -1;
  rc->ncomp = 0;
  for (int t = 0; t < ntiles; t++) {
    int type = carc_board_tile_type(g, t);
    for (int i = 0; i < carc_tile_type_segments(E, type); i++) {
      int start = carc_board_segment_id(g, t, i);
      if (start < 0 || start >= nsegs) return 1;
      if (rc->comp[start] >= 0) continue;
      int c = rc->ncomp++, sp = 0;
      rc->open[c] = rc->tiles[c] = rc->size[c] = 0;
      rc->first[c] = start;
      rc->kind[c] = seg_kind(g, start);
      memset(rc->tile_seen, 0, sizeof rc->tile_seen);
      rc->comp[start] = c;
      rc->stack[sp++] = start;
      while (sp) {
        int s = rc->stack[--sp];
        int st = carc_segment_tile(g, s);
        rc->size[c]++;
        if (!rc->tile_seen[st]) rc->tile_seen[st] = 1, rc->tiles[c]++;
        unsigned ports = carc_board_segment_ports(g, s);
        if (ports == 0) { /* monastery-like: open = free squares of the eight around */
          int x = carc_board_tile_x(g, st), y = carc_board_tile_y(g, st);
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
              if ((dx || dy) && carc_board_tile_at(g, x + dx, y + dy) < 0) rc->open[c]++;
          continue;
        }
        for (int p = 0; p < 12; p++) {
          if (!(ports & (1u << p))) continue;
          int d = p / 3;
          int nt = carc_board_tile_at(g, carc_board_tile_x(g, st) + DX[d], carc_board_tile_y(g, st) + DY[d]);
          if (nt < 0) {
            rc->open[c]++;
            continue;
          }
          int ns = carc_board_segment_id(g, nt, carc_board_segment_at_port(g, nt, opposite(p)));
          if (ns < 0 || ns >= nsegs) return 1;
          if (seg_kind(g, ns) != rc->kind[c]) bad = 1; /* edges must match */
          if (rc->comp[ns] < 0) {
            rc->comp[ns] = c;
            rc->stack[sp++] = ns;
          }
        }
      }
    }
  }
  return bad;
}

static int feats[SEGCAP];
static recount RC;

/* Compares the engine's features with the recount; returns 0 if all agree. */
static int check_features(carc_game *g, uint64_t seed) {
  int nsegs, before = check_failures;
  if (do_recount(g, &RC, &nsegs)) {
    fprintf(stderr, "seed %llu turn %d: board graph broken (mismatched edge or bad ids)\n",
            (unsigned long long)seed, carc_game_turn(g));
    check_failures++;
    return 1;
  }
  int nf = carc_game_features(g, -1, feats, SEGCAP);
  CHECK_INT(nf, RC.ncomp);
  /* each component is one feature, and different components differ */
  static int root_comp[SEGCAP];
  for (int s = 0; s < nsegs; s++) root_comp[s] = -1;
  for (int s = 0; s < nsegs; s++) {
    int r = carc_feature_root(g, s);
    if (r < 0 || r >= nsegs) {
      CHECK(0);
      continue;
    }
    if (root_comp[r] < 0) root_comp[r] = RC.comp[s];
    else if (root_comp[r] != RC.comp[s]) {
      fprintf(stderr, "seed %llu turn %d: segment %d is in feature %d with segments of another component\n",
              (unsigned long long)seed, carc_game_turn(g), s, r);
      check_failures++;
    }
  }
  static int comp_root[SEGCAP];
  for (int c = 0; c < RC.ncomp; c++) comp_root[c] = -1;
  for (int s = 0; s < nsegs; s++) {
    int c = RC.comp[s], r = carc_feature_root(g, s);
    if (comp_root[c] < 0) comp_root[c] = r;
    else if (comp_root[c] != r) {
      fprintf(stderr, "seed %llu turn %d: component %d spans features %d and %d\n",
              (unsigned long long)seed, carc_game_turn(g), c, comp_root[c], r);
      check_failures++;
    }
  }
  for (int c = 0; c < RC.ncomp; c++) {
    int s = RC.first[c];
    int open = carc_feature_open(g, s), tiles = carc_feature_tiles(g, s);
    int members = carc_feature_members(g, s, NULL, 0);
    if (open != RC.open[c] || tiles != RC.tiles[c] || members != RC.size[c] ||
        carc_feature_kind(g, s) != RC.kind[c]) {
      int t = carc_segment_tile(g, s);
      fprintf(stderr,
              "seed %llu turn %d: feature of segment %d (%s, tile %s at (%d,%d) rot %d seg %d): "
              "open %d tiles %d members %d, recount open %d tiles %d members %d\n",
              (unsigned long long)seed, carc_game_turn(g), s, carc_kind_name(E, RC.kind[c]),
              carc_tile_type_name(E, carc_board_tile_type(g, t)), carc_board_tile_x(g, t),
              carc_board_tile_y(g, t), carc_board_tile_rotation(g, t), carc_segment_index(g, s),
              open, tiles, members, RC.open[c], RC.tiles[c], RC.size[c]);
      check_failures++;
    }
    int k = RC.kind[c];
    if (k != CARC_FIELD && k != CARC_WATER) CHECK_INT(carc_feature_complete(g, s), RC.open[c] == 0);
    else CHECK_INT(carc_feature_complete(g, s), 0);
  }
  return check_failures != before;
}

static int check_figures(carc_game *g, uint64_t seed) {
  int before = check_failures;
  for (int p = 0; p < carc_game_players(g); p++) {
    int out = 0;
    for (int i = 0; i < carc_game_figures(g); i++)
      out += carc_figure_owner(g, i) == p && carc_figure_type(g, i) == 0 && carc_figure_segment(g, i) >= 0;
    if (out > 7) {
      fprintf(stderr, "seed %llu turn %d: player %d has %d followers out\n", (unsigned long long)seed,
              carc_game_turn(g), p, out);
      check_failures++;
    }
    CHECK_INT(out + carc_game_supply(g, p, 0), 7);
  }
  /* a follower placed on a feature that is complete and scored must be home */
  for (int i = 0; i < carc_game_figures(g); i++) {
    int s = carc_figure_segment(g, i);
    if (s < 0) continue;
    int k = carc_feature_kind(g, s);
    if (k != CARC_FIELD && carc_game_phase(g) != CARC_PHASE_OVER && carc_game_phase(g) != CARC_PHASE_ACT)
      CHECK(!carc_feature_complete(g, s));
  }
  return check_failures != before;
}

static void test_random_games(void) {
  int games = 0, turns = 0;
  for (uint64_t seed = 1; seed <= 300; seed++) {
    carc_game_options o = {2 + (int)(seed % 4), seed * 7919u, 0, 0};
    carc_game *g = carc_game_new(E, &o);
    CHECK(g != NULL);
    if (!g) continue;
    int failed = check_features(g, seed) || check_figures(g, seed);
    int prev[CARC_MAX_PLAYERS] = {0};
    for (int guard = 0; carc_game_phase(g) != CARC_PHASE_OVER && guard < 200 && !failed; guard++) {
      carc_result r = carc_bot_play_turn(g, CARC_BOT_RANDOM);
      if (r != CARC_OK) {
        fprintf(stderr, "seed %llu: bot failed: %s\n", (unsigned long long)seed, carc_game_error(g));
        check_failures++;
        break;
      }
      turns++;
      failed = check_features(g, seed) || check_figures(g, seed);
      for (int p = 0; p < o.players; p++) {
        CHECK(carc_game_score(g, p) >= prev[p]); /* scores never go down */
        prev[p] = carc_game_score(g, p);
      }
    }
    CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
    CHECK_INT(carc_board_tiles(g) + carc_game_set_aside(g), 72);
    CHECK_INT(carc_game_bag_left(g), 0);
    games++;
    carc_game_free(g);
  }
  printf("random games: %d games, %d turns checked\n", games, turns);
}

static char *log_of(const carc_game *g) {
  size_t n = carc_game_log(g, NULL, 0);
  char *buf = malloc(n + 1);
  carc_game_log(g, buf, n + 1);
  return buf;
}

static void same_game(carc_game *a, carc_game *b, const char *what, uint64_t seed) {
  int before = check_failures;
  CHECK_INT(carc_game_players(a), carc_game_players(b));
  for (int p = 0; p < carc_game_players(a); p++) CHECK_INT(carc_game_score(a, p), carc_game_score(b, p));
  CHECK_INT(carc_board_tiles(a), carc_board_tiles(b));
  char *la = log_of(a), *lb = log_of(b);
  CHECK(strlen(la) > 0);
  CHECK(strcmp(la, lb) == 0);
  free(la);
  free(lb);
  if (check_failures != before) fprintf(stderr, "  ... %s, seed %llu\n", what, (unsigned long long)seed);
}

static void test_determinism(void) {
  for (uint64_t seed = 1; seed <= 20; seed++) {
    carc_game_options o = {2 + (int)(seed % 4), seed, 0, 0};
    carc_game *a = carc_game_new(E, &o), *b = carc_game_new(E, &o);
    CHECK_INT(carc_bot_play_game(a, CARC_BOT_RANDOM), CARC_OK);
    CHECK_INT(carc_bot_play_game(b, CARC_BOT_RANDOM), CARC_OK);
    same_game(a, b, "same seed, random bot", seed);
    carc_game_free(a);
    carc_game_free(b);
  }
  /* the greedy bot tries moves on copies of the game: same seed, same game */
  for (uint64_t seed = 1; seed <= 3; seed++) {
    carc_game_options o = {2, seed, 0, 0};
    carc_game *a = carc_game_new(E, &o), *b = carc_game_new(E, &o);
    CHECK_INT(carc_bot_play_game(a, CARC_BOT_GREEDY), CARC_OK);
    CHECK_INT(carc_bot_play_game(b, CARC_BOT_GREEDY), CARC_OK);
    same_game(a, b, "same seed, greedy bot", seed);
    carc_game_free(a);
    carc_game_free(b);
  }
}

static void test_clone(void) {
  for (uint64_t seed = 1; seed <= 20; seed++) {
    carc_game_options o = {2 + (int)(seed % 4), seed * 31u, 0, 0};
    carc_game *a = carc_game_new(E, &o);
    int stop = 5 + (int)(seed * 3 % 50);
    while (carc_game_turn(a) < stop && carc_game_phase(a) != CARC_PHASE_OVER)
      CHECK_INT(carc_bot_play_turn(a, CARC_BOT_RANDOM), CARC_OK);
    carc_game *b = carc_game_clone(a);
    CHECK(b != NULL);
    if (!b) {
      carc_game_free(a);
      continue;
    }
    /* the clone is the same game right now */
    CHECK_INT(carc_game_turn(b), carc_game_turn(a));
    CHECK_INT(carc_game_bag_left(b), carc_game_bag_left(a));
    CHECK_INT(carc_game_drawn_tile(b), carc_game_drawn_tile(a));
    CHECK_INT(carc_game_figures(b), carc_game_figures(a));
    CHECK_INT(carc_game_features(b, -1, NULL, 0), carc_game_features(a, -1, NULL, 0));
    for (int p = 0; p < o.players; p++) CHECK_INT(carc_game_supply(b, p, 0), carc_game_supply(a, p, 0));
    same_game(a, b, "clone at once", seed);
    /* carc_game_copy over an existing game that has played a few turns */
    carc_game_options other = {2, seed + 1000, 0, 0};
    carc_game *c = carc_game_new(E, &other);
    for (int k = 0; k < 10; k++) CHECK_INT(carc_bot_play_turn(c, CARC_BOT_RANDOM), CARC_OK);
    CHECK_INT(carc_game_copy(c, a), CARC_OK);
    CHECK_INT(carc_game_players(c), o.players);
    same_game(a, c, "copied over another game", seed);
    CHECK_INT(carc_bot_play_game(a, CARC_BOT_RANDOM), CARC_OK);
    CHECK_INT(carc_bot_play_game(b, CARC_BOT_RANDOM), CARC_OK);
    CHECK_INT(carc_bot_play_game(c, CARC_BOT_RANDOM), CARC_OK);
    same_game(a, b, "clone played on", seed);
    same_game(a, c, "copy played on", seed);
    carc_game_free(a);
    carc_game_free(b);
    carc_game_free(c);
  }
}

int main(void) {
  E = check_base_engine();
  test_random_games();
  test_determinism();
  test_clone();
  carc_engine_free(E);
  return check_done("test_property");
}

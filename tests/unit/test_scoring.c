/* test_scoring.c - base game scoring worked out by hand on scenario boards.
 *
 * Scenario games have an empty bag: the start tile D lies at (0,0) (city N,
 * road E-W, field S); tiles are put with carc_game_put_tile and followers with
 * carc_game_put_figure(player, 0 = follower, board tile, segment index).
 * carc_game_end_turn scores what is complete; carc_game_final_scoring the rest.
 * D's segments: 0 city N, 1 road E-W, 2 field north of the road, 3 field south. */
#include "check.h"
#include <string.h>

static carc_engine *E;

static int put(carc_game *g, const char *type, int x, int y, int rot) {
  carc_result r = carc_game_put_tile(g, check_type(E, type), x, y, rot);
  if (r != CARC_OK)
    fprintf(stderr, "put %s at (%d,%d) rot %d: %s\n", type, x, y, rot, carc_game_error(g));
  CHECK_INT(r, CARC_OK);
  return carc_board_tile_at(g, x, y);
}

static void fig(carc_game *g, int player, int tile, int seg) {
  carc_result r = carc_game_put_figure(g, player, 0, tile, seg);
  if (r != CARC_OK) fprintf(stderr, "figure on tile %d seg %d: %s\n", tile, seg, carc_game_error(g));
  CHECK_INT(r, CARC_OK);
}

/* Followers of `player` on the board. */
static int out(carc_game *g, int player) {
  int n = 0;
  for (int i = 0; i < carc_game_figures(g); i++)
    n += carc_figure_owner(g, i) == player && carc_figure_segment(g, i) >= 0;
  return n;
}

/* Road: A (monastery with a road ending south) closes D's road at both ends:
 * A rot 3 at (-1,0) has its road east, A rot 1 at (1,0) has it west.
 * 3 tiles = 3 points. */
static void test_road(void) {
  carc_game *g = check_scenario(E, 2);
  fig(g, 0, 0, 1);
  CHECK_INT(out(g, 0), 1);
  CHECK_INT(carc_game_supply(g, 0, 0), 6);
  put(g, "A", -1, 0, 3);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 0); /* still open at the east end */
  CHECK_INT(out(g, 0), 1);
  put(g, "A", 1, 0, 1);
  CHECK(carc_feature_complete(g, carc_board_segment_id(g, 0, 1)));
  CHECK_INT(carc_feature_tiles(g, carc_board_segment_id(g, 0, 1)), 3);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 3);
  CHECK_INT(carc_game_score(g, 1), 0);
  /* the follower came home */
  CHECK_INT(out(g, 0), 0);
  CHECK_INT(carc_game_supply(g, 0, 0), 7);
  /* a feature is scored once: another end of turn adds nothing */
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 3);
  CHECK_INT(carc_game_final_scoring(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 3);
  carc_game_free(g);

  /* the same road left open scores 1 per tile at the end: 2 */
  g = check_scenario(E, 2);
  fig(g, 1, 0, 1);
  put(g, "A", -1, 0, 3);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_final_scoring(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 1), 2);
  CHECK_INT(carc_game_score(g, 0), 0);
  carc_game_free(g);
}

/* The 2x2 ring of corner cities south of D (M carries the coat of arms):
 *   (0,1) M rot 2: city S+E    (1,1) N rot 3: city W+S
 *   (0,2) N rot 1: city N+E    (1,2) N rot 0: city N+W
 * 4 tiles * 2 + 1 arms * 2 = 10. */
static void test_city_complete(void) {
  carc_game *g = check_scenario(E, 3);
  int tl = put(g, "M", 0, 1, 2);
  fig(g, 2, tl, 0);
  put(g, "N", 1, 1, 3);
  put(g, "N", 0, 2, 1);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 2), 0);
  put(g, "N", 1, 2, 0);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 2), 10);
  CHECK_INT(carc_game_score(g, 0), 0);
  CHECK_INT(carc_game_score(g, 1), 0);
  CHECK_INT(carc_game_supply(g, 2, 0), 7);
  /* the record says so too */
  CHECK_INT(carc_game_scorings(g), 1);
  carc_scoring_info info;
  CHECK_INT(carc_game_scoring(g, 0, &info), CARC_OK);
  CHECK_INT(info.kind, CARC_CITY);
  CHECK_INT(info.reason, CARC_COMPLETED);
  CHECK_INT(info.total, 10);
  CHECK_INT(info.award[2], 10);
  carc_game_free(g);
}

/* Four city tiles with one coat of arms, one side still open:
 *   (0,1) M rot 2: city S+E   (1,1) N rot 3: city W+S
 *   (1,2) G rot 0: city N-S (south side open)
 *   (0,2) E rot 0: city N (closes M's south side; its east field meets G's west field)
 * Final scoring: 4 tiles * 1 + 1 arms * 1 = 5. */
static void test_city_incomplete(void) {
  carc_game *g = check_scenario(E, 2);
  int tl = put(g, "M", 0, 1, 2);
  fig(g, 0, tl, 0);
  put(g, "N", 1, 1, 3);
  put(g, "G", 1, 2, 0);
  put(g, "E", 0, 2, 0);
  int c = carc_board_segment_id(g, tl, 0);
  CHECK_INT(carc_feature_tiles(g, c), 4);
  CHECK_INT(carc_feature_open(g, c), 3);
  CHECK_INT(carc_feature_symbols(g, c), 1);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 0);
  CHECK_INT(carc_game_final_scoring(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 5);
  CHECK_INT(carc_game_score(g, 1), 0);
  CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
  CHECK_INT(carc_game_final_scoring(g), CARC_ERR_STATE);
  CHECK_INT(carc_game_score(g, 0), 5);
  carc_game_free(g);
}

/* Monastery B at (0,1) with its eight neighbours:
 *   (-1,0) A rot 3 (road east, meets D's road)   (1,0) A rot 1 (road west)
 *   (-1,1) (1,1) (-1,2) (0,2) (1,2) B
 * 9 tiles = 9 points. */
static void test_monastery(void) {
  carc_game *g = check_scenario(E, 2);
  int m = put(g, "B", 0, 1, 0);
  fig(g, 1, m, 0);
  CHECK_INT(carc_feature_open(g, carc_board_segment_id(g, m, 0)), 7); /* D is a neighbour */
  put(g, "A", -1, 0, 3);
  put(g, "A", 1, 0, 1);
  put(g, "B", -1, 1, 0);
  put(g, "B", 1, 1, 0);
  put(g, "B", -1, 2, 0);
  put(g, "B", 0, 2, 0);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 1), 0);
  CHECK_INT(carc_feature_open(g, carc_board_segment_id(g, m, 0)), 1);
  /* incomplete at this point it would score 8 at the end */
  carc_game *c = carc_game_clone(g);
  CHECK(c != NULL);
  if (c) {
    CHECK_INT(carc_game_final_scoring(c), CARC_OK);
    CHECK_INT(carc_game_score(c, 1), 8);
    carc_game_free(c);
  }
  put(g, "B", 1, 2, 0);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 1), 9);
  CHECK_INT(carc_game_score(g, 0), 0);
  CHECK_INT(carc_game_supply(g, 1, 0), 7);
  carc_game_free(g);
}

/* Farm: D's field north of its road (segment 2) reaches the north fields of
 * D rot 0 at (-1,0) and D rot 0 at (1,0) (road meets road, El meets Wr).
 * It touches the three D cities. E rot 2 (city S) at (0,-1) and at (1,-1)
 * closes two of them; the city of (-1,0) stays open.
 * Farmer: 2 completed cities * 3 = 6, and he stays on the board. */
static void test_farm(void) {
  carc_game *g = check_scenario(E, 2);
  put(g, "D", -1, 0, 0);
  put(g, "D", 1, 0, 0);
  fig(g, 0, 0, 2);
  int f = carc_board_segment_id(g, 0, 2);
  CHECK_INT(carc_feature_kind(g, f), CARC_FIELD);
  CHECK_INT(carc_feature_tiles(g, f), 3);
  put(g, "E", 0, -1, 2);
  put(g, "E", 1, -1, 2);
  CHECK(carc_feature_complete(g, carc_board_segment_id(g, 0, 0)));
  CHECK(carc_feature_complete(g, carc_board_segment_id(g, carc_board_tile_at(g, 1, 0), 0)));
  CHECK(!carc_feature_complete(g, carc_board_segment_id(g, carc_board_tile_at(g, -1, 0), 0)));
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 0); /* nobody in the cities */
  CHECK_INT(out(g, 0), 1);                /* the farmer stays */
  CHECK_INT(carc_game_final_scoring(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 6);
  CHECK_INT(carc_game_score(g, 1), 0);
  CHECK_INT(out(g, 0), 1);
  carc_game_free(g);

  /* The south field (segment 3 of D) touches no city: worth 0. A farmer of
   * player 1 there and one of player 0 north: only player 0 scores. */
  g = check_scenario(E, 2);
  put(g, "E", 0, -1, 2);
  fig(g, 0, 0, 2);
  fig(g, 1, 0, 3);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_final_scoring(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 3);
  CHECK_INT(carc_game_score(g, 1), 0);
  carc_game_free(g);
}

/* Two D cities joined from above: (0,-1) N rot 2 (city S+E), (1,-1) N rot 3
 * (city W+S), over D at (0,0) and D at (1,0). One follower each of players 0
 * and 1: a tie, both get 4 tiles * 2 = 8. */
static void test_tie(void) {
  carc_game *g = check_scenario(E, 3);
  int d2 = put(g, "D", 1, 0, 0);
  fig(g, 0, 0, 0);
  fig(g, 1, d2, 0);
  put(g, "N", 0, -1, 2);
  put(g, "N", 1, -1, 3);
  CHECK(carc_feature_complete(g, carc_board_segment_id(g, 0, 0)));
  CHECK_INT(carc_feature_tiles(g, carc_board_segment_id(g, 0, 0)), 4);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 8);
  CHECK_INT(carc_game_score(g, 1), 8);
  CHECK_INT(carc_game_score(g, 2), 0);
  CHECK_INT(out(g, 0), 0);
  CHECK_INT(out(g, 1), 0);
  carc_game_free(g);
}

/* Three D cities in a row, joined by N rot 2 at (-1,-1), R rot 2 (city
 * S+W+E) at (0,-1) and N rot 3 at (1,-1): 6 tiles, 12 points. Player 0 has
 * followers on the two outer cities, player 1 on the middle one. */
static void test_majority(void) {
  carc_game *g = check_scenario(E, 2);
  int left = put(g, "D", -1, 0, 0);
  int right = put(g, "D", 1, 0, 0);
  fig(g, 0, left, 0);
  fig(g, 0, right, 0);
  fig(g, 1, 0, 0);
  put(g, "N", -1, -1, 2);
  put(g, "N", 1, -1, 3);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 0);
  put(g, "R", 0, -1, 2);
  int c = carc_board_segment_id(g, 0, 0);
  CHECK(carc_feature_complete(g, c));
  CHECK_INT(carc_feature_tiles(g, c), 6);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 12);
  CHECK_INT(carc_game_score(g, 1), 0);
  /* every follower on the city comes home, the loser's too */
  CHECK_INT(out(g, 0), 0);
  CHECK_INT(out(g, 1), 0);
  CHECK_INT(carc_game_supply(g, 0, 0), 7);
  CHECK_INT(carc_game_supply(g, 1, 0), 7);
  carc_game_free(g);
}

/* carc_game_put_figure refuses an occupied feature. */
static void test_put_occupied(void) {
  carc_game *g = check_scenario(E, 2);
  int d2 = put(g, "D", 1, 0, 0);
  fig(g, 0, 0, 1); /* D's road, which now runs through (1,0) too */
  CHECK_INT(carc_game_put_figure(g, 1, 0, d2, 1), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "already occupied");
  CHECK_INT(out(g, 1), 0);
  CHECK_INT(carc_game_put_figure(g, 1, 0, d2, 0), CARC_OK); /* its own city is free */
  carc_game_free(g);
}

/* carc_game_act in a real game: a follower on a feature that already holds
 * one is refused with CARC_ERR_ILLEGAL and nothing changes. Player 0's
 * follower is put on D's city; we look for a seed whose first drawn tile can
 * go north of D with its city facing D's city. */
static void test_act_occupied(void) {
  int tested = 0;
  for (uint64_t seed = 1; seed < 500 && !tested; seed++) {
    carc_game_options o = {2, seed, 0, 0};
    carc_game *g = carc_game_new(E, &o);
    CHECK_INT(carc_game_put_figure(g, 0, 0, 0, 0), CARC_OK);
    carc_placement_option opts[256];
    int n = carc_game_placements(g, opts, 256), pick = -1;
    for (int i = 0; i < n && i < 256; i++)
      if (opts[i].x == 0 && opts[i].y == -1) pick = i;
    if (pick < 0) {
      carc_game_free(g);
      continue;
    }
    CHECK_INT(carc_game_place(g, 0, -1, opts[pick].rotation), CARC_OK);
    int t = carc_board_tile_at(g, 0, -1);
    int s = carc_board_segment_at_port(g, t, 7); /* the south middle port: city */
    CHECK_INT(carc_feature_kind(g, carc_board_segment_id(g, t, s)), CARC_CITY);
    CHECK_INT(carc_feature_root(g, carc_board_segment_id(g, t, s)),
              carc_feature_root(g, carc_board_segment_id(g, 0, 0)));
    int supply = carc_game_supply(g, 0, 0), score = carc_game_score(g, 0);
    char log1[8192], log2[8192];
    carc_game_log(g, log1, sizeof log1);
    carc_action a = {CARC_ACT_FIGURE, 0, -1, -1, s};
    CHECK_INT(carc_game_act(g, &a), CARC_ERR_ILLEGAL);
    CHECK_HAS(carc_game_error(g), "already occupied");
    CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
    CHECK_INT(carc_game_supply(g, 0, 0), supply);
    CHECK_INT(carc_game_score(g, 0), score);
    CHECK_INT(carc_game_current_player(g), 0);
    carc_game_log(g, log2, sizeof log2);
    CHECK(strcmp(log1, log2) == 0);
    /* the list of actions does not offer it either */
    carc_action acts[64];
    int na = carc_game_actions(g, acts, 64);
    for (int i = 0; i < na && i < 64; i++)
      CHECK(!(acts[i].type == CARC_ACT_FIGURE && acts[i].segment == s));
    /* a segment of another, free feature is fine, if the tile has one */
    carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
    CHECK_INT(carc_game_act(g, &pass), CARC_OK);
    CHECK_INT(carc_game_current_player(g), 1);
    tested = 1;
    carc_game_free(g);
  }
  CHECK(tested);
}

int main(void) {
  E = check_base_engine();
  test_road();
  test_city_complete();
  test_city_incomplete();
  test_monastery();
  test_farm();
  test_tie();
  test_majority();
  test_put_occupied();
  test_act_occupied();
  carc_engine_free(E);
  return check_done("test_scoring");
}

/* test_board.c - placement legality, features kept across placements: a city
 * ring that closes on itself, two caps of one tile in one city, a monastery
 * completed by its eight neighbours.
 *
 * Coordinates: x grows east, y grows south. The start tile D lies at (0,0),
 * rotation 0: city north, road east-west, field south. A rotation r turns a
 * tile r quarter turns clockwise, so edge e of the picture faces e + r. */
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

/* The segment id of the segment on board port `port` of the tile at (x,y). */
static int seg_at(carc_game *g, int x, int y, int port) {
  int t = carc_board_tile_at(g, x, y);
  return carc_board_segment_id(g, t, carc_board_segment_at_port(g, t, port));
}

static int edge_kind_at(carc_game *g, int x, int y, int d, int k) {
  int t = carc_board_tile_at(g, x, y);
  return carc_tile_edge_kind(E, carc_board_tile_type(g, t), carc_board_tile_rotation(g, t), d, k);
}

/* Independent legality rule: the square is free, has an orthogonal neighbour,
 * and every edge meeting a neighbour shows the same kinds port by port
 * (k meets 2-k across the edge). */
static int legal_by_hand(carc_game *g, int type, int x, int y, int rot) {
  if (carc_board_tile_at(g, x, y) >= 0) return 0;
  static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
  int neighbours = 0;
  for (int d = 0; d < 4; d++) {
    if (carc_board_tile_at(g, x + dx[d], y + dy[d]) < 0) continue;
    neighbours++;
    for (int k = 0; k < 3; k++)
      if (carc_tile_edge_kind(E, type, rot, d, k) !=
          edge_kind_at(g, x + dx[d], y + dy[d], (d + 2) % 4, 2 - k))
        return 0;
  }
  return neighbours > 0;
}

static void test_legal_placements(void) {
  carc_game *g = check_scenario(E, 2);
  CHECK_INT(carc_board_tiles(g), 1);
  /* B (monastery in fields) fits south of D in all four rotations */
  for (int r = 0; r < 4; r++) {
    carc_game *c = carc_game_clone(g);
    CHECK_INT(carc_game_put_tile(c, check_type(E, "B"), 0, 1, r), CARC_OK);
    CHECK_INT(carc_board_tiles(c), 2);
    CHECK_INT(carc_board_tile_rotation(c, 1), r);
    carc_game_free(c);
  }
  /* E (city N) north of D: only rotation 2 turns its city to face D's city */
  for (int r = 0; r < 4; r++) {
    carc_game *c = carc_game_clone(g);
    CHECK_INT(carc_game_put_tile(c, check_type(E, "E"), 0, -1, r), r == 2 ? CARC_OK : CARC_ERR_ILLEGAL);
    carc_game_free(c);
  }
  /* U (road N-S) east of D: rotations 1 and 3 make it run east-west */
  for (int r = 0; r < 4; r++) {
    carc_game *c = carc_game_clone(g);
    CHECK_INT(carc_game_put_tile(c, check_type(E, "U"), 1, 0, r), (r & 1) ? CARC_OK : CARC_ERR_ILLEGAL);
    carc_game_free(c);
  }
  /* V (curve S-W) west of D needs a road east: rotations 2 (N-E) and 3 (E-S)*/
  for (int r = 0; r < 4; r++) {
    carc_game *c = carc_game_clone(g);
    CHECK_INT(carc_game_put_tile(c, check_type(E, "V"), -1, 0, r), r >= 2 ? CARC_OK : CARC_ERR_ILLEGAL);
    carc_game_free(c);
  }
  /* a square with two neighbours must match both: after E(0,-1) rot 2 and
   * U(1,0) rot 1, the square (1,-1) meets E's east field (west edge) and U's
   * north field (south edge). K (city N, road S-W) fits with rotation 0?
   * its south edge is road: no. C (all city): no. B: any rotation. */
  put(g, "E", 0, -1, 2);
  put(g, "U", 1, 0, 1);
  CHECK(!legal_by_hand(g, check_type(E, "K"), 1, -1, 0));
  CHECK_INT(carc_game_put_tile(g, check_type(E, "K"), 1, -1, 0), CARC_ERR_ILLEGAL);
  CHECK_INT(carc_game_put_tile(g, check_type(E, "C"), 1, -1, 0), CARC_ERR_ILLEGAL);
  /* E rotation 1 (city east): west edge field, south edge field: fits */
  CHECK(legal_by_hand(g, check_type(E, "E"), 1, -1, 1));
  put(g, "E", 1, -1, 1);
  carc_game_free(g);

  /* In a real game the listed placements are exactly the hand-checked ones. */
  for (uint64_t seed = 1; seed <= 40; seed++) {
    carc_game_options o = {3, seed, 0, 0};
    carc_game *h = carc_game_new(E, &o);
    for (int turn = 0; turn < 12 && carc_game_phase(h) != CARC_PHASE_OVER; turn++) {
      if (carc_game_phase(h) == CARC_PHASE_PLACE) {
        int type = carc_game_drawn_tile(h);
        carc_placement_option opts[1024];
        int n = carc_game_placements(h, opts, 1024);
        CHECK(n > 0 && n <= 1024);
        int expected = 0;
        for (int x = -15; x <= 15; x++)
          for (int y = -15; y <= 15; y++)
            for (int r = 0; r < 4; r++) {
              if (!legal_by_hand(h, type, x, y, r)) continue;
              expected++;
              int found = 0;
              for (int i = 0; i < n; i++)
                found |= opts[i].x == x && opts[i].y == y && opts[i].rotation == r;
              CHECK(found);
            }
        CHECK_INT(n, expected);
      }
      CHECK_INT(carc_bot_play_turn(h, CARC_BOT_RANDOM), CARC_OK);
    }
    carc_game_free(h);
  }
}

static void same_state(carc_game *g, int tiles, const int *scores) {
  CHECK_INT(carc_board_tiles(g), tiles);
  for (int p = 0; p < carc_game_players(g); p++) CHECK_INT(carc_game_score(g, p), scores[p]);
}

static void test_illegal_placements(void) {
  int zero[2] = {0, 0};
  carc_game *g = check_scenario(E, 2);
  int Et = check_type(E, "E");
  /* E unrotated north of D: its south field meets D's city */
  CHECK_INT(carc_game_put_tile(g, Et, 0, -1, 0), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "does not match");
  CHECK_HAS(carc_game_error(g), "south edge (field)");
  CHECK_HAS(carc_game_error(g), "city of tile D at (0,0)");
  same_state(g, 1, zero);
  CHECK_INT(carc_board_tile_at(g, 0, -1), -1);
  /* an occupied square */
  CHECK_INT(carc_game_put_tile(g, check_type(E, "B"), 0, 0, 0), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "already holds tile D");
  /* a square touching nothing (diagonal or far away) */
  CHECK_INT(carc_game_put_tile(g, check_type(E, "B"), 1, 1, 0), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "not next to a placed tile");
  CHECK_INT(carc_game_put_tile(g, check_type(E, "B"), 7, -3, 0), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "not next to a placed tile");
  same_state(g, 1, zero);
  /* bad rotation and unknown type are argument errors */
  CHECK_INT(carc_game_put_tile(g, check_type(E, "B"), 0, 1, 4), CARC_ERR_ARGUMENT);
  CHECK_INT(carc_game_put_tile(g, 999, 0, 1, 0), CARC_ERR_UNKNOWN);
  same_state(g, 1, zero);
  /* the board's frontier is untouched: a legal placement still works */
  put(g, "E", 0, -1, 2);
  CHECK_INT(carc_board_tiles(g), 2);
  carc_game_free(g);

  /* carc_game_place in a real game: the drawn tile on an occupied square and
   * on a lone square is refused and the game stays in its placing phase */
  carc_game_options o = {2, 11, 0, 0};
  g = carc_game_new(E, &o);
  int drawn = carc_game_drawn_tile(g), left = carc_game_bag_left(g);
  CHECK(drawn >= 0);
  CHECK_INT(carc_game_place(g, 0, 0, 0), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "already holds tile D");
  CHECK_INT(carc_game_place(g, 5, 5, 1), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "not next to a placed tile");
  /* find a rotation at (0,-1) that does not match, if the tile has one */
  for (int r = 0; r < 4; r++) {
    if (legal_by_hand(g, drawn, 0, -1, r)) continue;
    CHECK_INT(carc_game_place(g, 0, -1, r), CARC_ERR_ILLEGAL);
    CHECK_HAS(carc_game_error(g), "does not match");
  }
  CHECK_INT(carc_game_phase(g), CARC_PHASE_PLACE);
  CHECK_INT(carc_game_drawn_tile(g), drawn);
  CHECK_INT(carc_game_bag_left(g), left);
  same_state(g, 1, zero);
  CHECK_INT(carc_game_turn(g), 0);
  /* an action before placing is a state error */
  carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
  CHECK_INT(carc_game_act(g, &pass), CARC_ERR_STATE);
  carc_game_free(g);
}

static int city_at(carc_game *g, int x, int y, int port) { return seg_at(g, x, y, port); }

/* Four corner cities in a 2x2 block south of D, each turned to face the
 * block's centre, close one city with no open port:
 *   (0,1) N rot 2: city S+E    (1,1) N rot 3: city W+S
 *   (0,2) N rot 1: city N+E    (1,2) M rot 0: city N+W (coat of arms) */
static void test_city_ring_2x2(void) {
  carc_game *g = check_scenario(E, 2);
  put(g, "N", 0, 1, 2);
  /* N rot 2 at (0,1): its north is field and meets D's south field */
  CHECK_INT(carc_feature_open(g, city_at(g, 0, 1, 7)), 6);
  CHECK_INT(carc_feature_tiles(g, city_at(g, 0, 1, 7)), 1);
  put(g, "N", 1, 1, 3);
  CHECK_INT(carc_feature_open(g, city_at(g, 0, 1, 7)), 6); /* 12 ports - 3 pairs */
  CHECK_INT(carc_feature_tiles(g, city_at(g, 0, 1, 7)), 2);
  put(g, "N", 0, 2, 1);
  CHECK_INT(carc_feature_open(g, city_at(g, 0, 1, 7)), 6);
  CHECK_INT(carc_feature_tiles(g, city_at(g, 0, 1, 7)), 3);
  CHECK(!carc_feature_complete(g, city_at(g, 0, 1, 7)));
  put(g, "M", 1, 2, 0);
  int c = city_at(g, 1, 2, 1);
  CHECK_INT(carc_feature_root(g, c), carc_feature_root(g, city_at(g, 0, 1, 4)));
  CHECK_INT(carc_feature_open(g, c), 0);
  CHECK(carc_feature_complete(g, c));
  CHECK_INT(carc_feature_tiles(g, c), 4);
  CHECK_INT(carc_feature_symbols(g, c), 1);
  int members[16];
  CHECK_INT(carc_feature_members(g, c, members, 16), 4);
  CHECK_INT(carc_feature_kind(g, c), CARC_CITY);
  /* D's city is still separate and open */
  CHECK(carc_feature_root(g, city_at(g, 0, 0, 1)) != carc_feature_root(g, c));
  CHECK_INT(carc_feature_open(g, city_at(g, 0, 0, 1)), 3);
  carc_game_free(g);
}

/* A ring of eight tiles around the empty square (0,2): corners are N tiles,
 * sides are G tiles (city N-S), the city runs all the way round. */
static void test_city_ring_8(void) {
  carc_game *g = check_scenario(E, 2);
  put(g, "G", 0, 1, 1);   /* city W-E, field north meets D's field */
  put(g, "N", -1, 1, 2);  /* city S+E */
  put(g, "N", 1, 1, 3);   /* city W+S */
  put(g, "G", -1, 2, 0);  /* city N-S */
  put(g, "G", 1, 2, 0);
  put(g, "N", -1, 3, 1);  /* city N+E */
  put(g, "N", 1, 3, 0);   /* city N+W */
  int c = city_at(g, 0, 1, 4);
  /* open: (-1,3)'s east side and (1,3)'s west side, 3 ports each */
  CHECK_INT(carc_feature_open(g, c), 6);
  CHECK_INT(carc_feature_tiles(g, c), 7);
  CHECK(!carc_feature_complete(g, c));
  put(g, "G", 0, 3, 1);   /* closes the ring from both sides */
  CHECK_INT(carc_feature_open(g, c), 0);
  CHECK(carc_feature_complete(g, c));
  CHECK_INT(carc_feature_tiles(g, c), 8);
  CHECK_INT(carc_board_tile_at(g, 0, 2), -1); /* the hole stays empty */
  /* the four side tiles each show a field to the hole; with the hole empty
   * they stay four separate fields of one tile and 3 open ports each */
  int inside[4] = {seg_at(g, 0, 1, 7), seg_at(g, -1, 2, 4), seg_at(g, 1, 2, 10), seg_at(g, 0, 3, 1)};
  for (int i = 0; i < 4; i++) {
    CHECK_INT(carc_feature_kind(g, inside[i]), CARC_FIELD);
    CHECK_INT(carc_feature_tiles(g, inside[i]), 1);
    CHECK_INT(carc_feature_open(g, inside[i]), 3);
    for (int j = 0; j < i; j++) CHECK(carc_feature_root(g, inside[i]) != carc_feature_root(g, inside[j]));
  }
  /* filling the hole with B (all field) joins them: 5 tiles, 0 open ports */
  put(g, "B", 0, 2, 0);
  for (int i = 1; i < 4; i++) CHECK_INT(carc_feature_root(g, inside[i]), carc_feature_root(g, inside[0]));
  CHECK_INT(carc_feature_tiles(g, inside[0]), 5);
  CHECK_INT(carc_feature_open(g, inside[0]), 0);
  /* and B's monastery has all eight neighbours at once */
  CHECK_INT(carc_feature_open(g, carc_board_segment_id(g, carc_board_tile_at(g, 0, 2), 0)), 0);
  CHECK(carc_feature_complete(g, carc_board_segment_id(g, carc_board_tile_at(g, 0, 2), 0)));
  carc_game_free(g);
}

/* Tile I has two separate city caps (N and E). In the 2x2 block with I at the
 * south-west corner (rotation 0), both caps belong to the same city, which
 * must count I once: 4 tiles, 5 segments. Tried in three placing orders. */
static void test_two_caps(void) {
  static const char *const orders[3][4] = {
      {"TL", "TR", "BR", "BL"}, /* I last: both caps join one feature */
      {"TL", "BL", "TR", "BR"}, /* BR closes two pieces both holding I */
      {"TL", "BL", "BR", "TR"}, /* TR merges the piece with I's N cap and the one with its E cap */
  };
  for (int o = 0; o < 3; o++) {
    carc_game *g = check_scenario(E, 2);
    for (int i = 0; i < 4; i++) {
      const char *w = orders[o][i];
      if (!strcmp(w, "TL")) put(g, "N", 0, 1, 2);
      if (!strcmp(w, "TR")) put(g, "N", 1, 1, 3);
      if (!strcmp(w, "BL")) put(g, "I", 0, 2, 0);
      if (!strcmp(w, "BR")) put(g, "N", 1, 2, 0);
    }
    CHECK_INT(carc_board_tiles(g), 5);
    int north_cap = city_at(g, 0, 2, 1), east_cap = city_at(g, 0, 2, 4);
    CHECK(north_cap != east_cap);
    CHECK_INT(carc_feature_root(g, north_cap), carc_feature_root(g, east_cap));
    CHECK_INT(carc_feature_tiles(g, north_cap), 4);
    CHECK_INT(carc_feature_open(g, north_cap), 0);
    CHECK(carc_feature_complete(g, north_cap));
    int members[16];
    CHECK_INT(carc_feature_members(g, north_cap, members, 16), 5);
    /* scoring agrees: 4 tiles * 2 = 8 for a follower on the I tile */
    carc_game_free(g);
  }
  /* Completed with a follower on I's north cap: scored as 4 tiles = 8. */
  carc_game *g = check_scenario(E, 2);
  put(g, "N", 0, 1, 2);
  int t = put(g, "I", 0, 2, 0);
  CHECK_INT(carc_game_put_figure(g, 1, 0, t, 1), CARC_OK); /* east cap: alone so far */
  put(g, "N", 1, 2, 0);
  put(g, "N", 1, 1, 3);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 1), 8);
  CHECK_INT(carc_game_score(g, 0), 0);
  carc_game_free(g);
}

/* A monastery at the start square: a fresh engine with B as the start tile,
 * so the monastery begins with no neighbour at all. */
static void test_monastery(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_tile_set_start(e, "B"), CARC_OK);
  carc_game_options o = {2, 1, 0, 1};
  carc_game *g = carc_game_new(e, &o);
  int m = carc_board_segment_id(g, 0, 0);
  CHECK_INT(carc_feature_kind(g, m), CARC_MONASTERY);
  CHECK_INT(carc_feature_open(g, m), 8);
  CHECK_INT(carc_feature_tiles(g, m), 1);
  CHECK_INT(carc_game_put_figure(g, 0, 0, 0, 0), CARC_OK);
  static const int around[8][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0},
                                   {1, -1}, {1, 1}, {-1, 1}, {-1, -1}};
  int B = check_type(e, "B");
  for (int i = 0; i < 8; i++) {
    CHECK(!carc_feature_complete(g, m));
    CHECK_INT(carc_game_put_tile(g, B, around[i][0], around[i][1], i % 4), CARC_OK);
    CHECK_INT(carc_feature_open(g, m), 7 - i);
  }
  CHECK(carc_feature_complete(g, m));
  /* a tile two squares away is no neighbour */
  CHECK_INT(carc_game_put_tile(g, B, 2, 0, 0), CARC_OK);
  CHECK_INT(carc_feature_open(g, m), 0);
  /* the east neighbour's monastery: neighbours (0,0),(0,-1),(1,-1),(0,1),(1,1),(2,0) = 6 */
  int east = carc_board_segment_id(g, carc_board_tile_at(g, 1, 0), 0);
  CHECK_INT(carc_feature_open(g, east), 2);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 9);
  CHECK_INT(carc_game_supply(g, 0, 0), 7);
  carc_game_free(g);
  carc_engine_free(e);
}

/* Scenario edits that take every square the drawn tile fits: the start
 * tile D ringed with tiles whose outer edges are all city (C north, T east
 * and west, R south) leaves no square for a tile without a city edge.
 * Ending the turn sets such a drawn tile aside and draws the next, as a
 * draw would, so the game goes on (it used to stay stuck on the tile). */
static int city_free(const char *name) { return strchr("ABUVWX", name[0]) != NULL; }
static void test_edit_takes_last_square(void) {
  carc_game *g = NULL;
  for (uint64_t seed = 1; seed < 200 && !g; seed++) { /* a game whose first tile has no city */
    carc_game_options o = {2, seed, 0, 0};
    g = carc_game_new(E, &o);
    if (!city_free(carc_tile_type_name(E, carc_game_drawn_tile(g)))) {
      carc_game_free(g);
      g = NULL;
    }
  }
  CHECK(g != NULL);
  if (!g) return;
  put(g, "C", 0, -1, 0);
  put(g, "T", 1, 0, 1);  /* its road meets D's east road */
  put(g, "T", -1, 0, 3); /* and D's west road */
  put(g, "R", 0, 1, 2);  /* its field meets D's south field */
  carc_placement_option opt[4];
  CHECK_INT(carc_game_placements(g, opt, 4), 0); /* the drawn tile fits nowhere now */
  CHECK_INT(carc_game_set_aside(g), 0);
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK(carc_game_set_aside(g) >= 1);
  CHECK_INT(carc_game_phase(g), CARC_PHASE_PLACE);
  CHECK(!city_free(carc_tile_type_name(E, carc_game_drawn_tile(g))));
  CHECK(carc_game_placements(g, opt, 4) >= 1);
  CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  carc_game_free(g);
}

int main(void) {
  E = check_base_engine();
  test_legal_placements();
  test_illegal_placements();
  test_city_ring_2x2();
  test_city_ring_8();
  test_two_caps();
  test_monastery();
  test_edit_takes_last_square();
  carc_engine_free(E);
  return check_done("test_board");
}

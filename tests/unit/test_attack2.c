/* test_attack2.c - adversarial checks of the board's incremental features:
 * a square whose placement completes more monastery-like segments than it
 * has neighbours (tiles with two of them), and, over many seeded games,
 * copies, saves and resets, every feature's open count against a recount
 * from the board (eight squares around an area segment, empty squares
 * beyond a feature's ports). */
#include "check.h"
#include <stdlib.h>

/* A 5x5 block of field tiles south of the start tile, the eight squares
 * around its centre (0,3) holding tiles with two monasteries each: placing
 * the centre completes sixteen monasteries at once. */
static void test_double_monastery_ring(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = check_scenario(e, 2);
  const char *F = "field:N,E,S,W", *MM = "monastery monastery field:N,E,S,W";
  int placed = 0;
  for (int pass = 0; pass < 6; pass++)
    for (int y = 1; y <= 5; y++)
      for (int x = -2; x <= 2; x++) {
        if ((x == 0 && y == 3) || carc_board_tile_at(g, x, y) >= 0) continue;
        if (carc_board_tile_at(g, x, y - 1) < 0 && carc_board_tile_at(g, x - 1, y) < 0 &&
            carc_board_tile_at(g, x + 1, y) < 0 && carc_board_tile_at(g, x, y + 1) < 0)
          continue;
        int mm = x >= -1 && x <= 1 && y >= 2 && y <= 4;
        CHECK_INT(carc_game_put_notation(g, mm ? MM : F, x, y, 0), CARC_OK);
        placed++;
      }
  CHECK_INT(placed, 24);
  /* a monk on each monastery of two of the eight, for player 1 and 2 */
  int a = carc_board_tile_at(g, -1, 2), b = carc_board_tile_at(g, 1, 4);
  CHECK_INT(carc_game_put_figure(g, 0, 0, a, 0), CARC_OK);
  CHECK_INT(carc_game_put_figure(g, 0, 0, a, 1), CARC_OK);
  CHECK_INT(carc_game_put_figure(g, 1, 0, b, 0), CARC_OK);
  CHECK_INT(carc_game_put_figure(g, 1, 0, b, 1), CARC_OK);
  for (int y = 2; y <= 4; y++)
    for (int x = -1; x <= 1; x++) {
      if (x == 0 && y == 3) continue;
      int t = carc_board_tile_at(g, x, y);
      for (int s = 0; s < 2; s++) CHECK_INT(carc_feature_open(g, carc_board_segment_id(g, t, s)), 1);
    }
  /* the centre: its placement completes all sixteen */
  CHECK_INT(carc_game_put_notation(g, F, 0, 3, 0), CARC_OK);
  for (int y = 2; y <= 4; y++)
    for (int x = -1; x <= 1; x++) {
      if (x == 0 && y == 3) continue;
      int t = carc_board_tile_at(g, x, y);
      for (int s = 0; s < 2; s++) {
        CHECK_INT(carc_feature_open(g, carc_board_segment_id(g, t, s)), 0);
        CHECK_INT(carc_feature_complete(g, carc_board_segment_id(g, t, s)), 1);
      }
    }
  CHECK_INT(carc_game_end_turn(g), CARC_OK);
  CHECK_INT(carc_game_score(g, 0), 18);
  CHECK_INT(carc_game_score(g, 1), 18);
  CHECK_INT(carc_game_supply(g, 0, 0), 7);
  CHECK_INT(carc_game_supply(g, 1, 0), 7);
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  test_double_monastery_ring();
  return check_done("test_attack2");
}

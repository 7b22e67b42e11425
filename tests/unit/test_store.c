/* test_store.c - the board has no fixed size: a road of 3,000 tiles grows
 * the game's arrays and its grid, saves, loads and copies whole; a growth
 * that cannot allocate changes nothing and says why.
 *
 * The start tile D lies at (0,0) with its road running east-west; a straight
 * road U turned once (rotation 1) runs east-west too, so U after U extends
 * that road east. */
#include "check.h"
#include <stdlib.h>
#include <string.h>

#define ROAD 3000

/* An allocator that refuses every growing request while `refuse` is set. */
typedef struct gate {
  int refuse;
  long refused;
} gate;

static void *gate_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  gate *g = ud;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (g->refuse && nsize > osize) {
    g->refused++;
    return NULL;
  }
  return realloc(ptr, nsize);
}

int main(void) {
  gate gt = {0, 0};
  carc_engine *e = carc_engine_new(gate_alloc, &gt);
  CHECK(e && carc_tiles_load_base(e) == CARC_OK);
  carc_game *g = check_scenario(e, 2);
  int u = check_type(e, "U");
  long memory_refusals = 0;
  for (int x = 1; x <= ROAD; x++) {
    /* every placement is first tried with the allocator refusing: where the
     * board must grow, the call fails with a memory error and no trace */
    char *before = check_save_text(g);
    gt.refuse = 1;
    carc_result r = carc_game_put_tile(g, u, x, 0, 1);
    gt.refuse = 0;
    if (r != CARC_OK) {
      CHECK_INT(r, CARC_ERR_MEMORY);
      CHECK_HAS(carc_game_error(g), "out of memory");
      char *after = check_save_text(g);
      CHECK(strcmp(before, after) == 0);
      free(after);
      memory_refusals++;
      r = carc_game_put_tile(g, u, x, 0, 1);
    }
    free(before);
    if (r != CARC_OK) {
      fprintf(stderr, "put U at (%d,0): %s\n", x, carc_game_error(g));
      CHECK_INT(r, CARC_OK);
      break;
    }
  }
  /* squares run from -29,999 to 29,999: past that, a clear refusal */
  CHECK_INT(carc_game_put_tile(g, u, 30000, 0, 1), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "squares run from -29999 to 29999");
  /* growth happened, more than once (tiles, segments and the grid) */
  CHECK(memory_refusals >= 3);
  CHECK_INT(carc_board_tiles(g), ROAD + 1);
  CHECK_INT(carc_board_tile_at(g, ROAD, 0), ROAD);
  CHECK_INT(carc_board_tile_at(g, ROAD + 1, 0), -1);
  CHECK_INT(carc_board_tile_at(g, ROAD / 2, 1), -1);
  int road = carc_board_segment_id(g, ROAD, carc_board_segment_at_port(g, ROAD, 4)); /* east middle */
  CHECK_INT(carc_feature_kind(g, road), CARC_ROAD);
  CHECK_INT(carc_feature_tiles(g, road), ROAD + 1);
  CHECK_INT(carc_feature_open(g, road), 2);
  int start_road = carc_board_segment_id(g, 0, carc_board_segment_at_port(g, 0, 10)); /* D, west middle */
  CHECK_INT(carc_feature_root(g, road), carc_feature_root(g, start_road));
  /* the field south of the road spans every tile of it */
  int south = carc_board_segment_id(g, ROAD / 2, carc_board_segment_at_port(g, ROAD / 2, 7));
  CHECK_INT(carc_feature_kind(g, south), CARC_FIELD);
  CHECK_INT(carc_feature_tiles(g, south), ROAD + 1);

  /* save, load, save: the same text; a clone saves the same too */
  char *text = check_save_text(g);
  char err[512];
  carc_game *h = carc_game_load(e, text, err, sizeof err);
  CHECK(h != NULL);
  if (h) {
    char *again = check_save_text(h);
    CHECK(strcmp(text, again) == 0);
    free(again);
    CHECK_INT(carc_board_tile_at(h, ROAD, 0), ROAD);
    carc_game_free(h);
  }
  carc_game *c = carc_game_clone(g);
  CHECK(c != NULL);
  if (c) {
    char *copy = check_save_text(c);
    CHECK(strcmp(text, copy) == 0);
    free(copy);
    /* the clone plays on by itself: one more tile at the east end */
    CHECK_INT(carc_game_put_tile(c, u, ROAD + 1, 0, 1), CARC_OK);
    CHECK_INT(carc_board_tiles(c), ROAD + 2);
    CHECK_INT(carc_board_tiles(g), ROAD + 1);
    carc_game_free(c);
  }
  /* a copy that cannot grow its destination changes nothing there: first a
   * fresh 3-player game, then one that holds the board already, where only
   * the records and the log must grow (they used to be grown after the
   * destination was overwritten) */
  carc_game_options three = {3, 1, 0, 1};
  carc_game *d = carc_game_new(e, &three);
  CHECK(d != NULL);
  if (d) {
    char *fresh = check_save_text(d);
    gt.refuse = 1;
    CHECK_INT(carc_game_copy(d, g), CARC_ERR_MEMORY);
    gt.refuse = 0;
    char *still = check_save_text(d);
    CHECK(strcmp(fresh, still) == 0);
    CHECK_INT(carc_game_players(d), 3);
    free(still);
    free(fresh);
    CHECK_INT(carc_game_copy(d, g), CARC_OK);
    CHECK_INT(carc_board_tiles(d), ROAD + 1);
    for (int x = ROAD + 1; x <= ROAD + 40; x++) CHECK_INT(carc_game_put_tile(g, u, x, 0, 1), CARC_OK);
    char *held = check_save_text(d);
    gt.refuse = 1;
    CHECK_INT(carc_game_copy(d, g), CARC_ERR_MEMORY);
    gt.refuse = 0;
    char *after = check_save_text(d);
    CHECK(strcmp(held, after) == 0);
    CHECK_INT(carc_board_tiles(d), ROAD + 1);
    free(after);
    free(held);
    carc_game_free(d);
  }
  /* a load that cannot grow the board refuses with a memory error */
  gt.refuse = 1;
  h = carc_game_load(e, text, err, sizeof err);
  gt.refuse = 0;
  CHECK(h == NULL);
  CHECK(err[0] != '\0');
  free(text);
  carc_game_free(g);
  carc_engine_free(e);
  return check_done("test_store");
}

/* test_moves.c - moves as integers and back, observations, determinization,
 * the event callback; bad moves and players fail and change nothing. */
#include "check.h"
#include <stdlib.h>
#include <string.h>

static int events;
static void count_event(const carc_game *g, const char *json, void *ud) {
  (void)g;
  if (json[0] == '{' && strstr(json, "\"event\":")) (*(int *)ud)++;
}

/* A neutral figure with more than 512 places to go: every one is a move
 * (carc_game_moves had listed the first 512, so carc_game_play refused the
 * rest as illegal though carc_game_act took them). */
static void test_more_than_512_actions(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_tile_define(e, "mine", "PORTAL", 0, "monastery field:N,E,S,W @portal"), CARC_OK);
  carc_figure_def dragon = {.name = "dragon", .strength = 0, .per_player = 1, .occupies = 0,
                            .placement = CARC_PLACE_NEUTRAL, .kinds = 0, .moved_by_tile_attr = "portal"};
  CHECK_INT(carc_figure_define(e, &dragon), CARC_OK);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1, .no_bag = 1});
  const int B = carc_tile_type_find(e, "B");
  int placed = 0; /* monasteries south of the start tile, one feature each; a square takes one once a
                   * neighbour holds a tile, so three sweeps fill the block */
  for (int sweep = 0; sweep < 3; sweep++)
    for (int y = 1; y <= 40; y++)
      for (int x = -12; x <= 12; x++) placed += carc_game_put_tile(g, B, x, y, 0) == CARC_OK;
  CHECK(placed > 512);
  CHECK_INT(carc_game_place_named(g, carc_tile_type_find(e, "PORTAL"), 0, 41, 0), CARC_OK);
  const carc_action pass = {.type = CARC_ACT_PASS};
  CHECK_INT(carc_game_act(g, &pass), CARC_OK); /* the portal's step: the dragon may go anywhere */
  const int na = carc_game_actions(g, NULL, 0);
  CHECK(na > 512);
  CHECK_INT(carc_game_moves(g, NULL, 0), na);
  carc_action *acts = malloc(sizeof *acts * (size_t)na);
  CHECK_INT(carc_game_actions(g, acts, na), na);
  CHECK_INT(carc_game_play(g, carc_move_from_action(&acts[na - 1])), CARC_OK);
  free(acts);
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  test_more_than_512_actions();
  carc_engine *e = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 5});
  int moves[4096];

  /* the place phase: placements, numbered and decoded back */
  int n = carc_game_moves(g, moves, 4096);
  carc_placement_option opts[4096];
  CHECK_INT(n, carc_game_placements(g, opts, 4096));
  CHECK(n > 0);
  for (int i = 0; i < n; i++) {
    carc_move_info m;
    CHECK_INT(carc_move_decode(moves[i], &m), CARC_OK);
    CHECK_INT(m.kind, CARC_MOVE_PLACE);
    CHECK_INT(m.x, opts[i].x);
    CHECK_INT(m.y, opts[i].y);
    CHECK_INT(m.rotation, opts[i].rotation);
    CHECK_INT(carc_move_from_placement(m.x, m.y, m.rotation), moves[i]);
  }
  CHECK_INT(carc_move_from_placement(0, -1, 2), (512 << 12) | (511 << 2) | 2);
  CHECK_INT(carc_move_from_placement(600, 0, 0), -1);
  CHECK_INT(carc_move_from_placement(0, 0, 4), -1);

  /* bad input: nothing changes */
  char *before = check_save_text(g);
  CHECK_INT(carc_game_play(g, -5), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_game_error(g), "move -5 is not a move number");
  CHECK_INT(carc_game_play(g, carc_move_from_placement(300, 300, 0)), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_game_error(g), "is not legal now (a placement)");
  CHECK_INT(carc_game_play(g, 1 << 22), CARC_ERR_ILLEGAL); /* pass, in the place phase */
  carc_move_info info;
  CHECK_INT(carc_move_decode(0x7FFFFFFF, &info), CARC_ERR_ARGUMENT);
  CHECK_INT(carc_move_decode(moves[0], NULL), CARC_ERR_ARGUMENT);
  char *after = check_save_text(g);
  CHECK(strcmp(before, after) == 0);
  free(before);
  free(after);

  /* the act phase: pass is 1 << 22, a follower on segment s is (1<<22)+1+s */
  CHECK_INT(carc_game_play(g, moves[0]), CARC_OK);
  CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
  n = carc_game_moves(g, moves, 4096);
  carc_action acts[64];
  CHECK_INT(n, carc_game_actions(g, acts, 64));
  CHECK_INT(moves[0], 1 << 22);
  for (int i = 0; i < n && i < 64; i++) {
    CHECK_INT(carc_move_from_action(&acts[i]), moves[i]);
    CHECK_INT(carc_move_decode(moves[i], &info), CARC_OK);
    CHECK_INT(info.kind, CARC_MOVE_ACT);
    CHECK_INT(info.action.type, acts[i].type);
    CHECK_INT(info.action.segment, acts[i].segment);
  }
  if (n > 1) CHECK_INT(moves[1], (1 << 22) + 1 + acts[1].segment);

  /* observations hide the bag's order only */
  carc_game *h = carc_game_clone(g);
  CHECK_INT(carc_game_determinize(h, 77), CARC_OK);
  char *sg = check_save_text(g), *sh = check_save_text(h);
  CHECK(strcmp(sg, sh) != 0); /* another order */
  carc_game *og = carc_game_observe(g, 0), *oh = carc_game_observe(h, 1);
  CHECK(og != NULL && oh != NULL);
  char *sog = check_save_text(og), *soh = check_save_text(oh);
  CHECK(strcmp(sog, soh) == 0); /* the same observation */
  CHECK_INT(carc_game_bag_left(og), carc_game_bag_left(g));
  CHECK_INT(carc_board_tiles(og), carc_board_tiles(g));
  CHECK_INT(carc_game_moves(og, NULL, 0), carc_game_moves(g, NULL, 0));
  CHECK(carc_game_observe(g, 2) == NULL); /* no message: see test_reentry */
  CHECK(carc_game_observe(g, -1) == NULL);
  /* determinization: same seed, same game */
  carc_game *d1 = carc_game_clone(og), *d2 = carc_game_clone(og);
  carc_game_determinize(d1, 9);
  carc_game_determinize(d2, 9);
  char *s1 = check_save_text(d1), *s2 = check_save_text(d2);
  CHECK(strcmp(s1, s2) == 0);
  CHECK_INT(carc_game_bag_left(d1), carc_game_bag_left(g));
  free(sg), free(sh), free(sog), free(soh), free(s1), free(s2);
  carc_game_free(h), carc_game_free(og), carc_game_free(oh), carc_game_free(d1), carc_game_free(d2);

  /* a whole game by move numbers, with the event callback counting lines */
  events = 0;
  size_t len0 = carc_game_log(g, NULL, 0);
  char *log0 = malloc(len0 + 1);
  carc_game_log(g, log0, len0 + 1);
  int lines0 = 0;
  for (char *c = log0; *c; c++) lines0 += *c == '\n';
  free(log0);
  carc_game_set_event_callback(g, count_event, &events);
  int turns = 0;
  while (carc_game_phase(g) != CARC_PHASE_OVER && turns < 1000) {
    n = carc_game_moves(g, moves, 4096);
    CHECK(n > 0);
    CHECK_INT(carc_game_play(g, moves[carc_game_random(g, (uint32_t)n)]), CARC_OK);
    turns++;
  }
  CHECK_INT(carc_game_phase(g), CARC_PHASE_OVER);
  CHECK_INT(carc_game_moves(g, moves, 4096), 0);
  CHECK_INT(carc_game_play(g, 1 << 23), CARC_ERR_STATE);
  size_t len = carc_game_log(g, NULL, 0);
  char *log = malloc(len + 1);
  carc_game_log(g, log, len + 1);
  int lines = 0;
  for (char *c = log; *c; c++) lines += *c == '\n';
  CHECK(lines0 >= 1);
  CHECK(events > 50);
  CHECK_INT(events, lines - lines0); /* one call per line written since */
  free(log);
  carc_game_free(g);
  carc_engine_free(e);
  return check_done("moves");
}

/* test_checksum.c - the same seeds play the same games. A fixed series of
 * base games (2-5 players, random and greedy bots) is folded move by move
 * into one FNV-1a digest, compared with the value stored here. A change to
 * the engine that alters any move, any score or the order of random draws
 * changes the digest; a pure speedup leaves it alone.
 *
 * If a change is meant to alter games (a rules fix), update the stored value
 * in the same commit and say why in its message. */
#include "check.h"
#include "digest.h"

#define GAMES 2000
#define GREEDY_EVERY 50
#define EXPECTED 0xc802c6e9eab0cce0ull

/* carc_bot_play_game keeps the greedy bot's scratch games for the whole game;
 * it must play exactly the games that turn-by-turn play does. */
static void whole_game_equals_turns(carc_engine *e) {
  for (int i = 0; i < 4; i++) {
    carc_game_options opt = {2 + i, (uint64_t)i + 101, 0, 0};
    carc_game *a = carc_game_new(e, &opt), *b = carc_game_new(e, &opt);
    CHECK(a && b);
    if (!a || !b) return;
    carc_bot bot = i % 2 ? CARC_BOT_GREEDY : CARC_BOT_RANDOM;
    CHECK_INT(carc_bot_play_game(a, bot), CARC_OK);
    while (carc_game_phase(b) != CARC_PHASE_OVER)
      if (carc_bot_play_turn(b, bot) != CARC_OK) break;
    CHECK_INT(carc_game_phase(b), CARC_PHASE_OVER);
    for (int p = 0; p < opt.players; p++) CHECK_INT(carc_game_score(a, p), carc_game_score(b, p));
    CHECK_INT(carc_board_tiles(a), carc_board_tiles(b));
    for (int t = 0; t < carc_board_tiles(a) && t < carc_board_tiles(b); t++) {
      CHECK_INT(carc_board_tile_type(a, t), carc_board_tile_type(b, t));
      CHECK_INT(carc_board_tile_x(a, t), carc_board_tile_x(b, t));
      CHECK_INT(carc_board_tile_y(a, t), carc_board_tile_y(b, t));
      CHECK_INT(carc_board_tile_rotation(a, t), carc_board_tile_rotation(b, t));
    }
    carc_game_free(a);
    carc_game_free(b);
  }
}

int main(void) {
  carc_engine *e = check_base_engine();
  uint64_t h = 0;
  char err[256] = "";
  CHECK_INT(digest_series(e, GAMES, GREEDY_EVERY, &h, err, sizeof err), CARC_OK);
  if (err[0]) fprintf(stderr, "%s\n", err);
  if (h != EXPECTED)
    fprintf(stderr, "digest of %d base games is 0x%016llx, stored 0x%016llx\n", GAMES,
            (unsigned long long)h, (unsigned long long)EXPECTED);
  CHECK(h == EXPECTED);
  whole_game_equals_turns(e);
  carc_engine_free(e);
  return check_done("checksum");
}

/* digest.h - a fingerprint of seeded bot games: every turn's move and state
 * and the final scores, folded with FNV-1a. Two builds that play the same
 * games print the same digest; the checksum tests store one. */
#ifndef CARC_DIGEST_H
#define CARC_DIGEST_H
#include "carcassonne.h"
#include <stddef.h>

#define DIGEST_SEED 0xCBF29CE484222325ull /* FNV-1a 64-bit offset basis */

/* Folds one integer (as 8 little-endian bytes) into h. */
uint64_t digest_fold(uint64_t h, long long v);

/* Plays game g to its end with `bot`, folding after every turn: the turn,
 * the player to move, the drawn tile, the bag, the last placed tile (type,
 * square, rotation, tokens), every figure's place, every score, every game
 * variable and flag; then the final scores. */
carc_result digest_game(carc_game *g, carc_bot bot, uint64_t *h);

/* The fixed series: game i (seed i + 1) has 2 + i % 4 players; every
 * `greedy_every`-th game (0: none) is played by the greedy bot, the others by
 * the random bot. On failure writes a message to err. */
carc_result digest_series(carc_engine *e, long games, long greedy_every, uint64_t *out,
                          char *err, size_t errcap);
#endif

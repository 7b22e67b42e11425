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
#define EXPECTED 0x8010a2bc5dff82beull

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
  carc_engine_free(e);
  return check_done("checksum");
}

/* check.h - a tiny assertion kit for the C unit tests: each CHECK names the
 * file, line and both values when it fails; a test exits 1 if any failed. */
#ifndef CARC_CHECK_H
#define CARC_CHECK_H
#include "carcassonne.h"
#include <stdio.h>
#include <string.h>

extern int check_failures;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)
#define CHECK_INT(actual, expected)                                                        \
  do {                                                                                     \
    long long a_ = (long long)(actual), e_ = (long long)(expected);                        \
    if (a_ != e_) {                                                                        \
      fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, #actual, a_, e_); \
      check_failures++;                                                                    \
    }                                                                                      \
  } while (0)
/* Fails unless `text` contains `needle` (error messages). */
#define CHECK_HAS(text, needle)                                                             \
  do {                                                                                     \
    const char *t_ = (text), *n_ = (needle);                                               \
    if (!t_ || !strstr(t_, n_)) {                                                          \
      fprintf(stderr, "%s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__,       \
              t_ ? t_ : "(null)", n_);                                                     \
      check_failures++;                                                                    \
    }                                                                                      \
  } while (0)
/* An engine with the base tiles loaded; aborts the test if that fails. */
carc_engine *check_base_engine(void);
int check_done(const char *name);
/* A base engine game with an empty bag: only the start tile D at (0,0). */
carc_game *check_scenario(carc_engine *e, int players);
/* Tile type index by name; aborts if unknown. */
int check_type(const carc_engine *e, const char *name);
/* Recounts every feature's open count from the board (a game on the plane):
 * an area segment misses its empty squares of eight, a port feature its
 * ports facing empty squares. Returns the mismatches, the first few printed
 * with `where`. */
int check_recount_open(const carc_game *g, const char *where);
/* The game's save text, malloc'd (free it); aborts when out of memory. */
char *check_save_text(const carc_game *g);
/* 1 if the two games' save texts are equal (the same game, every field). */
int check_same_save(const carc_game *a, const carc_game *b);
/* 1 if the game's save text is `text` (a game kept as a text to compare with). */
int check_save_is(const carc_game *g, const char *text);
/* An engine allocator that fails the allocation that finds *(long *)ud at
 * 0 (counting down from there; -1 never fails): fault injection. */
void *check_failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
/* The text of the shipped map maps/NAME.map, malloc'd (free it); exits if
 * it cannot be read. */
char *check_map_text(const char *name);
#endif

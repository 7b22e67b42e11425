/* check.h - a tiny assertion kit for the C unit tests: each CHECK names the
 * file, line and both values when it fails; a test exits 1 if any failed. */
#ifndef CARC_CHECK_H
#define CARC_CHECK_H
#include "carcassonne.h"
#include <stdio.h>

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
/* An engine with the base tiles loaded; aborts the test if that fails. */
carc_engine *check_base_engine(void);
int check_done(const char *name);
#endif

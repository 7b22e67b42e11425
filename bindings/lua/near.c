/* near.c - the name of a list spelt most like a word, for "did you mean"
 * in messages. Shared by the Lua binding (declaration keys, expansion
 * names) and the carcassonne program (its options), which compiles it in.
 * No Lua here. */
#include "near.h"
#include "carcassonne.h"
#include <string.h>

enum { NEAR_LONGEST = CARC_MAX_NAME }; /* a longer word is no misspelt name */

static int min3(int a, int b, int c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }

/* How many one-character edits (insert, delete, change, or swap of two
 * neighbours) turn `a` into `b`; -1 when either is too long to be a name. */
static int edits(const char *a, const char *b) {
  const int n = (int)strlen(a), m = (int)strlen(b);
  if (n > NEAR_LONGEST || m > NEAR_LONGEST) return -1;
  int d[NEAR_LONGEST + 1][NEAR_LONGEST + 1];
  for (int i = 0; i <= n; i++) d[i][0] = i;
  for (int j = 0; j <= m; j++) d[0][j] = j;
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      int v = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
        v = d[i - 2][j - 2] + 1;
      d[i][j] = v;
    }
  return d[n][m];
}

const char *binding_near_name(const char *word, const char *const *names) {
  const char *best = NULL;
  int best_edits = 3; /* at most 2 edits, and at most a third of the longer word */
  for (int i = 0; names[i]; i++) {
    const int e = edits(word, names[i]);
    const int n = (int)strlen(word), m = (int)strlen(names[i]);
    if (e >= 0 && e < best_edits && 3 * e <= (n > m ? n : m)) {
      best = names[i];
      best_edits = e;
    }
  }
  return best;
}

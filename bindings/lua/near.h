/* near.h - the name of a list spelt most like a word (near.c). */
#ifndef CARC_NEAR_H
#define CARC_NEAR_H

/* The name of `names` (NULL-ended) at most two edits from `word` (an edit:
 * a character inserted, deleted, changed, or two neighbours swapped), and
 * at most a third of the longer of the two; the fewest edits wins, the
 * first listed among equals. NULL when none is that near. */
const char *binding_near_name(const char *word, const char *const *names);

#endif

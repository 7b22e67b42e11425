/* cli.h - pieces of the command-line program shared between its files. */
#ifndef CARC_CLI_H
#define CARC_CLI_H
#include "carcassonne.h"
#include <stdio.h>

int cli_parse_int(const char *s, long lo, long hi, long *out);
/* An engine with the base game and, if `rules` is given, that ruleset.
 * Prints the error (prefixed with `cmd`) and returns NULL on failure. */
carc_engine *cli_engine(const char *rules, const char *cmd);
void cli_engine_free(carc_engine *e);
/* Called after every turn of `play` (prints expansion state changes). */
void cli_after_turn(carc_game *g, FILE *out);
int cli_play_game(carc_engine *e, int players, unsigned long long seed, carc_bot bot, FILE *out);
int cli_bench(int argc, char **argv);
int cli_test(int argc, char **argv);
int cli_simulate(int argc, char **argv);
int cli_merge(int argc, char **argv);
#endif

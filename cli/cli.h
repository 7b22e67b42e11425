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
/* Plays a whole game; with `svg`, writes the final board there as SVG; with
 * `save`, writes the finished game there as JSON. */
int cli_play_game(carc_engine *e, int players, unsigned long long seed, carc_bot bot, FILE *out,
                  const char *svg, const char *save);
/* Sets map `map` (a name or path; NULL: nothing) unless the ruleset chose one. */
int cli_load_map(carc_engine *e, const char *map, const char *cmd);
int cli_write_svg(const carc_game *g, const char *path, const char *cmd);
int cli_maps(int argc, char **argv);
int cli_render(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_test(int argc, char **argv);
#endif

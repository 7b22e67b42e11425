/* cli.h - pieces of the command-line program shared between its files. */
#ifndef CARC_CLI_H
#define CARC_CLI_H
#include "carcassonne.h"
#include "files.h"
#include <stdio.h>

int cli_parse_int(const char *s, long lo, long hi, long *out);
/* A whole number 0..2^64-1 (no sign). */
int cli_parse_u64(const char *s, unsigned long long *out);
/* A whole file ("-": standard input) as a NUL-terminated string, malloc'd;
 * NULL and *why set when it cannot be read or holds more than CLI_FILE_LIMIT
 * bytes (an endless stream such as /dev/zero is refused, not read on). */
char *cli_read_file(const char *path, const char **why);
/* shown_text (files.h) shows a name with its control bytes as '?'. */
#define CLI_FILE_LIMIT ((size_t)64 << 20) /* saves and summaries: far above any real one */
/* Prints "carcassonne CMD: MSG (try ...)" to stderr; returns 2. */
int cli_usage_message(const char *cmd, const char *msg);
/* "unknown option 'X'" (unknown != 0) or "option 'X' is missing its value". */
int cli_usage_error(const char *cmd, const char *option, int unknown);
/* "unknown option 'X'; did you mean 'Y'?" (when one of `cmd`'s options is
 * spelt alike) as cli_usage_message prints it; returns 2. */
int cli_unknown_option(const char *cmd, const char *option);
/* argv[*i] among `known` (NULL-ended) options that take a value: 0 and the
 * value (advancing *i), 1 if unknown, 2 if the value is missing. */
int cli_option(int argc, char **argv, int *i, const char *const *known, const char **value);
int cli_help_asked(int argc, char **argv);
/* Parses only --rules FILE and --expansions LIST; returns 0 or the exit status. */
int cli_rules_options(const char *cmd, int argc, char **argv, const char **rules,
                      const char **expansions);
/* The same with one more option that takes a value (`extra`, "--svg"). */
int cli_rules_options_and(const char *cmd, int argc, char **argv, const char **rules, const char **expansions,
                          const char *extra, const char **extra_value);
/* An engine with the base game and, if `rules` is given, that ruleset.
 * Prints the error (prefixed with `cmd`) and returns NULL on failure. */
carc_engine *cli_engine(const char *rules, const char *cmd);
/* The same with expansions named in a comma-separated list instead (either
 * may be NULL). */
carc_engine *cli_engine_with(const char *rules, const char *expansions, const char *cmd);
/* The same with the engine's memory from `alloc` (the benchmark counts). */
carc_engine *cli_engine_alloc(const char *rules, const char *cmd, carc_alloc_fn alloc, void *ud);
void cli_engine_free(carc_engine *e);
/* Plays a whole game; with `svg`, writes the final board there as SVG; with
 * `save`, writes the finished game there as JSON. */
int cli_play_game(carc_engine *e, int players, unsigned long long seed, carc_bot bot, FILE *out,
                  const char *svg, const char *save);
/* Sets map `map` (a name or path; NULL: nothing) unless the ruleset chose one. */
int cli_load_map(carc_engine *e, const char *map, const char *cmd);
int cli_write_svg(const carc_game *g, const char *path, const char *cmd);
/* "carcassonne CMD: cannot write PATH: REASON" from `err` (an errno); returns 1. */
int cli_cannot_write(const char *cmd, const char *path, int err);
/* Writes engine e's scoring pipeline to `path` as an SVG picture; 0, or
 * prints why it could not (prefixed with `cmd`) and returns 1. */
int cli_pipeline_svg(const carc_engine *e, const char *path, const char *cmd);
int cli_maps(int argc, char **argv);
int cli_render(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_test(int argc, char **argv);
int cli_paths(int argc, char **argv);
int cli_explain(int argc, char **argv);
int cli_simulate(int argc, char **argv);
int cli_merge(int argc, char **argv);
#endif

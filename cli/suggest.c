/* suggest.c - "did you mean" for an option a command does not take: the
 * option of that command closest in spelling to what was typed. The lists
 * are the options each command's --help names; tests/cli_checks.cmake
 * misspells every option --help prints and expects it suggested back. */
#include "cli.h"
#include <string.h>

static const struct {
  const char *cmd, *const *options;
} COMMAND_OPTIONS[] = {
    {"play", (const char *const[]){"--players", "--seed", "--bot", "--rules", "--expansions", "--map", "--svg",
                                   "--save", "--help", NULL}},
    {"tiles", (const char *const[]){"--rules", "--expansions", "--help", NULL}},
    {"pipeline", (const char *const[]){"--rules", "--expansions", "--help", NULL}},
    {"explain", (const char *const[]){"--rules", "--expansions", "--markdown", "--help", NULL}},
    {"bench", (const char *const[]){"--games", "--players", "--bot", "--rules", "--tiles", "--compare", "--json",
                                    "--checksum", "--greedy-every", "--help", NULL}},
    {"render", (const char *const[]){"--svg", "--rules", "--map", "--help", NULL}},
    {"merge", (const char *const[]){"--json", "--json-out", "--html", "--help", NULL}},
    {"simulate", (const char *const[]){"--rules", "--against", "--games", "--players", "--bot", "--seed", "--jobs",
                                       "--shard", "--json", "--games-out", "--html", "--help", NULL}},
};

enum { FAR = 3 }; /* edits at which two spellings no longer look alike */

/* Edits (insert, delete, replace, swap two neighbours) from a to b, counted
 * up to FAR; options are short, so one row of 64 columns is enough. */
static int edits(const char *a, const char *b) {
  const size_t n = strlen(a), m = strlen(b);
  if (n >= 63 || m >= 63 || (n > m ? n - m : m - n) >= FAR) return FAR;
  int prev2[64], prev[64], row[64];
  for (size_t j = 0; j <= m; j++) prev[j] = (int)j;
  for (size_t i = 1; i <= n; i++) {
    row[0] = (int)i;
    for (size_t j = 1; j <= m; j++) {
      int best = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < best) best = prev[j] + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < best)
        best = prev2[j - 2] + 1;
      row[j] = best;
    }
    memcpy(prev2, prev, sizeof prev);
    memcpy(prev, row, sizeof row);
  }
  return prev[m] < FAR ? prev[m] : FAR;
}

const char *cli_suggest_option(const char *cmd, const char *given) {
  for (size_t c = 0; c < sizeof COMMAND_OPTIONS / sizeof *COMMAND_OPTIONS; c++) {
    if (strcmp(COMMAND_OPTIONS[c].cmd, cmd)) continue;
    const char *best = NULL;
    int best_edits = FAR;
    for (const char *const *o = COMMAND_OPTIONS[c].options; *o; o++) {
      /* a beginning that names one option only ("--comp") is as good as one edit */
      const size_t len = strlen(given);
      const int d = len > 3 && !strncmp(*o, given, len) ? 1 : edits(given, *o);
      if (d < best_edits) best = *o, best_edits = d;
    }
    return best;
  }
  return NULL;
}

int cli_unknown_option(const char *cmd, const char *option) {
  const char *near = cli_suggest_option(cmd, option);
  char msg[320];
  if (near) snprintf(msg, sizeof msg, "unknown option '%.200s'; did you mean '%s'?", option, near);
  else snprintf(msg, sizeof msg, "unknown option '%.200s'", option);
  return cli_usage_message(cmd, msg);
}

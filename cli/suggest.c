/* suggest.c - "did you mean" for an option a command does not take: the
 * option of that command closest in spelling to what was typed. The lists
 * are the options each command's --help names; tests/cli_checks.cmake
 * misspells every option --help prints and expects it suggested back. */
#include "cli.h"
#include "near.h"
#include <string.h>

static const struct {
  const char *cmd, *const *options;
} COMMAND_OPTIONS[] = {
    {"play", (const char *const[]){"--players", "--seed", "--bot", "--rules", "--expansions", "--map", "--svg",
                                   "--save", "--help", NULL}},
    {"tiles", (const char *const[]){"--rules", "--expansions", "--help", NULL}},
    {"pipeline", (const char *const[]){"--rules", "--expansions", "--svg", "--help", NULL}},
    {"explain", (const char *const[]){"--rules", "--expansions", "--markdown", "--help", NULL}},
    {"bench", (const char *const[]){"--games", "--players", "--bot", "--rules", "--tiles", "--compare", "--json",
                                    "--checksum", "--greedy-every", "--help", NULL}},
    {"render", (const char *const[]){"--svg", "--rules", "--map", "--help", NULL}},
    {"merge", (const char *const[]){"--json", "--json-out", "--html", "--help", NULL}},
    {"simulate", (const char *const[]){"--rules", "--against", "--games", "--players", "--bot", "--seed", "--jobs",
                                       "--shard", "--json", "--games-out", "--html", "--help", NULL}},
};

/* The option of `cmd` spelt most like `given`, or NULL. */
static const char *suggest_option(const char *cmd, const char *given) {
  for (size_t c = 0; c < sizeof COMMAND_OPTIONS / sizeof *COMMAND_OPTIONS; c++) {
    if (strcmp(COMMAND_OPTIONS[c].cmd, cmd)) continue;
    /* the beginning of an option ("--comp") names it, as the shell's completion would */
    const size_t len = strlen(given);
    for (const char *const *o = COMMAND_OPTIONS[c].options; len > 3 && *o; o++)
      if (!strncmp(*o, given, len)) return *o;
    return binding_near_name(given, COMMAND_OPTIONS[c].options);
  }
  return NULL;
}

int cli_unknown_option(const char *cmd, const char *option) {
  const char *near = suggest_option(cmd, option);
  char shown[200], msg[320]; /* a control byte as '?', a long option cut between characters */
  shown_text(option, shown, sizeof shown);
  if (near) snprintf(msg, sizeof msg, "unknown option '%s'; did you mean '%s'?", shown, near);
  else snprintf(msg, sizeof msg, "unknown option '%s'", shown);
  return cli_usage_message(cmd, msg);
}

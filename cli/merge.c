/* merge.c - `carcassonne merge`: adds the --json summaries of a study's
 * shards into the summary one run over all the games gives. Summaries hold
 * only integer sums and counts, so the order of the files does not matter;
 * the shards must share the study and together cover a run of games. */
#include "cli.h"
#include "sim.h"
#include <stdlib.h>
#include <string.h>

static int usage(const char *msg) {
  fprintf(stderr, "carcassonne merge: %s (try 'carcassonne merge --help')\n", msg);
  return 2;
}

int cli_merge(int argc, char **argv) {
  const char *json_path = NULL, *html_path = NULL;
  int json = 0, nfiles = 0;
  const char **files = calloc((size_t)argc + 1, sizeof *files);
  if (!files) return 1;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf("usage: carcassonne merge [--json | --json-out FILE] [--html FILE] SUMMARY.json...\n"
             "Adds the --json summaries of a study's shards ('simulate --shard I/N --json')\n"
             "into exactly the summary a single run over the same games gives, and prints\n"
             "it as text, as JSON (--json) or as a report page (--html). The shards may\n"
             "come in any order; together they must cover a run of games without gaps.\n");
      free(files);
      return 0;
    }
    if (!strcmp(a, "--json")) {
      json = 1;
      continue;
    }
    if (!strcmp(a, "--json-out")) {
      if (i + 1 >= argc) return free(files), usage("--json-out needs a FILE");
      json = 1, json_path = argv[++i];
      continue;
    }
    if (!strcmp(a, "--html")) {
      if (i + 1 >= argc) return free(files), usage("--html needs a FILE");
      html_path = argv[++i];
      continue;
    }
    if (!strncmp(a, "--", 2)) {
      return free(files), cli_unknown_option("merge", a);
    }
    files[nfiles++] = a;
  }
  if (!nfiles) return free(files), usage("no summaries given");
  sim_summary **all = calloc((size_t)nfiles, sizeof *all);
  int rc = 0;
  char err[512];
  for (int i = 0; i < nfiles && !rc; i++) {
    const char *why = NULL;
    char *text = cli_read_file(files[i], &why);
    if (!text) {
      fprintf(stderr, "carcassonne merge: %s: %s\n", files[i], why);
      rc = 1;
      break;
    }
    all[i] = malloc(sizeof *all[i]);
    if (!all[i] || !sim_read_json(text, all[i], err, sizeof err)) {
      fprintf(stderr, "carcassonne merge: %s: %s\n", files[i], all[i] ? err : "out of memory");
      rc = 1;
    }
    free(text);
  }
  /* Add the slices in the order of their first game, so that any order of
   * the files gives the same result (and every step adds neighbours). */
  sim_summary *sum = NULL;
  if (!rc) {
    int *used = calloc((size_t)nfiles, sizeof *used);
    for (int k = 0; k < nfiles && !rc; k++) {
      int best = -1;
      for (int i = 0; i < nfiles; i++)
        if (!used[i] && (best < 0 || all[i]->cfg.first < all[best]->cfg.first ||
                         (all[i]->cfg.first == all[best]->cfg.first && all[i]->cfg.count < all[best]->cfg.count)))
          best = i;
      used[best] = 1;
      if (!sum) {
        sum = all[best];
        all[best] = NULL;
      } else if (!sim_summary_add(sum, all[best], err, sizeof err)) {
        fprintf(stderr, "carcassonne merge: %s: %s\n", files[best], err);
        rc = 1;
      }
    }
    free(used);
  }
  if (!rc) rc = sim_emit(sum, json, json_path, html_path, "merge");
  for (int i = 0; i < nfiles; i++) free(all[i]);
  free(all);
  free(sum);
  free(files);
  return rc;
}

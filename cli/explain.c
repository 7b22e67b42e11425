/* explain.c - `carcassonne explain`: the scoring table of a ruleset, feature
 * by feature, each row a handler in pipeline order with the description it
 * declared (carc_handler_describe), in the shape of the final-scoring table
 * of the rules: road, city, monastery, farm, then other scoring. */
#include "cli.h"
#include <string.h>

/* The line of `desc` for kind `kind` and reason `reason` ("completed" or
 * "final"): "KIND REASON: text", else "KIND: text", else the first line
 * whose key is no kind name. Sets *len; NULL if nothing fits. */
static const char *pick(const carc_engine *e, const char *desc, const char *kind, const char *reason,
                        size_t *len) {
  const char *best = NULL;
  size_t best_len = 0;
  int best_rank = 0; /* 3 kind+reason, 2 kind, 1 unkeyed */
  for (const char *line = desc; *line;) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    const char *colon = memchr(line, ':', n);
    int rank = 1;
    const char *text = line;
    if (colon && colon[1] == ' ') {
      char key[96];
      size_t kn = (size_t)(colon - line);
      if (kn < sizeof key) {
        memcpy(key, line, kn);
        key[kn] = '\0';
        char *space = strchr(key, ' ');
        const char *why = NULL;
        if (space) {
          *space = '\0';
          why = space + 1;
        }
        int is_kind = carc_kind_find(e, key) >= 0 || !strcmp(key, "farm");
        if (is_kind && (!why || !strcmp(why, "completed") || !strcmp(why, "final"))) {
          int same = !strcmp(key, kind) || (!strcmp(key, "farm") && !strcmp(kind, "field"));
          rank = !same ? 0 : why ? (!strcmp(why, reason) ? 3 : 0) : 2;
          text = colon + 2;
        }
      }
    }
    if (rank > best_rank) {
      best = text;
      best_len = n - (size_t)(text - line);
      best_rank = rank;
    }
    line += n + (end != NULL);
  }
  *len = best_len;
  return best;
}

static const char *title(const char *kind) {
  if (!strcmp(kind, "road")) return "Road";
  if (!strcmp(kind, "city")) return "City";
  if (!strcmp(kind, "monastery")) return "Monastery";
  if (!strcmp(kind, "field")) return "Farm (field)";
  if (!strcmp(kind, "water")) return "Water";
  return kind;
}

/* Does handler i touch kind k for reason r? */
static int touches(const carc_engine *e, int i, int k, int r) {
  carc_filter f;
  carc_handler_filter(e, i, &f);
  if (!carc_handler_enabled(e, i)) return 0;
  if (f.kinds && !(f.kinds & (1u << k))) return 0;
  return !f.reasons || (f.reasons & r);
}

/* Is kind k named by some handler's filter (so it gets a block)? */
static int named(const carc_engine *e, int k) {
  for (int i = 0; i < carc_handler_count(e); i++) {
    carc_filter f;
    carc_handler_filter(e, i, &f);
    if (f.kinds & (1u << k)) return 1;
  }
  return 0;
}

static void row(FILE *out, int markdown, const char *when, int prio, const char *name, const char *text,
                size_t len) {
  if (!text) text = "(no description)", len = strlen(text);
  if (markdown) {
    fprintf(out, "| %s | %d | `", when, prio);
    for (const char *c = name; *c; c++) { /* a '|' ends the cell even in a code span */
      if (*c == '|') fputc('\\', out);
      fputc(*c, out);
    }
    fputs("` | ", out);
    for (size_t i = 0; i < len; i++) { /* a '|' in the text would end the cell */
      if (text[i] == '|') fputc('\\', out);
      fputc(text[i], out);
    }
    fprintf(out, " |\n");
  }
  else fprintf(out, "    %3d  %-34s %.*s\n", prio, name, (int)len, text); /* long names push the text */
}

static void block(FILE *out, const carc_engine *e, int k, int markdown) {
  const char *kind = carc_kind_name(e, k);
  static const struct { int reason; const char *name, *label; } reasons[] = {
      {CARC_FINAL, "final", "after the game"}, {CARC_COMPLETED, "completed", "when completed"}};
  if (markdown) fprintf(out, "## %s\n\n| when | priority | handler | row |\n| --- | --- | --- | --- |\n", title(kind));
  else fprintf(out, "%s\n", title(kind));
  for (int r = 0; r < (k == CARC_FIELD ? 1 : 2); r++) { /* farms are scored after the game only */
    if (!markdown) fprintf(out, "  %s\n", reasons[r].label);
    for (int i = 0; i < carc_handler_count(e); i++) {
      if (!touches(e, i, k, reasons[r].reason)) continue;
      size_t len;
      const char *text = pick(e, carc_handler_description(e, i), kind, reasons[r].name, &len);
      row(out, markdown, reasons[r].label, carc_handler_priority(e, i), carc_handler_name(e, i), text, len);
    }
  }
  fprintf(out, "\n");
}

static void explain(FILE *out, const carc_engine *e, const char *what, int markdown) {
  if (markdown) fprintf(out, "# Scoring table: %s\n\nRows in pipeline order (priority, then load order).\n\n", what);
  else fprintf(out, "scoring table: %s (rows in pipeline order)\n\n", what);
  static const int order[] = {CARC_ROAD, CARC_CITY, CARC_MONASTERY, CARC_FIELD};
  for (int i = 0; i < 4; i++) block(out, e, order[i], markdown);
  for (int k = CARC_WATER; k < CARC_MAX_KINDS; k++) {
    if (k == CARC_MONASTERY || !carc_kind_name(e, k) || !strcmp(carc_kind_name(e, k), "?")) continue;
    if (named(e, k)) block(out, e, k, markdown);
  }
  int any = 0;
  for (int p = 0; p < CARC_HOOK_COUNT; p++)
    for (int i = 0; i < carc_hook_count(e, (carc_hook_point)p); i++) {
      const char *d = carc_hook_description(e, (carc_hook_point)p, i);
      if (!d[0] || !carc_hook_enabled(e, (carc_hook_point)p, i)) continue;
      if (!any) {
        if (markdown) fprintf(out, "## Other scoring\n\n| when | priority | hook | row |\n| --- | --- | --- | --- |\n");
        else fprintf(out, "Other scoring\n");
        any = 1;
      }
      size_t len = strcspn(d, "\n");
      char name[2 * CARC_MAX_NAME + 8];
      if (markdown) snprintf(name, sizeof name, "%s", carc_hook_name(e, (carc_hook_point)p, i));
      else snprintf(name, sizeof name, "%s (%s)", carc_hook_name(e, (carc_hook_point)p, i),
                    carc_hook_point_name((carc_hook_point)p));
      row(out, markdown, carc_hook_point_name((carc_hook_point)p), carc_hook_priority(e, (carc_hook_point)p, i),
          name, d, len);
    }
  if (any) fprintf(out, "\n");
}

int cli_explain(int argc, char **argv) {
  const char *rules = NULL, *expansions = NULL;
  int markdown = 0;
  if (cli_help_asked(argc, argv)) {
    printf("usage: carcassonne explain [--rules FILE | --expansions A,B,...] [--markdown]\n"
           "Prints the scoring table of a ruleset: for the road, city, monastery and farm\n"
           "(and kinds expansions declare), the rows that apply after the game and when\n"
           "the feature is completed, one per scoring handler in pipeline order, with the\n"
           "description the handler declares; then hooks that score outside features.\n"
           "  --markdown  the same as Markdown tables, for docs\n");
    return 0;
  }
  char *rest[64];
  int n = 0;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--markdown")) markdown = 1;
    else if (n < 64) rest[n++] = argv[i];
    else return cli_usage_message("explain", "too many arguments");
  }
  int r = cli_rules_options("explain", n, rest, &rules, &expansions);
  if (r) return r;
  carc_engine *e = cli_engine_with(rules, expansions, "explain");
  if (!e) return 1;
  char what[512];
  if (rules) snprintf(what, sizeof what, "ruleset %s", rules);
  else if (expansions) snprintf(what, sizeof what, "base game + %s", expansions);
  else snprintf(what, sizeof what, "base game");
  explain(stdout, e, what, markdown);
  cli_engine_free(e);
  return 0;
}

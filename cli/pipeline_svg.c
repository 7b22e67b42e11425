/* pipeline_svg.c - `carcassonne pipeline --svg FILE`: the scoring pipeline
 * as a picture. One column a stage, left to right; in each, the handlers in
 * the order they run, top to bottom, coloured by expansion; a handler that
 * is off is drawn dashed. A ruleset's `order` moves a box, so a house rule's
 * author sees at a glance where each modifier applies. Built from the public
 * API only, as any embedder could. */
#include "cli.h"
#include "../engine/src/xml_char.h" /* the same test as the board picture's */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COLUMN_W 210  /* pixels a stage's column, gap included */
#define BOX_W 196
#define BOX_H 30
#define BOX_GAP 6
#define TOP 70        /* the title and the stage headers above the boxes */
#define MARGIN 12
#define FONT 12
#define CHAR_EM 0.62  /* a sans-serif character's width, in em, generously */

static const int stage_priority[] = {CARC_STAGE_MAJORITY,   CARC_STAGE_COUNT,      CARC_STAGE_PER_TILE,
                                     CARC_STAGE_FEATURE,    CARC_STAGE_POST_BONUS, CARC_STAGE_PLAYER};
#define STAGES ((int)(sizeof stage_priority / sizeof stage_priority[0]))

/* Fills for the expansions in the order they first appear; the base game
 * is always grey. Past the palette, colours repeat (the legend still names
 * each expansion). */
static const char *const palette[] = {"#f4c77d", "#9fc5e8", "#b6d7a8", "#ea9999", "#d5a6bd",
                                      "#ffe599", "#a2c4c9", "#f9cb9c", "#b4a7d6", "#c9daf8"};
#define BASE_FILL "#d9d9d9"

/* Name text as XML: markup characters escaped, what XML 1.0 allows in no
 * form (xml_char.h) as '?'. At most `chars` characters, then an ellipsis. */
static void put_name(FILE *f, const char *s, int chars) {
  const char *end = s + strlen(s);
  for (int n = 0; s < end; n++) {
    if (n == chars) {
      fputs("\xe2\x80\xa6", f);
      return;
    }
    const unsigned char c = (unsigned char)*s;
    const int bytes = xml_char_bytes((const unsigned char *)s, (size_t)(end - s));
    if (c == '<') fputs("&lt;", f);
    else if (c == '>') fputs("&gt;", f);
    else if (c == '&') fputs("&amp;", f);
    else if (c == '"') fputs("&quot;", f);
    else if (bytes < 0) fputc('?', f);
    else fwrite(s, 1, (size_t)bytes, f);
    s += bytes < 0 ? -bytes : bytes;
  }
}

/* A handler's expansion: its name up to the first dot ("" without one). */
static size_t expansion_length(const char *name) {
  const char *dot = strchr(name, '.');
  return dot ? (size_t)(dot - name) : 0;
}

/* The expansions in the legend: at most one a handler, so `cap` is the
 * handler count and every expansion is named. */
typedef struct expansions {
  const char **name;
  size_t *len;
  int n, cap;
} expansions;

/* The legend's index of handler `name`'s expansion, added when new; -1 for
 * the base game (grey). */
static int expansion_index(expansions *x, const char *name) {
  const size_t len = expansion_length(name);
  if (len == 4 && !strncmp(name, "base", 4)) return -1;
  for (int i = 0; i < x->n; i++)
    if (x->len[i] == len && !strncmp(x->name[i], name, len)) return i;
  if (x->n == x->cap) return -1; /* not reached: cap is the handler count */
  x->name[x->n] = name;
  x->len[x->n] = len;
  return x->n++;
}

static const char *fill_of(int index) { return index < 0 ? BASE_FILL : palette[index % (int)(sizeof palette / sizeof *palette)]; }

/* A priority's column: the engine's stage for it (carc_stage_name), so the
 * picture's bands are the engine's. */
static int stage_of(int priority) {
  const char *name = carc_stage_name(priority);
  int s = 0;
  while (s + 1 < STAGES && strcmp(carc_stage_name(stage_priority[s]), name)) s++;
  return s;
}

static int max_chars(double room, double font) { return (int)(room / (font * CHAR_EM)); }

/* Draws the picture, its legend in `x` (room for every handler's expansion). */
static void draw(FILE *f, const carc_engine *e, expansions x) {
  const int n = carc_handler_count(e);
  int rows[STAGES] = {0};
  for (int i = 0; i < n; i++) rows[stage_of(carc_handler_priority(e, i))]++;
  int tallest = 1;
  for (int s = 0; s < STAGES; s++) tallest = rows[s] > tallest ? rows[s] : tallest;
  for (int i = 0; i < n; i++) expansion_index(&x, carc_handler_name(e, i));
  const int legend_rows = (x.n + 1 + 3) / 4; /* the base game and the expansions, four a row */
  const int width = 2 * MARGIN + STAGES * COLUMN_W - (COLUMN_W - BOX_W);
  const int boxes_bottom = TOP + tallest * (BOX_H + BOX_GAP);
  const int height = boxes_bottom + 40 + legend_rows * 22 + MARGIN;

  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
             "font-family=\"sans-serif\" font-size=\"%d\">\n"
             "<rect width=\"%d\" height=\"%d\" fill=\"#fbfaf5\"/>\n",
          width, height, width, height, FONT, width, height);
  fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\" fill=\"#1b2631\">The scoring pipeline: "
             "every scoring runs these handlers, left to right, top to bottom</text>\n", MARGIN);
  for (int s = 0; s < STAGES; s++) {
    const int x0 = MARGIN + s * COLUMN_W;
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\" fill=\"#1b2631\">%s</text>\n", x0, TOP - 24,
            carc_stage_name(stage_priority[s]));
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#555555\">priority %d to %d</text>\n", x0,
            TOP - 10, s ? stage_priority[s] : 0, s + 1 < STAGES ? stage_priority[s + 1] - 1 : 999);
    if (s + 1 < STAGES) /* the flow to the next stage */
      fprintf(f, "<path d=\"M%d %d l6 6 l-6 6\" fill=\"none\" stroke=\"#888888\" stroke-width=\"2\"/>\n",
              x0 + BOX_W + 3, TOP + BOX_H / 2 - 6);
  }
  int row[STAGES] = {0};
  for (int i = 0; i < n; i++) {
    const char *name = carc_handler_name(e, i);
    const int priority = carc_handler_priority(e, i), s = stage_of(priority), on = carc_handler_enabled(e, i);
    const int x0 = MARGIN + s * COLUMN_W, y0 = TOP + row[s]++ * (BOX_H + BOX_GAP);
    fprintf(f, "<g class=\"handler\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" "
               "stroke=\"#555555\"%s/>\n",
            x0, y0, BOX_W, BOX_H, on ? fill_of(expansion_index(&x, name)) : "#ffffff",
            on ? "" : " stroke-dasharray=\"4 3\"");
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\" fill=\"#1b2631\">%d</text>", x0 + 6, y0 + 19, priority);
    const size_t skip = expansion_length(name) ? expansion_length(name) + 1 : 0;
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\">", x0 + 38, y0 + 19, on ? "#1b2631" : "#888888");
    put_name(f, name + skip, max_chars(BOX_W - 44 - (on ? 0 : 28), FONT));
    fputs(on ? "</text>" : " (off)</text>", f);
    fputs("</g>\n", f);
  }
  int kinds[32];
  const int nk = carc_engine_final_order(e, kinds, 32);
  fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#555555\">Several features scored in one call (a "
             "turn's, the final scoring) go by kind: ", MARGIN, boxes_bottom + 16);
  for (int k = 0; k < nk && k < 32; k++) {
    if (k) fputs(", ", f);
    put_name(f, carc_kind_name(e, kinds[k]), 40);
  }
  fputs("</text>\n", f);
  for (int i = -1; i < x.n; i++) { /* the legend: the base game, then each expansion */
    const int slot = i + 1, lx = MARGIN + (slot % 4) * 300, ly = boxes_bottom + 34 + (slot / 4) * 22;
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" rx=\"2\" fill=\"%s\" stroke=\"#555555\"/>", lx, ly,
            fill_of(i));
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#1b2631\">", lx + 20, ly + 12);
    if (i < 0) fputs("base game", f);
    else if (!x.len[i]) fputs("handlers named without an expansion", f);
    else {
      char shown[CARC_MAX_NAME];
      snprintf(shown, sizeof shown, "%.*s", (int)x.len[i], x.name[i]);
      put_name(f, shown, 40);
    }
    fputs("</text>\n", f);
  }
  fputs("</svg>\n", f);
}

int cli_pipeline_svg(const carc_engine *e, const char *path, const char *cmd) {
  const size_t n = (size_t)carc_handler_count(e) + 1;
  expansions x = {malloc(sizeof(const char *) * n), malloc(sizeof(size_t) * n), 0, (int)n};
  if (!x.name || !x.len) { /* before the file is opened: a picture already there stays */
    free(x.name);
    free(x.len);
    return cli_cannot_write(cmd, path, 0); /* errno 0: "out of memory" */
  }
  errno = 0;
  FILE *f = fopen(path, "wb");
  const int open_err = errno;
  if (f) draw(f, e, x);
  free(x.name);
  free(x.len);
  if (!f) return cli_cannot_write(cmd, path, open_err);
  bool ok = !ferror(f);
  int err = errno;
  if (fclose(f) != 0 && ok) ok = false, err = errno;
  return ok ? 0 : cli_cannot_write(cmd, path, err);
}

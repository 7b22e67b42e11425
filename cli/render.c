/* render.c - `carcassonne render SAVE.json --svg FILE`: draws a saved game,
 * and the SVG writer `play --svg` shares. */
#include "carc_lua.h"
#include "cli.h"
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int cli_write_svg(const carc_game *g, const char *path, const char *cmd) {
  size_t n = carc_game_render_svg(g, NULL, 0);
  char *buf = malloc(n + 1);
  if (!buf) return 1;
  carc_game_render_svg(g, buf, n + 1);
  errno = 0;
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(buf, 1, n, f) == n;
  int err = errno;
  if (f && fclose(f) != 0 && ok) ok = false, err = errno; /* a small picture is written only here */
  free(buf);
  return ok ? 0 : cli_cannot_write(cmd, path, err);
}

int cli_load_map(carc_engine *e, const char *map, const char *cmd) {
  if (!map) return 0;
  carc_map_info mi;
  if (carc_engine_map_info(e, &mi)) {
    fprintf(stderr, "carcassonne %s: the ruleset already chose the map '%s' (drop --map, or set the maps "
            "expansion's map option)\n", cmd, mi.name);
    return 1;
  }
  char err[768];
  if (carc_map_file_load(e, map, NULL, err, sizeof err) != CARC_OK) {
    fprintf(stderr, "carcassonne %s: %s\n", cmd, err);
    return 1;
  }
  return 0;
}

int cli_render(int argc, char **argv) {
  const char *save = NULL, *svg = NULL, *rules = NULL, *map = NULL;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf("usage: carcassonne render SAVE.json [--svg FILE] [--rules FILE] [--map NAME]\n"
             "Loads a saved game and prints its board and scores; --svg FILE also writes the board as\n"
             "an SVG picture. A save names its tiles and map but not its ruleset: give the\n"
             "ruleset the game was played with (--rules FILE, and --map NAME if the map\n"
             "came from --map), as for 'carcassonne play'.\n");
      return 0;
    }
    if (a[0] != '-' || !strcmp(a, "-")) { /* "-": the save from standard input */
      if (save) {
        fprintf(stderr, "carcassonne render: one saved game at a time ('%s' and '%s' given)\n", save, a);
        return 2;
      }
      save = a;
      continue;
    }
    const int valued = !strcmp(a, "--svg") || !strcmp(a, "--rules") || !strcmp(a, "--map");
    if (valued && i + 1 >= argc) {
      fprintf(stderr, "carcassonne render: %s is missing its value\n", a);
      return 2;
    }
    if (!strcmp(a, "--svg")) svg = argv[++i];
    else if (!strcmp(a, "--rules")) rules = argv[++i];
    else if (!strcmp(a, "--map")) map = argv[++i];
    else {
      return cli_unknown_option("render", a);
    }
  }
  if (!save) {
    fprintf(stderr, "carcassonne render: no saved game given (try 'carcassonne render --help')\n");
    return 2;
  }
  const char *why = NULL;
  char *text = cli_read_file(save, &why);
  if (!text) {
    fprintf(stderr, "carcassonne render: %s: %s\n", save, why);
    return 1;
  }
  carc_engine *e = cli_engine(rules, "render");
  if (!e || cli_load_map(e, map, "render")) {
    free(text);
    if (e) cli_engine_free(e);
    return 1;
  }
  char err[1024];
  carc_game *g = carc_game_load(e, text, err, sizeof err);
  free(text);
  if (!g) {
    fprintf(stderr, "carcassonne render: %s: %s%s\n", save, err,
            rules ? "" : " (a save does not name its ruleset: give the one it was played with, --rules FILE)");
    cli_engine_free(e);
    return 1;
  }
  const size_t n = carc_game_render_board(g, NULL, 0); /* a large game's board is megabytes */
  char *board = malloc(n + 1);
  if (!board) {
    fprintf(stderr, "carcassonne render: out of memory\n");
    carc_game_free(g);
    cli_engine_free(e);
    return 1;
  }
  carc_game_render_board(g, board, n + 1);
  fputs(board, stdout);
  free(board);
  printf("%s:", carc_game_phase(g) == CARC_PHASE_OVER ? "final scores" : "scores");
  for (int p = 0; p < carc_game_players(g); p++) printf(" %s %d", carc_player_name(p), carc_game_score(g, p));
  printf("\n");
  int rc = svg ? cli_write_svg(g, svg, "render") : 0;
  carc_game_free(g);
  cli_engine_free(e);
  return rc;
}

/* carcassonne - the command-line front end: play seeded games with bots,
 * list tiles, print the scoring pipeline, run the benchmark. */
#include "carcassonne.h"
#include "carc_lua.h"
#include "cli.h"
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_cannot_write(const char *cmd, const char *path, int err) {
  char shown[1024];
  fprintf(stderr, "carcassonne %s: cannot write %s: %s\n", cmd, shown_text(path, shown, sizeof shown),
          err == EISDIR ? "it is a folder" : err ? strerror(err) : "out of memory");
  return 1;
}

int cli_usage_message(const char *cmd, const char *msg) {
  fprintf(stderr, "carcassonne %s: %s (try 'carcassonne %s --help')\n", cmd, msg, cmd);
  return 2;
}

int cli_usage_error(const char *cmd, const char *option, int unknown) {
  if (unknown) return cli_unknown_option(cmd, option);
  char msg[256];
  snprintf(msg, sizeof msg, "option '%s' is missing its value", option);
  return cli_usage_message(cmd, msg);
}

int cli_option(int argc, char **argv, int *i, const char *const *known, const char **value) {
  const char *a = argv[*i];
  int k = 0;
  while (known[k] && strcmp(known[k], a)) k++;
  if (!known[k]) return 1;
  if (*i + 1 >= argc) return 2;
  *value = argv[++*i];
  return 0;
}

int cli_help_asked(int argc, char **argv) {
  for (int i = 0; i < argc; i++)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
  return 0;
}

int cli_rules_options(const char *cmd, int argc, char **argv, const char **rules,
                      const char **expansions) {
  return cli_rules_options_and(cmd, argc, argv, rules, expansions, NULL, NULL);
}

int cli_rules_options_and(const char *cmd, int argc, char **argv, const char **rules, const char **expansions,
                          const char *extra, const char **extra_value) {
  const char *const known[] = {"--rules", "--expansions", extra, NULL};
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int r = cli_option(argc, argv, &i, known, &v);
    if (r) return cli_usage_error(cmd, a, r == 1);
    if (!strcmp(a, "--rules")) *rules = v;
    else if (!strcmp(a, "--expansions")) *expansions = v;
    else *extra_value = v;
  }
  if (*rules && *expansions) return cli_usage_message(cmd, "give --rules or --expansions, not both");
  return 0;
}

char *cli_read_file(const char *path, const char **why) {
  size_t n = 0;
  errno = 0;
  char *text = strcmp(path, "-") ? read_text_file(path, CLI_FILE_LIMIT, &n)
                                 : read_text_stream(stdin, CLI_FILE_LIMIT, &n);
  if (!text) {
    *why = read_failure(errno, "it is larger than 64 MiB");
    return NULL;
  }
  if (memchr(text, '\0', n)) { /* the text would end there unnoticed */
    *why = "it holds a NUL byte (not text)";
    free(text);
    return NULL;
  }
  return text;
}

int cli_parse_u64(const char *s, unsigned long long *out) {
  char *end;
  errno = 0;
  if (!s[0] || s[0] == '-' || s[0] == '+' || s[0] == ' ') return 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || end == s || *end) return 0;
  *out = v;
  return 1;
}

int cli_parse_int(const char *s, long lo, long hi, long *out) {
  char *end;
  if (!((*s >= '0' && *s <= '9') || *s == '-')) return 0; /* no space or '+' first: as cli_parse_u64 */
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi) return 0;
  *out = v;
  return 1;
}

static const char *kind_label(carc_engine *e, int k) { return carc_kind_name(e, k); }

static void print_scores(carc_game *g, const char *title) {
  printf("%s:", title);
  for (int p = 0; p < carc_game_players(g); p++)
    printf(" %s %d", carc_player_name(p), carc_game_score(g, p));
  printf("\n");
}

/* Prints the lines of `now` that are not in `before`, indented. */
static void print_changed(FILE *out, const char *before, const char *now) {
  for (const char *line = now; *line;) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    int seen = 0;
    for (const char *b = before; *b && !seen;) {
      const char *be = strchr(b, '\n');
      size_t bl = be ? (size_t)(be - b) : strlen(b);
      seen = bl == len && !strncmp(b, line, len);
      b += bl + (be != NULL);
    }
    if (!seen && len) fprintf(out, "  %.*s\n", (int)len, line);
    line += len + (end != NULL);
  }
}

/* A growable string for what expansions say of their state. */
typedef struct text {
  char *text;
  size_t cap;
} text;
/* Makes room for `need` bytes; 0 when out of memory (the text stays). */
static int grow(text *t, size_t need) {
  char *bigger = realloc(t->text, need);
  if (!bigger) return 0;
  t->text = bigger;
  t->cap = need;
  return 1;
}
/* Control bytes but line ends and tabs shown as '?': an expansion's text
 * (x:describe) reaches the terminal, where an escape would drive it. */
static void printable(char *s) {
  for (; s && *s; s++)
    if (((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t') || *s == 0x7F) *s = '?';
}
static void describe(carc_lua *cl, carc_game *g, text *t) {
  size_t n = carc_lua_describe(cl, g, t->text, t->cap);
  if (n + 1 > t->cap && grow(t, n + 1)) carc_lua_describe(cl, g, t->text, t->cap);
  printable(t->text);
}

/* The widths of a turn line's columns (turn number, player, tile), from
 * every name the game can show there, so that a long tile name (an
 * expansion's, a map's) pads every line instead of pushing its own. */
typedef struct turn_columns {
  int turn, player, tile;
} turn_columns;

/* Characters a terminal shows for UTF-8 text: one per code point. */
static int text_width(const char *s) {
  int n = 0;
  for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
  return n;
}

static int digits(int n) {
  int d = 1;
  for (; n >= 10; n /= 10) d++;
  return d;
}

/* At the game's start: the turns never outnumber the tiles in the bag, and
 * only tile types with copies are drawn. */
static turn_columns turn_columns_of(const carc_game *g) {
  const carc_engine *e = carc_game_engine(g);
  turn_columns c = {digits(carc_game_bag_left(g) + 1), 0, 0};
  for (int p = 0; p < carc_game_players(g); p++) {
    int w = text_width(carc_player_name(p));
    if (w > c.player) c.player = w;
  }
  for (int t = 0; t < carc_tile_type_count(e); t++) {
    int w = text_width(carc_tile_type_name(e, t));
    if (carc_tile_type_copies(e, t) > 0 && w > c.tile) c.tile = w;
  }
  return c;
}

/* `s` then spaces up to `width` characters (printf pads by bytes, short for UTF-8 names). */
static void put_padded(FILE *out, const char *s, int width) {
  int pad = width - text_width(s);
  fprintf(out, "%s%*s", s, pad > 0 ? pad : 0, "");
}

static void put_turn_start(FILE *out, const turn_columns *c, int turn, const char *player, const char *tile) {
  fprintf(out, "turn %*d ", c->turn, turn);
  put_padded(out, player, c->player);
  fprintf(out, " draws ");
  put_padded(out, tile, c->tile);
}

/* Plays a whole game with bots, printing turns, scorings and the board. */
static int write_save(const carc_game *g, const char *path) {
  size_t n = carc_game_save(g, NULL, 0);
  char *buf = malloc(n + 1);
  errno = 0;
  FILE *f = buf ? fopen(path, "wb") : NULL;
  int ok = f != NULL;
  if (ok) {
    carc_game_save(g, buf, n + 1);
    ok = fwrite(buf, 1, n, f) == n;
  }
  const int err = errno;
  if (f && fclose(f) != 0) ok = 0;
  free(buf);
  return ok ? 0 : cli_cannot_write("play", path, err ? err : errno);
}

/* The figure a turn placed, from the event log (one "figure" event a turn):
 * a figure that scores at once is back in the supply when the turn line is
 * printed, and the board no longer shows it. */
typedef struct placed_figure {
  int turn, segment; /* segment index on the turn's tile; turn -1: none seen */
  char name[CARC_MAX_NAME];
} placed_figure;

static void note_figure_event(const carc_game *g, const char *json, void *ud) {
  (void)g;
  placed_figure *pf = ud;
  const char *name = strstr(json, "\"figure\":\""), *seg = strstr(json, "\"segment\":");
  static const char prefix[] = "{\"event\":\"figure\",\"turn\":";
  int turn;
  if (strncmp(json, prefix, sizeof prefix - 1) || !name || !seg || sscanf(json + sizeof prefix - 1, "%d", &turn) != 1)
    return;
  name += 10;
  size_t n = 0; /* the JSON string read back: an escape shows as what it stands for, a control as '?' */
  for (const char *c = name; *c && *c != '"' && n + 1 < sizeof pf->name; c++) {
    if (*c != '\\') {
      pf->name[n++] = *c;
      continue;
    }
    if (!*++c) break;
    if (*c == 'u') /* \u00XX: only controls are written so */
      for (int k = 0; k < 4 && c[1]; k++) c++;
    pf->name[n++] = *c == '"' || *c == '\\' || *c == '/' ? *c : '?';
  }
  pf->name[n] = '\0'; /* a name has at most CARC_MAX_NAME - 1 bytes: the whole of it fits */
  pf->segment = atoi(seg + 10);
  pf->turn = turn;
}

int cli_play_game(carc_engine *e, int players, unsigned long long seed, carc_bot bot, FILE *out,
                  const char *svg, const char *save) {
  carc_game_options opt = {players, seed, 0, 0};
  carc_game *g = carc_game_new(e, &opt);
  if (!g) {
    fprintf(stderr, "carcassonne play: %s\n", carc_engine_error(e));
    return 1;
  }
  fprintf(out, "game: %d players, seed %llu, %s bots, %d tiles in the bag\n", players, seed,
          bot == CARC_BOT_GREEDY ? "greedy" : "random", carc_game_bag_left(g) + 1);
  const turn_columns columns = turn_columns_of(g);
  placed_figure placed = {-1, -1, ""};
  carc_game_set_event_callback(g, note_figure_event, &placed);
  int shown = 0;
  text buf = {NULL, 0};
  int *where = malloc(sizeof *where * (size_t)(carc_game_figures(g) + 1));
  if (!where) {
    fprintf(stderr, "carcassonne play: out of memory\n");
    carc_game_free(g);
    return 1;
  }
  /* what the expansions say of their state (x:describe), printed when it changes */
  text said = {NULL, 0}, now = {NULL, 0};
  carc_lua *cl = carc_lua_of(e);
  if (cl) {
    describe(cl, g, &said);
    print_changed(out, "", said.text ? said.text : "");
  }
  while (carc_game_phase(g) != CARC_PHASE_OVER) {
    int turn = carc_game_turn(g), player = carc_game_current_player(g);
    int drawn = carc_game_drawn_tile(g);
    int before = carc_board_tiles(g);
    int nfig = carc_game_figures(g); /* neutral figures' places before the turn */
    for (int f = 0; f < nfig; f++) where[f] = carc_figure_segment(g, f);
    if (carc_bot_play_turn(g, bot) != CARC_OK) {
      fflush(stdout); /* the turns so far come before the error, when both go to one pipe */
      fprintf(stderr, "carcassonne play: %s\n", carc_game_error(g));
      free(where);
      free(buf.text);
      free(said.text);
      free(now.text);
      carc_game_free(g);
      return 1;
    }
    if (carc_board_tiles(g) > before) {
      int t = before;
      put_turn_start(out, &columns, turn + 1, carc_player_name(player), carc_tile_type_name(e, drawn));
      fprintf(out, " places at (%d,%d) rotation %d", carc_board_tile_x(g, t), carc_board_tile_y(g, t),
              carc_board_tile_rotation(g, t));
      bool on_tile = false;
      for (int f = 0; f < carc_game_figures(g); f++) {
        int s = carc_figure_segment(g, f);
        if (s >= 0 && carc_segment_tile(g, s) == t && carc_figure_owner(g, f) == player) {
          char ports[40]; /* at most "Nl,Nr,El,Er,Sl,Sr,Wl,Wr" */
          carc_board_segment_ports_text(g, s, ports, sizeof ports);
          fprintf(out, ", %s on %s%s%s%s", carc_figure_type_name(e, carc_figure_type(g, f)),
                  kind_label(e, carc_feature_kind(g, s)), ports[0] ? " [" : "", ports, ports[0] ? "]" : "");
          on_tile = true;
        }
      }
      const int placed_seg = placed.turn == turn ? carc_board_segment_id(g, t, placed.segment) : -1;
      if (!on_tile && placed_seg >= 0) { /* placed and scored in the turn: back in the supply */
        char ports[40];
        carc_board_segment_ports_text(g, placed_seg, ports, sizeof ports);
        fprintf(out, ", %s on %s%s%s%s (scored at once, back in the supply)", placed.name,
                kind_label(e, carc_feature_kind(g, placed_seg)), ports[0] ? " [" : "", ports, ports[0] ? "]" : "");
      }
      for (int k = 0; k < carc_token_type_count(e); k++)
        if (carc_board_tokens(g, t, k)) fprintf(out, ", %s", carc_token_type_name(e, k));
      for (int f = 0; f < nfig; f++) {
        int s = carc_figure_segment(g, f);
        if (carc_figure_owner(g, f) >= 0 || s == where[f] || s < 0) continue;
        int st = carc_segment_tile(g, s);
        fprintf(out, ", moves the %s to the %s at (%d,%d)", carc_figure_type_name(e, carc_figure_type(g, f)),
                kind_label(e, carc_feature_kind(g, s)), carc_board_tile_x(g, st), carc_board_tile_y(g, st));
      }
      fprintf(out, "\n");
    } else if (carc_game_phase(g) == CARC_PHASE_OVER) {
      fprintf(out, "final scoring\n");
    }
    for (; shown < carc_game_scorings(g); shown++) {
      size_t n = carc_game_describe_scoring(g, shown, buf.text, buf.cap);
      if (n + 1 > buf.cap && grow(&buf, n + 1)) carc_game_describe_scoring(g, shown, buf.text, buf.cap);
      printable(buf.text);
      if (buf.text) fprintf(out, "  %s", buf.text);
    }
    if (cl) {
      describe(cl, g, &now);
      print_changed(out, said.text ? said.text : "", now.text ? now.text : "");
      text swap = said;
      said = now;
      now = swap;
    }
  }
  if (carc_game_set_aside(g)) fprintf(out, "tiles set aside (fit nowhere): %d\n", carc_game_set_aside(g));
  size_t n = carc_game_render_board(g, buf.text, buf.cap);
  if (n + 1 > buf.cap && grow(&buf, n + 1)) carc_game_render_board(g, buf.text, buf.cap);
  if (buf.text) fprintf(out, "%s", buf.text);
  free(buf.text);
  print_scores(g, "final scores");
  int rc = svg ? cli_write_svg(g, svg, "play") : 0;
  if (!rc && save) rc = write_save(g, save);
  free(where);
  free(said.text);
  free(now.text);
  carc_game_free(g);
  return rc;
}

static int cmd_play(int argc, char **argv) {
  long players = 2;
  unsigned long long seed = 1;
  carc_bot bot = CARC_BOT_RANDOM;
  const char *rules = NULL, *expansions = NULL, *map = NULL, *svg = NULL, *save = NULL;
  static const char *const known[] = {"--players", "--seed", "--bot", "--rules", "--expansions", "--map", "--svg", "--save", NULL};
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf("usage: carcassonne play [--players N] [--seed S] [--bot random|greedy]\n"
             "                        [--rules FILE | --expansions A,B,...] [--map NAME]\n"
             "                        [--svg FILE] [--save FILE]\n"
             "Plays a seeded game with bots and prints every turn, every scoring with its\n"
             "breakdown, the final board and the final scores. Same arguments, same output.\n"
             "  --players N        2 to 5 players (default 2)\n"
             "  --seed S           a whole number from 0 to 18446744073709551615 (default 1)\n"
             "  --bot B            random (default) or greedy (best immediate points)\n"
             "  --rules FILE       a ruleset (Lua) naming expansions and options, or the name\n"
             "                     of a shipped one (default, everything; 'carcassonne paths')\n"
             "  --expansions LIST  expansions by name, comma separated, with their default\n"
             "                     options (no ruleset file needed)\n"
             "  --map NAME         play on a map (maps/NAME.map, or a path) under the rules\n"
             "                     given; the map's own rules come with the maps expansion\n"
             "  --svg FILE         write the final board as an SVG picture\n"
             "  --save FILE        write the finished game as JSON (see 'carcassonne render')\n");
      return 0;
    }
    const char *v = NULL;
    int r = cli_option(argc, argv, &i, known, &v);
    if (r) return cli_usage_error("play", a, r == 1);
    if (!strcmp(a, "--players")) {
      if (!cli_parse_int(v, 2, 5, &players)) return cli_usage_message("play", "--players takes 2 to 5");
    } else if (!strcmp(a, "--seed")) {
      if (!cli_parse_u64(v, &seed))
        return cli_usage_message("play", "--seed takes a whole number from 0 to 18446744073709551615");
    } else if (!strcmp(a, "--bot")) {
      if (!strcmp(v, "random")) bot = CARC_BOT_RANDOM;
      else if (!strcmp(v, "greedy")) bot = CARC_BOT_GREEDY;
      else return cli_usage_message("play", "--bot takes random or greedy");
    } else if (!strcmp(a, "--rules")) {
      rules = v;
    } else if (!strcmp(a, "--map")) {
      map = v;
    } else if (!strcmp(a, "--svg")) {
      svg = v;
    } else if (!strcmp(a, "--save")) {
      save = v;
    } else {
      expansions = v;
    }
  }
  if (rules && expansions) return cli_usage_message("play", "give --rules or --expansions, not both");
  carc_engine *e = cli_engine_with(rules, expansions, "play");
  if (!e) return 1;
  if (cli_load_map(e, map, "play")) {
    cli_engine_free(e);
    return 1;
  }
  int rc = cli_play_game(e, (int)players, (unsigned long long)seed, bot, stdout, svg, save);
  cli_engine_free(e);
  return rc;
}

static int cmd_tiles(int argc, char **argv) {
  const char *rules = NULL, *expansions = NULL;
  if (cli_help_asked(argc, argv)) {
    printf("usage: carcassonne tiles [--rules FILE | --expansions A,B,...]\n"
           "Lists the tile types with their counts, notation and a small picture\n"
           "(# city, = road, . field, ~ water, M monastery, * another area kind;\n"
           "in the centre + a road passing through, o a crossing, # a large city).\n");
    return 0;
  }
  int r = cli_rules_options("tiles", argc, argv, &rules, &expansions);
  if (r) return r;
  carc_engine *e = cli_engine_with(rules, expansions, "tiles");
  if (!e) return 1;
  int total = 0, width = 0; /* the names in one column, as wide as the longest */
  for (int t = 0; t < carc_tile_type_count(e); t++) {
    const int n = (int)strlen(carc_tile_type_name(e, t));
    width = n > width ? n : width;
  }
  for (int t = 0; t < carc_tile_type_count(e); t++) {
    char pic[64];
    carc_tile_picture(e, t, 0, pic, sizeof pic);
    char *l1 = pic, *l2 = strchr(l1, '\n') + 1, *l3 = strchr(l2, '\n') + 1;
    printf("%.5s  %-*s x%-2d  set %s\n%.5s  %s\n%.5s\n\n", l1, width, carc_tile_type_name(e, t),
           carc_tile_type_copies(e, t), carc_tile_type_set(e, t), l2, carc_tile_type_notation(e, t), l3);
    total += carc_tile_type_copies(e, t);
  }
  printf("%d tile types, %d tiles\n", carc_tile_type_count(e), total);
  cli_engine_free(e);
  return 0;
}

static int cmd_pipeline(int argc, char **argv) {
  const char *rules = NULL, *expansions = NULL, *svg = NULL;
  if (cli_help_asked(argc, argv)) {
    printf("usage: carcassonne pipeline [--rules FILE | --expansions A,B,...] [--svg FILE]\n"
           "Prints the resolved scoring pipeline: priority, stage, handler, expansion,\n"
           "then the game hooks in the order they run.\n"
           "  --svg FILE   also draws the handlers as a picture: a column a stage, in the\n"
           "               order they run, coloured by expansion\n");
    return 0;
  }
  int r = cli_rules_options_and("pipeline", argc, argv, &rules, &expansions, "--svg", &svg);
  if (r) return r;
  carc_engine *e = cli_engine_with(rules, expansions, "pipeline");
  if (!e) return 1;
  size_t n = 4096;
  for (;;) { /* the whole pipeline, however long */
    char *buf = malloc(n);
    if (!buf) break;
    carc_result done = carc_engine_describe_pipeline(e, buf, n);
    if (done == CARC_OK) fputs(buf, stdout);
    free(buf);
    if (done == CARC_OK) break;
    n *= 2;
  }
  const int rc = svg ? cli_pipeline_svg(e, svg, "pipeline") : 0;
  cli_engine_free(e);
  return rc;
}

static void help(void) {
  printf("usage: carcassonne COMMAND [OPTIONS]\n"
         "The Carcassonne rules engine %s.\n\n"
         "commands:\n"
         "  play       play a seeded game with bots and print it\n"
         "  tiles      list the tile types\n"
         "  pipeline   print the resolved scoring pipeline\n"
         "  explain    print the scoring table (rows per feature) of a ruleset\n"
         "  test       run Lua scenario files or folders\n"
         "  bench      measure full games per second\n"
         "  maps       list the maps with size, start squares and recommended tiles\n"
         "  render     draw a saved game (text, and SVG with --svg)\n"
         "  paths      print where expansions and maps are looked for\n"
         "  simulate   a balance study: many seeded games, one ruleset or two side by side\n"
         "  merge      add the summaries of a study's shards\n\n"
         "'carcassonne COMMAND --help' describes a command.\n", carc_version());
}

/* The command's exit code, or 1 when what it printed could not all be
 * written (a full disk, a closed pipe): output cut short is an error. */
static int flushed(int rc) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "carcassonne: cannot write the output: %s\n", strerror(errno));
    return rc ? rc : 1;
  }
  return rc;
}

static int run_command(int argc, char **argv);

int main(int argc, char **argv) { return flushed(run_command(argc, argv)); }

static int run_command(int argc, char **argv) {
  if (argc < 2) {
    help();
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    help();
    return 0;
  }
  if (!strcmp(cmd, "--version")) {
    printf("carcassonne %s\n", carc_version());
    return 0;
  }
  if (!strcmp(cmd, "play")) return cmd_play(argc - 2, argv + 2);
  if (!strcmp(cmd, "tiles")) return cmd_tiles(argc - 2, argv + 2);
  if (!strcmp(cmd, "pipeline")) return cmd_pipeline(argc - 2, argv + 2);
  if (!strcmp(cmd, "explain")) return cli_explain(argc - 2, argv + 2);
  if (!strcmp(cmd, "bench")) return cli_bench(argc - 2, argv + 2);
  if (!strcmp(cmd, "test")) return cli_test(argc - 2, argv + 2);
  if (!strcmp(cmd, "maps")) return cli_maps(argc - 2, argv + 2);
  if (!strcmp(cmd, "render")) return cli_render(argc - 2, argv + 2);
  if (!strcmp(cmd, "paths")) return cli_paths(argc - 2, argv + 2);
  if (!strcmp(cmd, "simulate")) return cli_simulate(argc - 2, argv + 2);
  if (!strcmp(cmd, "merge")) return cli_merge(argc - 2, argv + 2);
  fprintf(stderr, "carcassonne: unknown command '%s' (try 'carcassonne --help')\n", cmd);
  return 2;
}

/* carcassonne - the command-line front end: play seeded games with bots,
 * list tiles, print the scoring pipeline, run the benchmark. */
#include "carcassonne.h"
#include "cli.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage_error(const char *cmd, const char *msg) {
  fprintf(stderr, "carcassonne %s: %s (try 'carcassonne %s --help')\n", cmd, msg, cmd);
  return 2;
}

int cli_parse_int(const char *s, long lo, long hi, long *out) {
  char *end;
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

/* Plays a whole game with bots, printing turns, scorings and the board. */
int cli_play_game(carc_engine *e, int players, unsigned long long seed, carc_bot bot, FILE *out) {
  carc_game_options opt = {players, seed, 0, 0};
  carc_game *g = carc_game_new(e, &opt);
  if (!g) {
    fprintf(stderr, "carcassonne play: %s\n", carc_engine_error(e));
    return 1;
  }
  fprintf(out, "game: %d players, seed %llu, %s bots, %d tiles in the bag\n", players, seed,
          bot == CARC_BOT_GREEDY ? "greedy" : "random", carc_game_bag_left(g) + 1);
  int shown = 0;
  static char buf[1 << 16];
  while (carc_game_phase(g) != CARC_PHASE_OVER) {
    int turn = carc_game_turn(g), player = carc_game_current_player(g);
    int drawn = carc_game_drawn_tile(g);
    int before = carc_board_tiles(g);
    int where[64]; /* neutral figures' places before the turn */
    int nfig = carc_game_figures(g) < 64 ? carc_game_figures(g) : 64;
    for (int f = 0; f < nfig; f++) where[f] = carc_figure_segment(g, f);
    if (carc_bot_play_turn(g, bot) != CARC_OK) {
      fprintf(stderr, "carcassonne play: %s\n", carc_game_error(g));
      carc_game_free(g);
      return 1;
    }
    if (carc_board_tiles(g) > before) {
      int t = before;
      fprintf(out, "turn %2d %-6s draws %-4s places at (%d,%d) rotation %d", turn + 1,
              carc_player_name(player), carc_tile_type_name(e, drawn), carc_board_tile_x(g, t),
              carc_board_tile_y(g, t), carc_board_tile_rotation(g, t));
      for (int f = 0; f < carc_game_figures(g); f++) {
        int s = carc_figure_segment(g, f);
        if (s >= 0 && carc_segment_tile(g, s) == t && carc_figure_owner(g, f) == player)
          fprintf(out, ", %s on %s", carc_figure_type_name(e, carc_figure_type(g, f)),
                  kind_label(e, carc_feature_kind(g, s)));
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
      carc_game_describe_scoring(g, shown, buf, sizeof buf);
      fprintf(out, "  %s", buf);
    }
    cli_after_turn(g, out);
  }
  if (carc_game_set_aside(g)) fprintf(out, "tiles set aside (fit nowhere): %d\n", carc_game_set_aside(g));
  carc_game_render_board(g, buf, sizeof buf);
  fprintf(out, "%s", buf);
  print_scores(g, "final scores");
  carc_game_free(g);
  return 0;
}

static int cmd_play(int argc, char **argv) {
  long players = 2, seed = 1;
  carc_bot bot = CARC_BOT_RANDOM;
  const char *rules = NULL;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf("usage: carcassonne play [--players N] [--seed S] [--bot random|greedy] [--rules FILE]\n"
             "Plays a seeded game with bots and prints every turn, every scoring with its\n"
             "breakdown, the final board and the final scores. Same arguments, same output.\n"
             "  --players N   2 to 5 players (default 2)\n"
             "  --seed S      a whole number from 0 (default 1)\n"
             "  --bot B       random (default) or greedy (best immediate points)\n"
             "  --rules FILE  a ruleset (Lua) naming expansions and options\n");
      return 0;
    }
    if (i + 1 >= argc) return usage_error("play", "an option is missing its value");
    const char *v = argv[++i];
    if (!strcmp(a, "--players")) {
      if (!cli_parse_int(v, 2, 5, &players)) return usage_error("play", "--players takes 2 to 5");
    } else if (!strcmp(a, "--seed")) {
      if (!cli_parse_int(v, 0, 2147483647L, &seed)) return usage_error("play", "--seed takes a whole number from 0");
    } else if (!strcmp(a, "--bot")) {
      if (!strcmp(v, "random")) bot = CARC_BOT_RANDOM;
      else if (!strcmp(v, "greedy")) bot = CARC_BOT_GREEDY;
      else return usage_error("play", "--bot takes random or greedy");
    } else if (!strcmp(a, "--rules")) {
      rules = v;
    } else {
      char msg[128];
      snprintf(msg, sizeof msg, "unknown option '%s'", a);
      return usage_error("play", msg);
    }
  }
  carc_engine *e = cli_engine(rules, "play");
  if (!e) return 1;
  int rc = cli_play_game(e, (int)players, (unsigned long long)seed, bot, stdout);
  cli_engine_free(e);
  return rc;
}

static int cmd_tiles(int argc, char **argv) {
  const char *rules = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: carcassonne tiles [--rules FILE]\n"
             "Lists the tile types with their counts, notation and a small picture\n"
             "(# city, = road, . field, M monastery).\n");
      return 0;
    }
    if (!strcmp(argv[i], "--rules") && i + 1 < argc) rules = argv[++i];
    else return usage_error("tiles", "unknown option");
  }
  carc_engine *e = cli_engine(rules, "tiles");
  if (!e) return 1;
  int total = 0;
  for (int t = 0; t < carc_tile_type_count(e); t++) {
    char pic[64];
    carc_tile_picture(e, t, 0, pic, sizeof pic);
    char *l1 = pic, *l2 = strchr(l1, '\n') + 1, *l3 = strchr(l2, '\n') + 1;
    printf("%.5s  %-8s x%-2d  set %s\n%.5s  %s\n%.5s\n\n", l1, carc_tile_type_name(e, t),
           carc_tile_type_copies(e, t), carc_tile_type_set(e, t), l2, carc_tile_type_notation(e, t), l3);
    total += carc_tile_type_copies(e, t);
  }
  printf("%d tile types, %d tiles\n", carc_tile_type_count(e), total);
  cli_engine_free(e);
  return 0;
}

static int cmd_pipeline(int argc, char **argv) {
  const char *rules = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: carcassonne pipeline [--rules FILE]\n"
             "Prints the resolved scoring pipeline: priority, stage, handler, expansion,\n"
             "then the game hooks in the order they run.\n");
      return 0;
    }
    if (!strcmp(argv[i], "--rules") && i + 1 < argc) rules = argv[++i];
    else return usage_error("pipeline", "unknown option or missing FILE");
  }
  carc_engine *e = cli_engine(rules, "pipeline");
  if (!e) return 1;
  static char buf[1 << 15];
  carc_engine_describe_pipeline(e, buf, sizeof buf);
  fputs(buf, stdout);
  cli_engine_free(e);
  return 0;
}

static void help(void) {
  printf("usage: carcassonne COMMAND [OPTIONS]\n"
         "The Carcassonne rules engine %s.\n\n"
         "commands:\n"
         "  play       play a seeded game with bots and print it\n"
         "  tiles      list the tile types\n"
         "  pipeline   print the resolved scoring pipeline\n"
         "  test       run Lua scenario files or folders\n"
         "  bench      measure full games per second\n"
         "  simulate   a balance study: many seeded games, one ruleset or two side by side\n"
         "  merge      add the summaries of a study's shards\n\n"
         "'carcassonne COMMAND --help' describes a command.\n", carc_version());
}

int main(int argc, char **argv) {
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
  if (!strcmp(cmd, "bench")) return cli_bench(argc - 2, argv + 2);
  if (!strcmp(cmd, "test")) return cli_test(argc - 2, argv + 2);
  if (!strcmp(cmd, "simulate")) return cli_simulate(argc - 2, argv + 2);
  if (!strcmp(cmd, "merge")) return cli_merge(argc - 2, argv + 2);
  fprintf(stderr, "carcassonne: unknown command '%s' (try 'carcassonne --help')\n", cmd);
  return 2;
}

/* test_map_act_save.c - a map has more start squares than its setup uses
 * (Veldmark: three, two used): a player may place a tile on a free one. A
 * game saved in that tile's act phase must load (the load once took any
 * tile on a start square for a setup tile and refused the save), play on to
 * the game's own end, and a save naming a setup tile as the act phase's
 * tile must still be refused. Without a bag the setup puts the start tile
 * alone: a tile put on a second start square beside it is a turn's too.
 * And a forged save's second tile on a taken start square is refused. */
#include "check.h"
#include "internal.h" /* map_is_start */
#include <stdlib.h>
#include <string.h>

/* Replaces the first `from` in s (malloc'd) by `to`; returns a new text. */
static char *edit(const char *s, const char *from, const char *to) {
  const char *at = strstr(s, from);
  if (!at) return NULL;
  size_t n = strlen(s) + strlen(to) + 1;
  char *out = malloc(n);
  if (!out) abort();
  snprintf(out, n, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
  return out;
}

/* The save of a random game of `turns` turns on the map `map_text`, and
 * its engine in *e (free both). */
static char *saved_map_game(const char *map_text, int turns, carc_engine **e) {
  *e = check_base_engine();
  const char *t[1] = {map_text}, *o[1] = {"m.map"};
  CHECK_INT(carc_engine_set_map(*e, 1, t, o), CARC_OK);
  carc_game_options go = {2, 3, 0, 0};
  carc_game *g = carc_game_new(*e, &go);
  CHECK(g != NULL);
  if (!g) return NULL;
  for (int k = 0; k < turns; k++) CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  char *save = check_save_text(g);
  carc_game_free(g);
  return save;
}

/* `forged` (malloc'd, freed here) must not load: the error names the tile
 * `where` and says `why`. */
static void refused(carc_engine *e, char *forged, const char *where, const char *why) {
  char err[512];
  CHECK(forged != NULL);
  carc_game *f = forged ? carc_game_load(e, forged, err, sizeof err) : NULL;
  CHECK(f == NULL);
  if (forged && !f) CHECK_HAS(err, where);
  if (forged && !f) CHECK_HAS(err, why);
  carc_game_free(f);
  free(forged);
}

/* Only the setup's tiles skip the frontier, and they too must go on a
 * free square: a save whose tile list ends with a second tile on a start
 * square already taken is refused (it once loaded, two tiles on a square). */
static void forged_start_tiles(void) {
  carc_engine *e;
  char *demo = check_map_text("demo");
  char *save = saved_map_game(demo, 10, &e);
  free(demo);
  const char *first = save ? strstr(save, "\"tiles\": [\n    ") : NULL;
  CHECK(first != NULL);
  if (first) {
    first += strlen("\"tiles\": [\n    ");
    char entry[160], to[240];
    snprintf(entry, sizeof entry, "%.*s", (int)(strchr(first, '}') - first + 1), first); /* the start tile's */
    snprintf(to, sizeof to, ",\n    %s\n  ],\n  \"figures\"", entry);
    /* after the two setup tiles and ten turns' tiles: tiles[12] */
    refused(e, edit(save, "\n  ],\n  \"figures\"", to), "tiles[12]", "the square is taken");
    CHECK_HAS(entry, "\"type\": \"D\"");
  }
  free(save);
  carc_engine_free(e);
  /* a map with no printed pieces: the first tile too must be the setup's,
   * on a start square, not anywhere */
  save = saved_map_game("name Plain\ntiles 20 20\nstarts 1\ngrid\n  . . . . ~\n  . . . . ~\n  . . . . ~\nend\n"
                        "start 1,1\n", 3, &e);
  refused(e, save ? edit(save, "\"x\": 1, \"y\": 1,", "\"x\": 3, \"y\": 2,") : NULL, /* the start tile */
          "tiles[0]", "not next to a placed tile");
  free(save);
  carc_engine_free(e);
}

int main(void) {
  carc_engine *e = check_base_engine();
  char *text = check_map_text("veldmark");
  const char *t[1] = {text}, *o[1] = {"veldmark"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  free(text);
  carc_map_info mi;
  carc_engine_map_info(e, &mi);
  CHECK_INT(mi.starts_used, 2);
  int loaded = 0, refused = 0;
  static carc_placement_option opts[4096];
  for (int seed = 1; seed <= 6; seed++) {
    carc_game_options go = {2 + seed % 3, (uint64_t)seed, 0, 0};
    carc_game *g = carc_game_new(e, &go);
    CHECK(g != NULL);
    if (!g) break;
    const int setup_end = carc_board_printed_tiles(g) + mi.starts_used; /* the setup's tiles end here */
    CHECK_INT(carc_board_tiles(g), setup_end);
    int on_start = 0;
    while (carc_game_phase(g) == CARC_PHASE_PLACE) {
      int n = carc_game_placements(g, opts, 4096), k = -1;
      CHECK(n > 0 && n <= 4096);
      if (n <= 0) break;
      for (int i = 0; i < n && k < 0 && !on_start; i++) /* the free start square, once a game */
        if (map_is_start(g, opts[i].x, opts[i].y)) k = i;
      if (k < 0) { /* otherwise as the random bot would */
        CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
        continue;
      }
      on_start = 1;
      CHECK_INT(carc_game_place(g, opts[k].x, opts[k].y, opts[k].rotation), CARC_OK);
      CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
      CHECK(carc_game_last_tile(g) >= setup_end);
      char *save = check_save_text(g), err[512];
      carc_game *h = carc_game_load(e, save, err, sizeof err);
      if (!h) fprintf(stderr, "seed %d: a save in the act phase of a tile on a free start square: %s\n", seed, err);
      CHECK(h != NULL);
      /* the same save naming the setup's second tile (on a start square) is refused */
      char from[32], to[32];
      snprintf(from, sizeof from, "\"last_tile\": %d,", carc_game_last_tile(g));
      snprintf(to, sizeof to, "\"last_tile\": %d,", setup_end - 1);
      char *forged = edit(save, from, to);
      CHECK(forged != NULL);
      if (forged) {
        carc_game *f = carc_game_load(e, forged, err, sizeof err);
        CHECK(f == NULL);
        CHECK_HAS(err, "the act phase follows a placed tile, not the start tile or a printed one");
        refused += f == NULL;
        carc_game_free(f);
        free(forged);
      }
      if (h) {
        CHECK(check_save_is(h, save));
        CHECK_INT(carc_bot_play_game(h, CARC_BOT_RANDOM), CARC_OK);
        CHECK_INT(carc_bot_play_game(g, CARC_BOT_RANDOM), CARC_OK);
        CHECK(check_same_save(g, h));
        carc_game_free(h);
        loaded++;
      }
      free(save);
    }
    carc_game_free(g);
  }
  carc_engine_free(e);
  /* without a bag the setup puts the start tile alone: on a map whose two
   * start squares touch, the tile a scenario puts on the second one by
   * carc_game_place_named is a turn's tile */
  e = check_base_engine();
  const char *row = "name Row\ntiles 10 20\nstarts 2\ngrid\n  . . . . . .\n  . . . . . .\nend\n"
                    "start 2,0 West\nstart 3,0 East\n";
  const char *rt[1] = {row}, *ro[1] = {"row"};
  CHECK_INT(carc_engine_set_map(e, 1, rt, ro), CARC_OK);
  carc_game_options nb = {2, 1, 0, 1};
  carc_game *g = carc_game_new(e, &nb);
  CHECK(g != NULL);
  int placed = 0;
  CHECK(g && carc_board_tile_at(g, 2, 0) >= 0 && carc_board_tile_at(g, 3, 0) < 0);
  for (int type = 0; g && type < carc_tile_type_count(e) && !placed; type++)
    for (int rot = 0; rot < 4 && !placed; rot++) placed = carc_game_place_named(g, type, 3, 0, rot) == CARC_OK;
  CHECK(placed);
  if (g && placed) {
    CHECK_INT(carc_board_tiles(g), carc_board_printed_tiles(g) + 2);
    CHECK_INT(carc_game_phase(g), CARC_PHASE_ACT);
    char *save = check_save_text(g), err[512];
    carc_game *h = carc_game_load(e, save, err, sizeof err);
    if (!h) fprintf(stderr, "no bag: %s\n", err);
    CHECK(h != NULL);
    if (h) CHECK(check_save_is(h, save));
    carc_game_free(h);
    free(save);
  }
  carc_game_free(g);
  CHECK_INT(loaded, 6); /* every seed's game reached the free start square */
  CHECK_INT(refused, 6);
  carc_engine_free(e);
  forged_start_tiles();
  return check_done("test_map_act_save");
}

/* test_outputs.c - what the engine writes stays well formed for any name a
 * user can give: the event log escapes names as a save does, names that
 * are not UTF-8 text or hold control characters are refused where they
 * are defined, an SVG writes no control character, and a map's long name
 * is cut between characters. */
#include "check.h"
#include <stdlib.h>
#include <string.h>

/* A figure and a tile whose names hold a quote and a backslash: the log
 * writes them escaped, as JSON strings. */
static void test_log_escapes_names(void) {
  carc_engine *e = check_base_engine();
  carc_figure_def f = {"a\"b\\c", 1, 7, 1, CARC_PLACE_FOLLOWER, 0x7u, NULL, NULL, 0};
  CHECK_INT(carc_figure_define(e, &f), CARC_OK);
  CHECK_INT(carc_tile_split(e, check_type(e, "E"), "E\"1", 5), CARC_OK);
  carc_game_options o = {2, 3, 7, 0};
  carc_game *g = carc_game_new(e, &o);
  carc_game_keep_records(g, 1);
  CHECK_INT(carc_bot_play_game(g, CARC_BOT_RANDOM), CARC_OK);
  size_t need = carc_game_log(g, NULL, 0);
  char *log = malloc(need + 1);
  carc_game_log(g, log, need + 1);
  CHECK(strstr(log, "\"tile\":\"E\\\"1\"") != NULL);
  CHECK(strstr(log, "\"figure\":\"a\\\"b\\\\c\"") != NULL);
  CHECK(strstr(log, "\"E\"1\"") == NULL); /* no bare quote inside a string */
  free(log);
  carc_game_free(g);
  carc_engine_free(e);
}

/* Names are refused where they are defined unless they are 1 to 47 bytes
 * of UTF-8 text without control characters; a name at the limit passes. */
static void test_names_refused(void) {
  carc_engine *e = check_base_engine();
  const int types = carc_tile_type_count(e);
  static const char *const bad[] = {"E\xff", "E\n1", "\xc3", "\xe2\x82", "A\x7f", "\xc0\xaf", ""};
  for (int i = 0; i < 7; i++) {
    CHECK_INT(carc_tile_define(e, "more", bad[i], 1, "city:N field:E,S,W"), CARC_ERR_ARGUMENT);
    CHECK_HAS(carc_engine_error(e), "UTF-8 text without control characters");
    carc_figure_def f = {bad[i], 1, 1, 1, CARC_PLACE_FOLLOWER, 0x7u, NULL, NULL, 0};
    CHECK_INT(carc_figure_define(e, &f), CARC_ERR_ARGUMENT);
    CHECK_INT(carc_var_id(e, bad[i]), -1);
    CHECK_INT(carc_flag_id(e, bad[i]), -1);
  }
  CHECK_INT(carc_tile_define(e, "bad\tset", "OK1", 1, "city:N field:E,S,W"), CARC_ERR_ARGUMENT);
  CHECK_INT(carc_tile_type_count(e), types);
  /* 23 two-byte letters and one more byte: 47 bytes, the limit */
  char longest[64] = "";
  for (int i = 0; i < 23; i++) strcat(longest, "\xc3\x96");
  strcat(longest, "X");
  CHECK_INT(carc_tile_define(e, "more", longest, 1, "city:N field:E,S,W"), CARC_OK);
  strcat(longest, "Y");
  CHECK_INT(carc_tile_define(e, "more", longest, 1, "city:N field:E,S,W"), CARC_ERR_ARGUMENT);
  carc_engine_free(e);
}

/* A notation, its comment included, is UTF-8 text: a byte that is not is
 * refused by column (it went into saves, which are UTF-8 JSON), with no
 * type left behind and a message that is UTF-8 itself. */
static void test_notation_not_utf8(void) {
  carc_engine *e = check_base_engine();
  const int types = carc_tile_type_count(e);
  CHECK_INT(carc_tile_define(e, "more", "CAFE", 1, "city:N,E,S,W # caf\xe9 \xff"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "at column 19, byte 0xE9 is not UTF-8");
  CHECK(strchr(carc_engine_error(e), '\xe9') == NULL);
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 1, .no_bag = 1});
  CHECK_INT(carc_game_put_notation(g, "city:N,E,S,W # caf\xe9", 0, -1, 0), CARC_ERR_PARSE);
  CHECK_INT(carc_tile_type_count(e), types);
  carc_game_free(g);
  carc_engine_free(e);
}

/* A map whose names run past the limit in two-byte letters: the SVG holds
 * no cut letter. (A control character in a map is refused, test_map.) */
static void test_map_names(void) {
  char text[2048] = "name Map";
  for (int i = 0; i < 50; i++) strcat(text, "\xc3\x96");
  strcat(text, "\ntiles 20 20\nstarts 1\nfollowers 7\ngrid\n  . . . .\n  . . . .\nend\nstart 1,1 St");
  for (int i = 0; i < 30; i++) strcat(text, "\xc3\x96");
  strcat(text, "\n");
  carc_engine *e = check_base_engine();
  const char *texts[1] = {text}, *origins[1] = {"names.map"};
  CHECK_INT(carc_engine_set_map(e, 1, texts, origins), CARC_OK);
  carc_game_options o = {2, 3, 1, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  size_t need = carc_game_render_svg(g, NULL, 0);
  char *svg = malloc(need + 1);
  carc_game_render_svg(g, svg, need + 1);
  for (size_t i = 0; i < need; i++) {
    const unsigned char c = (unsigned char)svg[i];
    CHECK(c >= 0x20 || c == '\n' || c == '\t' || c == '\r');
    if ((c & 0xE0) == 0xC0) CHECK(((unsigned char)svg[i + 1] & 0xC0) == 0x80); /* no lead byte alone */
  }
  CHECK(strstr(svg, "Map\xc3\x96") != NULL);
  char *saved = check_save_text(g);
  char err[256];
  carc_game *back = carc_game_load(e, saved, err, sizeof err);
  CHECK(back != NULL);
  if (back) CHECK(check_save_is(back, saved));
  carc_game_free(back);
  free(saved);
  free(svg);
  carc_game_free(g);
  carc_engine_free(e);
}

/* Output calls given a NULL buffer or list with a cap above zero only size
 * or count, as with cap 0 (some wrote through the NULL pointer). */
static void test_null_buffers_only_size(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 4});
  for (int t = 0; t < 12; t++) CHECK_INT(carc_bot_play_turn(g, CARC_BOT_RANDOM), CARC_OK);
  CHECK_INT(carc_game_log(g, NULL, 100), carc_game_log(g, NULL, 0));
  CHECK(carc_game_render_board(g, NULL, 100) == carc_game_render_board(g, NULL, 0));
  CHECK(carc_game_describe_scoring(g, 0, NULL, 100) == carc_game_describe_scoring(g, 0, NULL, 0));
  CHECK(carc_tile_picture(e, 0, 1, NULL, 100) == carc_tile_picture(e, 0, 1, NULL, 0));
  CHECK_INT(carc_engine_describe_pipeline(e, NULL, 100), carc_engine_describe_pipeline(e, NULL, 0));
  CHECK(carc_engine_search_path(e, "maps", 0, NULL, 100, NULL) == carc_engine_search_path(e, "maps", 0, NULL, 0, NULL));
  CHECK(carc_engine_find_data(e, "maps", "demo", NULL, 100) == carc_engine_find_data(e, "maps", "demo", NULL, 0));
  CHECK_INT(carc_game_placements(g, NULL, 100), carc_game_placements(g, NULL, 0));
  CHECK(carc_game_placements(g, NULL, 0) > 0);
  CHECK_INT(carc_game_features(g, -1, NULL, 100), carc_game_features(g, -1, NULL, 0));
  CHECK_INT(carc_feature_members(g, 0, NULL, 100), carc_feature_members(g, 0, NULL, 0));
  carc_placement_option p;
  CHECK(carc_game_placements(g, &p, 1) >= 1);
  CHECK_INT(carc_game_place(g, p.x, p.y, p.rotation), CARC_OK);
  CHECK_INT(carc_game_actions(g, NULL, 100), carc_game_actions(g, NULL, 0));
  CHECK(carc_game_actions(g, NULL, 0) > 0);
  carc_game_free(g);
  carc_engine_free(e);
}

/* carc_board_segment_ports_text on the start tile D (city N, road E-W,
 * fields El,Wr and Er,S,Wl), turned 0: a whole side by its letter, sizing
 * with a NULL buffer, a cut text ended, "" for a segment that is not. */
static void test_segment_ports_text(void) {
  carc_engine *e = check_base_engine();
  carc_game *g = carc_game_new(e, &(carc_game_options){.players = 2, .seed = 4});
  const int start = carc_board_tile_at(g, 0, 0);
  const char *want[] = {"N", "E,W", "El,Wr", "Er,S,Wl"}; /* D's segments in notation order */
  char buf[40];
  for (int s = 0; s < 4; s++) {
    const int id = carc_board_segment_id(g, start, s);
    CHECK_INT((int)carc_board_segment_ports_text(g, id, buf, sizeof buf), (int)strlen(want[s]));
    CHECK(strcmp(buf, want[s]) == 0);
    CHECK_INT((int)carc_board_segment_ports_text(g, id, NULL, 100), (int)strlen(want[s]));
  }
  CHECK_INT((int)carc_board_segment_ports_text(g, carc_board_segment_id(g, start, 3), buf, 4), 7);
  CHECK(strcmp(buf, "Er,") == 0);
  CHECK_INT((int)carc_board_segment_ports_text(g, -1, buf, sizeof buf), 0);
  CHECK(buf[0] == '\0');
  CHECK_INT((int)carc_board_segment_ports_text(NULL, 0, buf, sizeof buf), 0);
  carc_game_free(g);
  carc_engine_free(e);
}

int main(void) {
  test_null_buffers_only_size();
  test_segment_ports_text();
  test_log_escapes_names();
  test_notation_not_utf8();
  test_names_refused();
  test_map_names();
  return check_done("test_outputs");
}

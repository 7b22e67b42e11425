/* test_map.c - the map format and loader (errors with file, line and column,
 * nothing loaded on error; joining two halves), games on every shipped map
 * played to the end with a save round trip at every turn, and the SVG of
 * the board checked element by element. */
#include "check.h"
#include <stdlib.h>
#include <string.h>

/* A map text that must fail with `where` (origin:line:column) and `what`. */
static void bad_map(const char *text, const char *where, const char *what) {
  carc_engine *e = check_base_engine();
  int types = carc_tile_type_count(e);
  const char *texts[1] = {text}, *origins[1] = {"m.map"};
  CHECK_INT(carc_engine_set_map(e, 1, texts, origins), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), where);
  CHECK_HAS(carc_engine_error(e), what);
  CHECK_INT(carc_engine_map_info(e, NULL), 0);            /* nothing loaded */
  CHECK_INT(carc_tile_type_count(e), types);
  carc_engine_free(e);
}

#define HEAD "name T\nstart 1,1\n"

static void test_errors(void) {
  bad_map(HEAD "grid\n. . .\n. x .\nend\n", "m.map:5:3:", "unknown symbol 'x'");
  bad_map(HEAD "grid\n. . .\n. \xc3\xa9 .\nend\n", "m.map:5:3:", "unknown symbol '\xc3\xa9' ("); /* whole */
  /* two large cities side by side must show each other the same edge */
  bad_map("name T\ngrid\n. A A\n. B B\n. . .\nend\nstart 0,0 S\ncity A 2x1 1,0 arms 1 Aa\n"
          "city B 2x1 1,1 arms 1 Bb\nedge 1,0 S city\n",
          "m.map:10:10:", "edge S of (1,0) shows a city to large city B beside it, which shows a field back");
  bad_map("name T\ngrid\n. A A\n. B B\n. . .\nend\nstart 0,0 S\ncity A 2x1 1,0 arms 1 Aa\n"
          "city B 2x1 1,1 arms 1 Bb\nedge 2,1 N road\n",
          "m.map:10:10:", "edge N of (2,1) shows a road to large city A beside it, which shows a field back");
  { /* matching edges load: the two cities' city segments meet */
    carc_engine *e = check_base_engine();
    const char *t[1] = {"name T\ngrid\n. A A\n. B B\n. . .\nend\nstart 0,0 S\ncity A 2x1 1,0 arms 1 Aa\n"
                        "city B 2x1 1,1 arms 1 Bb\nedge 1,0 S city\nedge 1,1 N city\n"},
               *o[1] = {"m.map"};
    CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
    carc_engine_free(e);
  }
  bad_map(HEAD "grid\n. . .\n. . . .\nend\n", "m.map:5:", "row 1 has 4 squares");
  bad_map("name T\nstart 5,1\ngrid\n. . .\n. . .\nend\n", "m.map:2:7:", "start square (5,1) is off the grid");
  bad_map("name T\nstart 0,0\ngrid\n~ . .\n. . .\nend\n", "m.map:2:7:", "start square (0,0) is sea");
  bad_map("name T\n\nstarts 5\nstart 1,0\ngrid\n. . .\nend\n", "m.map:3:8:", "'starts 5' but the map has 1");
  bad_map(HEAD "grid\n. . .\n. . .\nend\nferry 0,0 W 4,1 E\n", "m.map:7:13:", "a ferry to nowhere");
  bad_map(HEAD "grid\n~ . .\n. . .\nend\nabroad 0,0 N road arms 1\n", "m.map:7:8:",
          "a printed border segment with no square next to it");
  bad_map(HEAD "grid\n. . .\n. . .\nend\nabroad 1,0 S road\n", "m.map:7:12:", "faces another square");
  bad_map("name T\nstart 2,2\ngrid\nA A .\n. A .\n. . .\nend\ncity A 2x2 0,0 arms 1 X\n", "m.map:8:8:",
          "large city A does not fit its squares");
  bad_map(HEAD "grid\nA A .\n. . .\nend\n", "m.map:4:1:", "large city square 'A' has no 'city' line");
  bad_map(HEAD "grid\n. . .\nend\nbridge 0,0\n", "m.map:6:1:", "unknown directive 'bridge'");
  /* a size is read whole: 4294967298 is not cut to 2, "2x1z" is not 2x1 */
  bad_map("name T\ngrid\n. A A\n. . .\nend\nstart 0,0 S\ncity A 4294967298x4294967297 1,0 arms 1 Aa\n",
          "m.map:7:8:", "a size as WxH (1 to 8 each)");
  bad_map("name T\ngrid\n. A A\n. . .\nend\nstart 0,0 S\ncity A 2x1z 1,0 arms 1 Aa\n", "m.map:7:8:",
          "a size as WxH (1 to 8 each)");
  bad_map(HEAD "grid\n. . .\n", "m.map:3:1:", "'grid' has no closing 'end'");
  bad_map("start 1,0\ngrid\n. . .\nend\n", "m.map:1:1:", "no 'name'");
  bad_map(HEAD "tiles 50 40\ngrid\n. . .\n. . .\nend\n", "m.map:3:10:", "the largest tile count");
  bad_map("name T\njoin a b\n", "m.map:2:1:", "'join' belongs in a pair file");
  /* a map is UTF-8 text: its names reach the terminal and the SVG */
  bad_map("name T\xff\xfe\n" HEAD "grid\n. . .\nend\n", "m.map:1:7:", "not UTF-8 (byte 0xFF)");
  bad_map(HEAD "town 1,0 Ab\x1b[2Jc\ngrid\n. . .\nend\n", "m.map:3:12:", "a control character");
  bad_map("name T\xc3\n" HEAD "grid\n. . .\nend\n", "m.map:1:7:", "not UTF-8 (byte 0xC3)");
  bad_map("name T\xed\xa0\x80\n" HEAD "grid\n. . .\nend\n", "m.map:1:7:", "not UTF-8 (byte 0xED)"); /* a surrogate */
  bad_map("name T\xe0\x80\xaf\n" HEAD "grid\n. . .\nend\n", "m.map:1:7:", "not UTF-8 (byte 0xE0)"); /* over-long */
  bad_map("name T\xf4\x90\x80\x80\n" HEAD "grid\n. . .\nend\n", "m.map:1:7:", "not UTF-8 (byte 0xF4)");
  bad_map("name T\xc2\x9b\n" HEAD "grid\n. . .\nend\n", "m.map:1:7:", "a control character"); /* C1 */
  bad_map("name T\rX\n" HEAD "grid\n. . .\nend\n", "m.map:1:7:", "a control character"); /* a lone CR */
  /* a ghost city: A's line finds no 'A' square (it took C's before letters
   * and indices were kept apart), and C's squares keep their own city */
  bad_map("name T\ngrid\n. . .\n. C C\nend\nstart 0,0 S\ncity C 2x1 1,1\ncity A 2x1 1,1\n", "m.map:8:8:",
          "large city A does not fit its squares: 2x1 at (1,1) but the grid has 0 'A' squares");
  /* a word too long for the reader is refused, not cut: "5,000...03" read
   * as (5,0) */
  {
    char text[256];
    snprintf(text, sizeof text, "name T\nstart 1,%0*d\ngrid\n. . .\n. . .\nend\n", 62, 1);
    bad_map(text, "m.map:2:7:", "a word of 64 bytes or more");
    snprintf(text, sizeof text, "name T\n%0*d\ngrid\n. . .\nend\n", 70, 0);
    bad_map(text, "m.map:2:1:", "a word of 64 bytes or more");
    snprintf(text, sizeof text, "name T\ntiles 5 6 %0*d\nstart 0,0\ngrid\n. . .\nend\n", 70, 0);
    bad_map(text, "m.map:2:11:", "a word of 64 bytes or more");
    /* a word before it that fails is told first */
    snprintf(text, sizeof text, "name T\ntiles abc %0*d\nstart 0,0\ngrid\n. . .\nend\n", 70, 0);
    bad_map(text, "m.map:2:7:", "expected a tile count");
  }
  { /* columns and lines past 32,767 are told as they are */
    static char text[40100];
    snprintf(text, sizeof text, "name T\nstart 0,0\ngrid\n%*s. A A\nend\n", 40000, "");
    bad_map(text, "m.map:4:40003:", "large city square 'A' has no 'city' line");
  }
  { /* limits are refused at the line that passes them */
    static char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text, "name T\ngrid\n");
    for (int y = 0; y < 40; y++) /* five 8x8 cities, A to E, side by side: 320 printed squares */
      for (int x = 0; x < 41; x++)
        n += (size_t)snprintf(text + n, sizeof text - n, x == 40 ? ".\n" : "%c ", y < 8 ? 'A' + x / 8 : '.');
    n += (size_t)snprintf(text + n, sizeof text - n, "end\nstart 40,39\n");
    for (int c = 0; c < 5; c++) n += (size_t)snprintf(text + n, sizeof text - n, "city %c 8x8 %d,0\n", 'A' + c, 8 * c);
    bad_map(text, "m.map:49:8:", "at most 256 printed pieces"); /* E's line: A to D hold 256 */
    n = (size_t)snprintf(text, sizeof text, "name T\nstart 0,0\ngrid\n");
    for (int y = 0; y < 10; y++) n += (size_t)snprintf(text + n, sizeof text - n, "t t t t t t t t t t\n");
    n += (size_t)snprintf(text + n, sizeof text - n, "end\n");
    for (int k = 1; k <= 97; k++) /* (0,0) is the start square */
      n += (size_t)snprintf(text + n, sizeof text - n, "town %d,%d Town%d\n", k % 10, k / 10, k);
    bad_map(text, "m.map:111:6:", "at most 96 squares have names"); /* the 97th town's line */
    { /* 96 names, one square named twice: its last name, in its one slot */
      char *last = strstr(text, "town 7,9 Town97\n");
      strcpy(last, "town 1,0 Renamed\n");
      carc_engine *e = check_base_engine();
      const char *t[1] = {text}, *o[1] = {"m.map"};
      CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
      CHECK_HAS(carc_map_square_name(e, 1, 0), "Renamed");
      CHECK_HAS(carc_map_square_name(e, 6, 9), "Town96");
      carc_engine_free(e);
    }
    n = (size_t)snprintf(text, sizeof text, "name T\nstart 0,0\ngrid\n. .\nend\n");
    for (int k = 0; k < 512; k++) n += (size_t)snprintf(text + n, sizeof text - n, "followers 5\n");
    bad_map(text, "m.map:517:1:", "at most 512 directive lines besides name and grid"); /* start's is the first */
  }
}

/* An allocation that fails anywhere in carc_engine_set_map leaves the
 * engine as it was: no map, and none of the printed pieces' tile types (the
 * last allocation, the map's own record, left them behind). */
static long alloc_left = -1;
static void *failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (nsize > (ptr ? osize : 0) && alloc_left >= 0 && alloc_left-- == 0) return NULL;
  return realloc(ptr, nsize);
}

static void test_map_out_of_memory(void) {
  const char *t[1] = {"name T\ngrid\n. A A\n. B B\n. . .\nend\nstart 0,0 S\ncity A 2x1 1,0 arms 1 Aa\n"
                      "city B 2x1 1,1 arms 1 Bb\nedge 1,0 S city\nedge 1,1 N city\nabroad 0,1 W road\n"},
             *o[1] = {"m.map"};
  carc_engine *e = carc_engine_new(failing_alloc, NULL);
  CHECK_INT(carc_tiles_load_base(e), CARC_OK);
  const int types = carc_tile_type_count(e);
  int failures = 0;
  for (long n = 0; n < 1000; n++) {
    alloc_left = n;
    const carc_result r = carc_engine_set_map(e, 1, t, o);
    alloc_left = -1;
    if (r == CARC_OK) break;
    failures++;
    CHECK_INT(r, CARC_ERR_MEMORY);
    CHECK_INT(carc_tile_type_count(e), types);
    CHECK_INT(carc_engine_map_info(e, NULL), 0);
  }
  CHECK_INT(failures > 3, 1);
  CHECK_INT(carc_tile_type_count(e), types + 5); /* four large-city squares, one piece abroad */
  carc_engine_free(e);
}

/* Large cities declared in any order: B's line before A's. */
static void test_city_order(void) {
  carc_engine *e = check_base_engine();
  const char *t[1] = {"name T\ngrid\n. . . . . .\n. B B . . .\n. . . . . .\n. . . A A .\n. . . . . .\nend\n"
                      "start 0,0 S\ncity B 2x1 1,1 arms 1 Bee\ncity A 2x1 3,3 arms 2 Ay\n"},
             *o[1] = {"m.map"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  CHECK_HAS(carc_map_square_name(e, 2, 1), "Bee");
  CHECK_HAS(carc_map_square_name(e, 4, 3), "Ay");
  carc_engine_free(e);
}

/* Two halves of 40 columns join into 79, past the 64 a map may have:
 * refused at the east half's first column beyond, with no square of it
 * written past the grid (an ASan build checks). */
static void test_join_too_wide(void) {
  static char west[1024], east[1024];
  size_t w = (size_t)snprintf(west, sizeof west, "name W\nstart 0,0\ngrid\n");
  size_t n = (size_t)snprintf(east, sizeof east, "name E\nstart 5,0\ngrid\n");
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 40; x++) {
      w += (size_t)snprintf(west + w, sizeof west - w, "%s", x == 39 ? ":\n" : ". ");
      n += (size_t)snprintf(east + n, sizeof east - n, "%s", x == 0 ? ": " : x == 39 ? ".\n" : ". ");
    }
  snprintf(west + w, sizeof west - w, "end\n");
  snprintf(east + n, sizeof east - n, "end\n");
  carc_engine *e = check_base_engine();
  const char *t[2] = {west, east}, *o[2] = {"w.map", "e.map"};
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "e.map:4:51: joined to w.map, the map is wider than 64");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  carc_engine_free(e);
}

/* Limits the halves pass only together: refused at the east map's line
 * that passes them. */
static void test_join_limits(void) {
  static char west[4096], east[2048];
  /* west: four 8x8 cities (256 printed pieces) and ten start squares */
  size_t w = (size_t)snprintf(west, sizeof west, "name W\ngrid\n");
  for (int y = 0; y < 10; y++)
    for (int x = 0; x < 33; x++)
      w += (size_t)snprintf(west + w, sizeof west - w, x == 32 ? ":\n" : "%c ", y < 8 ? 'A' + x / 8 : '.');
  w += (size_t)snprintf(west + w, sizeof west - w, "end\n");
  for (int c = 0; c < 4; c++) w += (size_t)snprintf(west + w, sizeof west - w, "city %c 8x8 %d,0\n", 'A' + c, 8 * c);
  for (int k = 0; k < 10; k++) w += (size_t)snprintf(west + w, sizeof west - w, "start %d,9\n", k);
  const char *east_rows = "name E\ngrid\n: . . .\n: . . .\n: . . .\n: . . .\n: . . .\n: . . .\n: . . .\n"
                          ": . . .\n: . . .\n: . . .\nend\n"; /* lines 1 to 13 */
  carc_engine *e = check_base_engine();
  const char *t[2] = {west, east}, *o[2] = {"w.map", "e.map"};
  /* seven start squares: the seventh (line 20) is the seventeenth */
  size_t n = (size_t)snprintf(east, sizeof east, "%s", east_rows);
  for (int k = 0; k < 7; k++) n += (size_t)snprintf(east + n, sizeof east - n, "start 1,%d\n", k);
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "e.map:20:1: joined to w.map, the map has more than 16 start squares");
  /* one start square, then a ferry (line 15): the 257th printed piece */
  snprintf(east, sizeof east, "%sstart 1,0\nferry 1,0 N 2,0 N\n", east_rows);
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "e.map:15:1: joined to w.map, the map has more than 256 printed pieces");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  snprintf(east, sizeof east, "%sstart 1,0\n", east_rows); /* 256 and 11 start squares load */
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_OK);
  carc_engine_free(e);
}

static void test_join(void) {
  const char *west = "name W\nstart 0,0\ngrid\n. . :\n. . :\n. . ~\nend\n";
  const char *east = "name E\nstart 1,1\ngrid\n: . .\n: . .\n~ . .\nend\n";
  const char *east_bad = "name E\nstart 1,1\ngrid\n: . .\n. . .\n~ . .\nend\n";
  carc_engine *e = check_base_engine();
  const char *t[2] = {west, east_bad}, *o[2] = {"w.map", "e.map"};
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "e.map:5:1:");
  CHECK_HAS(carc_engine_error(e), "the halves do not line up");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  t[1] = east;
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_OK);
  carc_map_info mi;
  CHECK_INT(carc_engine_map_info(e, &mi), 1);
  CHECK_INT(mi.width, 5);
  CHECK_INT(mi.squares, 2 * 3 + 2 + 2 * 3); /* west 2x3, two joined halves, east 2x3 */
  CHECK_INT(mi.starts_used, 2);
  CHECK_INT(carc_map_square(e, 2, 0), CARC_SQ_LAND); /* two halves made one square */
  CHECK_INT(carc_map_square(e, 2, 2), CARC_SQ_NONE);
  CHECK_INT(carc_map_square(e, 3, 1), CARC_SQ_START);
  carc_engine_free(e);
  /* a piece printed on a half square's outer edge faces the other map's
   * land once joined: refused at its line, in its own file's coordinates */
  e = check_base_engine();
  const char *west_piece = "name W\nstart 0,0\ngrid\n. . :\n. . :\n. . ~\nend\nabroad 2,0 E road\n";
  const char *east_piece = "name E\nstart 1,1\ngrid\n: . .\n: . .\n~ . .\nend\nferry 1,2 S 0,1 W\n";
  t[0] = west_piece;
  t[1] = east;
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "w.map:8:12: edge E of (2,0) faces a square of the other map once the halves are joined");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  t[0] = west;
  t[1] = east_piece;
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "e.map:8:17: edge W of (0,1) faces a square of the other map");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  carc_engine_free(e);
  /* two pieces printed on one edge of a joined half square: refused at the
   * east one's line (alone, each map has one there) */
  e = check_base_engine();
  const char *west_ferry = "name W\nstart 0,0\ngrid\n. . :\n. . :\n. . ~\nend\nferry 0,0 N 2,0 N arms 1\n";
  const char *east_city = "name E\nstart 1,1\ngrid\n: . .\n: . .\n~ . .\nend\nabroad 0,0 N city arms 3\n";
  t[0] = west_ferry;
  t[1] = east_city;
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "e.map:8:12: edge N of (0,0) already carries a printed piece of w.map");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  carc_engine_free(e);
  /* alone, a half square takes no tile */
  e = check_base_engine();
  const char *one[1] = {west};
  CHECK_INT(carc_engine_set_map(e, 1, one, o), CARC_OK);
  CHECK_INT(carc_map_square(e, 2, 0), CARC_SQ_HALF);
  carc_engine_free(e);
}

static int count(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

/* Start and end tags balance, and every tag closes (a small XML check). */
static int well_formed(const char *s) {
  int depth = 0;
  for (const char *p = s; (p = strchr(p, '<'));) {
    const char *end = strchr(p, '>');
    if (!end) return 0;
    if (p[1] == '?') {
    } else if (p[1] == '/') depth--;
    else if (end[-1] != '/') depth++;
    if (depth < 0) return 0;
    p = end;
  }
  return depth == 0;
}

/* Where the SVG's texts and pieces fall, a text estimated as the picture's
 * writer does: 0.6 em a character, from 0.8 em above its baseline to 0.2 em
 * below. */
typedef struct box {
  double x0, y0, x1, y1;
  int label;        /* a name (class "name..."), not a number on a shield or a piece */
  const char *at;   /* its tag in the SVG, for the message */
} box;

/* Attribute `name` of the tag at `tag` as a number, or `otherwise`. */
static double attr_num(const char *tag, const char *end, const char *name, double otherwise) {
  char key[32];
  snprintf(key, sizeof key, " %s=\"", name);
  const char *p = strstr(tag, key);
  return p && p < end ? strtod(p + strlen(key), NULL) : otherwise;
}

static int attr_is(const char *tag, const char *end, const char *text) {
  const char *p = strstr(tag, text);
  return p && p < end;
}

/* Characters shown by XML text up to '<': an entity is one, UTF-8 counted by code point. */
static int shown_chars(const char *s) {
  int n = 0;
  for (; *s && *s != '<'; s++) {
    const char *semi = *s == '&' ? strchr(s, ';') : NULL;
    if (semi) s = semi;
    n += ((unsigned char)*s & 0xC0) != 0x80;
  }
  return n;
}

/* The boxes of every text and of every piece printed beyond the map's edge
 * (roads and cities abroad, coats of arms), in picture pixels: groups'
 * translations and font sizes apply to what they hold. What a tile holds is
 * left out: the tile covers its square, a town's name under it too. Returns
 * how many. */
static int svg_boxes(const char *svg, box *out, int cap) {
  double dx[16] = {0}, dy[16] = {0}, font[16] = {16};
  int depth = 0, n = 0, in_tile[16] = {0};
  for (const char *t = strchr(svg, '<'); t && n < cap; t = strchr(t + 1, '<')) {
    const char *end = strchr(t, '>');
    if (!end) break;
    if (!strncmp(t, "</g>", 4) && depth > 0) depth--;
    if (!strncmp(t, "<g ", 3) && depth < 15) {
      const char *tr = strstr(t, "transform=\"translate(");
      double tx = 0, ty = 0;
      if (tr && tr < end) {
        char *rest;
        tx = strtod(tr + 21, &rest);
        ty = strtod(rest, NULL);
      }
      dx[depth + 1] = dx[depth] + tx;
      dy[depth + 1] = dy[depth] + ty;
      font[depth + 1] = attr_num(t, end, "font-size", font[depth]);
      in_tile[depth + 1] = in_tile[depth] || !strncmp(t, "<g class=\"tile", 14);
      depth++;
    }
    box b = {0, 0, 0, 0, 0, t};
    if (in_tile[depth]) {
      continue;
    } else if (!strncmp(t, "<text ", 6)) {
      double fs = attr_num(t, end, "font-size", font[depth]), w = shown_chars(end + 1) * 0.6 * fs;
      double x = attr_num(t, end, "x", 0) + dx[depth], y = attr_num(t, end, "y", 0) + dy[depth];
      b.x0 = attr_is(t, end, "text-anchor=\"middle\"") ? x - w / 2 : attr_is(t, end, "text-anchor=\"end\"") ? x - w : x;
      b.x1 = b.x0 + w;
      b.y0 = y - 0.8 * fs;
      b.y1 = y + 0.2 * fs;
      b.label = attr_is(t, end, "class=\"name");
    } else if (!strncmp(t, "<line class=\"abroad", 19)) {
      double x1 = attr_num(t, end, "x1", 0), y1 = attr_num(t, end, "y1", 0), x2 = attr_num(t, end, "x2", 0),
             y2 = attr_num(t, end, "y2", 0), half = attr_num(t, end, "stroke-width", 1) / 2;
      double wide = y1 == y2 ? 0 : half, high = x1 == x2 ? 0 : half; /* butt ends: no stroke past them */
      b.x0 = (x1 < x2 ? x1 : x2) - wide + dx[depth];
      b.x1 = (x1 < x2 ? x2 : x1) + wide + dx[depth];
      b.y0 = (y1 < y2 ? y1 : y2) - high + dy[depth];
      b.y1 = (y1 < y2 ? y2 : y1) + high + dy[depth];
    } else if (!strncmp(t, "<circle class=\"abroad", 21)) {
      double r = attr_num(t, end, "r", 0);
      b.x0 = attr_num(t, end, "cx", 0) - r + dx[depth];
      b.y0 = attr_num(t, end, "cy", 0) - r + dy[depth];
      b.x1 = b.x0 + 2 * r;
      b.y1 = b.y0 + 2 * r;
    } else if (!strncmp(t, "<path class=\"arms\" d=\"M", 24)) { /* a shield: 8 wide, 12 high */
      char *y;
      b.x0 = strtod(t + 24, &y) + dx[depth];
      b.y0 = strtod(y, NULL) + dy[depth];
      b.x1 = b.x0 + 8;
      b.y1 = b.y0 + 12;
    } else {
      continue;
    }
    out[n++] = b;
  }
  return n;
}

/* Labels that overlap another text or a piece beyond the edge, or leave the
 * picture's width; the first few are named on stderr. */
static int label_collisions(const char *svg, const char *where) {
  enum { MAX_BOXES = 4096 };
  box *b = malloc(sizeof *b * MAX_BOXES);
  if (!b) return -1;
  int n = svg_boxes(svg, b, MAX_BOXES), bad = 0;
  double width = attr_num(strstr(svg, "<svg "), strchr(strstr(svg, "<svg "), '>'), "width", 0);
  for (int i = 0; i < n; i++) {
    if (!b[i].label) continue;
    if (b[i].x0 < 0 || b[i].x1 > width) {
      if (bad++ < 5) fprintf(stderr, "%s: a label leaves the picture: %.60s\n", where, b[i].at);
    }
    for (int j = 0; j < n; j++) {
      if (j == i || (b[j].label && j < i)) continue; /* each pair of labels once */
      if (b[i].x0 < b[j].x1 && b[j].x0 < b[i].x1 && b[i].y0 < b[j].y1 && b[j].y0 < b[i].y1 && bad++ < 5)
        fprintf(stderr, "%s: %.60s overlaps %.60s\n", where, b[i].at, b[j].at);
    }
  }
  free(b);
  return bad;
}

static void check_svg(carc_game *g, const char *label) {
  int before = check_failures;
  size_t n = carc_game_render_svg(g, NULL, 0);
  char *svg = malloc(n + 1);
  CHECK_INT(carc_game_render_svg(g, svg, n + 1), n);
  CHECK(well_formed(svg));
  CHECK(strncmp(svg, "<?xml", 5) == 0);
  CHECK_HAS(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
  carc_engine *e = carc_game_engine(g);
  carc_map_info mi;
  carc_engine_map_info(e, &mi);
  int on_board = 0, tiles_drawn = carc_board_tiles(g) - (mi.abroad + mi.ferries);
  for (int f = 0; f < carc_game_figures(g); f++) on_board += carc_figure_segment(g, f) >= 0;
  CHECK_INT(count(svg, "<g class=\"tile"), tiles_drawn);
  CHECK_INT(count(svg, "<g class=\"tile printed\""), carc_board_printed_tiles(g) - (mi.abroad + mi.ferries));
  CHECK_INT(count(svg, "class=\"figure\""), on_board);
  CHECK_INT(count(svg, "class=\"ferry\""), mi.ferries);
  CHECK_INT(count(svg, "class=\"abroad "), mi.abroad);
  int squares = 0;
  for (int y = 0; y < mi.height; y++)
    for (int x = 0; x < mi.width; x++) {
      int k = carc_map_square(e, x, y);
      squares += k != CARC_SQ_NONE && k != CARC_SQ_CITY;
    }
  CHECK_INT(count(svg, "<rect class=\"square "), squares);
  CHECK_HAS(svg, mi.name);
  CHECK_INT(label_collisions(svg, label), 0);
  if (check_failures != before) fprintf(stderr, "%s: SVG checks failed\n", label);
  free(svg);
}

/* A seeded game on `map` played to the end; at every turn the save loads
 * into a game that saves the same text and plays on to the same scores. */
static void full_game(const char *const *names, int n, uint64_t seed) {
  carc_engine *e = check_base_engine();
  char *texts[2];
  const char *ct[2], *origins[2];
  for (int i = 0; i < n; i++) {
    texts[i] = check_map_text(names[i]);
    ct[i] = texts[i];
    origins[i] = names[i];
  }
  CHECK_INT(carc_engine_set_map(e, n, ct, origins), CARC_OK);
  carc_map_info mi;
  carc_engine_map_info(e, &mi);
  carc_game_options o = {3, seed, 0, 0};
  carc_game *g = carc_game_new(e, &o), *end = carc_game_new(e, &o);
  CHECK(g != NULL && end != NULL);
  if (!g || !end) return;
  CHECK_INT(carc_game_supply(g, 0, 0), mi.followers ? mi.followers : 7);
  CHECK_INT(carc_board_tiles(g) - carc_board_printed_tiles(g), mi.starts_used);
  CHECK(carc_bot_play_game(end, CARC_BOT_RANDOM) == CARC_OK);
  int turns = 0, failures = check_failures;
  while (carc_game_phase(g) != CARC_PHASE_OVER && check_failures == failures) {
    char *one = check_save_text(g), err[512];
    carc_game *h = carc_game_load(e, one, err, sizeof err);
    CHECK(h != NULL);
    if (!h) {
      fprintf(stderr, "%s turn %d: load failed: %s\n", names[0], turns, err);
      free(one);
      break;
    }
    char *two = check_save_text(h);
    CHECK(strcmp(one, two) == 0);
    CHECK(carc_bot_play_game(h, CARC_BOT_RANDOM) == CARC_OK);
    for (int p = 0; p < 3; p++) CHECK_INT(carc_game_score(h, p), carc_game_score(end, p));
    free(one);
    free(two);
    carc_game_free(h);
    CHECK(carc_bot_play_turn(g, CARC_BOT_RANDOM) == CARC_OK);
    turns++;
  }
  CHECK(turns > mi.squares / 2); /* a whole game, not a few turns */
  for (int p = 0; p < 3; p++) CHECK_INT(carc_game_score(g, p), carc_game_score(end, p));
  check_svg(g, names[0]);
  if (check_failures != failures) fprintf(stderr, "map %s: checks failed after %d turns\n", names[0], turns);
  carc_game_free(g);
  carc_game_free(end);
  carc_engine_free(e);
  for (int i = 0; i < n; i++) free(texts[i]);
}

/* Long names on neighbouring squares and edges (the longest a map takes is
 * 39 bytes) keep apart: each fits its square, in a smaller font or, past
 * the smallest, cut short with the whole name in a <title>. */
static void test_long_names_svg(void) {
  const char *text = "name Long names\nstart 1,1\ngrid\n. t t .\n. . . .\nend\n"
                     "town 1,0 Oberwesterholzhausen\ntown 2,0 Unterwesterholzhausen an der M\xc3\xbchle\n"
                     "abroad 0,0 N road arms 1 Nordwesterholzhausen\nabroad 1,0 N city arms 2 Nordosterholzhausen-am-See\n"
                     "abroad 3,0 E road arms 2 Ostwesterholzhausen\nabroad 3,1 E city S\xc3\xbc" "dosterholzhausen\n"
                     "abroad 0,0 W road Westerholzhausen\nabroad 0,1 W city Amt Westerholz\n";
  carc_engine *e = check_base_engine();
  const char *t[1] = {text}, *o[1] = {"long.map"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  carc_game_options go = {2, 1, 0, 0};
  carc_game *g = carc_game_new(e, &go);
  CHECK(g != NULL);
  if (g) {
    size_t n = carc_game_render_svg(g, NULL, 0);
    char *svg = malloc(n + 1);
    carc_game_render_svg(g, svg, n + 1);
    CHECK(well_formed(svg));
    CHECK_INT(label_collisions(svg, "long names"), 0);
    CHECK_HAS(svg, ">Amt Westerholz</text>"); /* 14 characters: a smaller font, not cut */
    CHECK_HAS(svg, "\xe2\x80\xa6<title>Nordosterholzhausen-am-See</title></text>");
    CHECK_HAS(svg, "\xe2\x80\xa6<title>Unterwesterholzhausen an der M\xc3\xbchle</title></text>");
    free(svg);
  }
  carc_game_free(g);
  carc_engine_free(e);
}

/* On the plane nothing changes: no printed tiles, the SVG draws every tile. */
static void test_plane_svg(void) {
  carc_engine *e = check_base_engine();
  carc_game_options o = {2, 3, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(carc_bot_play_game(g, CARC_BOT_RANDOM) == CARC_OK);
  CHECK_INT(carc_board_printed_tiles(g), 0);
  CHECK_INT(carc_map_square(e, 0, 0), -1);
  size_t n = carc_game_render_svg(g, NULL, 0);
  char *svg = malloc(n + 1);
  carc_game_render_svg(g, svg, n + 1);
  CHECK(well_formed(svg));
  CHECK_INT(count(svg, "<g class=\"tile\""), carc_board_tiles(g));
  CHECK_INT(count(svg, "class=\"square"), 0);
  free(svg);
  carc_game_free(g);
  carc_engine_free(e);
}

/* Mutated copies of the demo map: every one either loads (and then plays a
 * whole game) or fails with an origin:line:column message; never a crash,
 * never a half-loaded map (run under the sanitizers too). */
static void test_mutations(void) {
  char *demo = check_map_text("demo");
  size_t len = strlen(demo);
  static const char alphabet[] = "~.thiw:12AB ,\n#x-0987NSEWcityedgeabroadferry";
  uint64_t rng = 12345;
  int loaded = 0, refused = 0;
  char *text = malloc(len * 2 + 64);
  for (int i = 0; i < 1500; i++) {
    memcpy(text, demo, len + 1);
    size_t n = len;
    int edits = 1 + (int)(rng % 4);
    for (int k = 0; k < edits; k++) {
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      size_t at = (size_t)(rng >> 33) % n;
      char c = alphabet[(rng >> 20) % (sizeof alphabet - 1)];
      switch ((rng >> 12) % 3) {
        case 0: text[at] = c; break;                                      /* replace */
        case 1: memmove(text + at, text + at + 1, n - at); n--; break;    /* delete */
        default: memmove(text + at + 1, text + at, n - at + 1); text[at] = c; n++; break; /* insert */
      }
    }
    carc_engine *e = check_base_engine();
    int types = carc_tile_type_count(e);
    const char *t[1] = {text}, *o[1] = {"fuzz.map"};
    carc_result r = carc_engine_set_map(e, 1, t, o);
    if (r == CARC_OK) {
      loaded++;
      carc_game_options go = {2, (uint64_t)i, 0, 0};
      carc_game *g = carc_game_new(e, &go);
      if (g) { /* a start square may be unusable for the start tile: then no game */
        CHECK(carc_bot_play_game(g, CARC_BOT_RANDOM) == CARC_OK);
        carc_game_free(g);
      }
    } else {
      refused++;
      CHECK_HAS(carc_engine_error(e), "fuzz.map:");
      CHECK_INT(carc_engine_map_info(e, NULL), 0);
      CHECK_INT(carc_tile_type_count(e), types);
    }
    carc_engine_free(e);
  }
  CHECK(loaded > 0 && refused > 0);
  free(text);
  free(demo);
}

/* A start square that the start tile fits in no rotation refuses the map
 * at its 'start' line (a pair's east half names its own file), whatever a
 * game's seed would draw; and a start tile that does not fit the map's
 * start squares is refused, the old one kept. */
static void test_start_misfit(void) {
  /* (0,0) between a city abroad north and one west: D (city north, road
   * east-west, field south) shows a city on neither pair of edges */
  const char *text = "name Corner\nstarts 1\ngrid\n. .\n. .\nend\nstart 1,1\nstart 0,0\n"
                     "abroad 0,0 N city\nabroad 0,0 W city\n";
  carc_engine *e = check_base_engine();
  int types = carc_tile_type_count(e);
  const char *t[2] = {text, NULL}, *o[2] = {"corner.map", "e.map"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "corner.map:8:7: start square (0,0): the start tile D fits it in no rotation");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  CHECK_INT(carc_tile_type_count(e), types);
  const char *west = "name W\nstart 0,0\ngrid\n. . :\n. . :\n. . ~\nend\n";
  const char *east = "name E\nstart 1,1\nstart 2,0\ngrid\n: . .\n: . .\n~ . .\nend\nabroad 2,0 N city\nabroad 2,0 E city\n";
  t[0] = west;
  t[1] = east;
  o[0] = "w.map";
  CHECK_INT(carc_engine_set_map(e, 2, t, o), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "e.map:3:7: start square (4,0)");
  CHECK_INT(carc_engine_map_info(e, NULL), 0);
  CHECK_INT(carc_tile_type_count(e), types);
  /* the map first, then the base tiles: D is refused as the start tile, and
   * none of the tiles is kept (a second load is refused the same way) */
  carc_engine *raw = carc_engine_new(NULL, NULL);
  t[0] = text;
  o[0] = "corner.map";
  CHECK_INT(carc_engine_set_map(raw, 1, t, o), CARC_OK); /* no start tile yet */
  const int printed = carc_tile_type_count(raw);
  for (int k = 0; k < 2; k++) {
    CHECK_INT(carc_tiles_load_base(raw), CARC_ERR_ILLEGAL);
    CHECK_HAS(carc_engine_error(raw), "start tile: D fits the map's start square (0,0) in no rotation");
    CHECK_INT(carc_tile_type_count(raw), printed);
  }
  carc_engine_free(raw);
  /* a road abroad north of the start square: D fits it turned; C, a city all round, does not */
  const char *road = "name Road\nstart 0,0\ngrid\n. .\nend\nabroad 0,0 N road\n";
  t[0] = road;
  o[0] = "road.map";
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  CHECK_INT(carc_tile_set_start(e, "C"), CARC_ERR_ILLEGAL);
  CHECK_HAS(carc_engine_error(e), "start tile: C fits the map's start square (0,0) in no rotation");
  carc_game_options go = {2, 1, 0, 0};
  carc_game *g = carc_game_new(e, &go); /* D is still the start tile */
  CHECK(g != NULL);
  if (g) CHECK_INT(carc_board_tile_type(g, carc_board_tile_at(g, 0, 0)), check_type(e, "D"));
  carc_game_free(g);
  carc_engine_free(e);
}

/* A rolled-back engine transaction puts the map's signal back, and with it
 * what a tile on each square does: a tile on a town raises the flag again. */
static void test_signal_rollback(void) {
  carc_engine *e = check_base_engine();
  const char *text = "name T\ngrid\n. t 3\nend\nstart 0,0 S\n";
  const char *t[1] = {text}, *o[1] = {"t.map"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  int f = carc_flag_id(e, "sig");
  CHECK_INT(carc_engine_map_signal(e, f, 1), CARC_OK);
  CHECK_INT(carc_engine_begin(e), CARC_OK);
  CHECK_INT(carc_engine_map_signal(e, -1, 0), CARC_OK);
  carc_engine_rollback(e);
  carc_game_options go = {2, 1, 0, 1};
  carc_game *g = carc_game_new(e, &go);
  CHECK(g != NULL);
  if (g) {
    CHECK_INT(carc_game_place_named(g, check_type(e, "U"), 1, 0, 1), CARC_OK); /* on the town */
    CHECK_INT(carc_game_flag(g, f), 1);
  }
  carc_game_free(g);
  carc_engine_free(e);
}

/* How a large city's squares show the fields on their outer edges: one
 * field round the corners (the default), or one an edge; set before the
 * map, and refused once it has loaded. The city's west square (1,0) shows
 * a city east, fields south, west and north. */
static void test_city_fields(void) {
  const char *text = "name T\ngrid\n. A A .\n. . . .\nend\nstart 0,1 S\ncity A 2x1 1,0 arms 1 Aa\n";
  const char *t[1] = {text}, *o[1] = {"t.map"};
  for (int mode = CARC_MAP_FIELDS_AROUND; mode <= CARC_MAP_FIELDS_APART; mode++) {
    carc_engine *e = check_base_engine();
    CHECK_INT(carc_engine_map_fields(e, mode), CARC_OK);
    CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
    const int west = carc_tile_type_find(e, "map.A.0.1.0");
    CHECK(west >= 0);
    if (west >= 0) {
      CHECK_HAS(carc_tile_type_notation(e, west), mode ? "field:S field:W field:N" : "field:S,W,N");
      CHECK_INT(carc_tile_type_segments(e, west), mode ? 4 : 2);
    }
    CHECK_INT(carc_engine_map_fields(e, CARC_MAP_FIELDS_AROUND), CARC_ERR_STATE);
    CHECK_HAS(carc_engine_error(e), "loaded already");
    carc_engine_free(e);
  }
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_engine_map_fields(e, 2), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "mode 2 is neither");
  CHECK_INT(carc_engine_map_fields(NULL, 0), CARC_ERR_ARGUMENT);
  carc_engine_free(e);
}

/* With towns 2 a tile on a start square raises the signal as a town's does,
 * but the setup's own start tiles raise none, nor with towns 1 on the start
 * square Q printed as a town; towns beyond 2 are refused. */
static void test_signal_start_squares(void) {
  carc_engine *e = check_base_engine();
  const char *text = "name T\nstarts 2\ngrid\n. . . t\nend\nstart 0,0 S\nstart 2,0 R\nstart 3,0 Q\n";
  const char *t[1] = {text}, *o[1] = {"t.map"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  CHECK_INT(carc_map_square_town(e, 3, 0), 1);
  int f = carc_flag_id(e, "sig");
  CHECK_INT(carc_engine_map_signal(e, f, 3), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "towns is 3");
  for (int towns = 1; towns <= 2; towns++) {
    CHECK_INT(carc_engine_map_signal(e, f, towns), CARC_OK);
    for (uint64_t seed = 1; seed <= 8; seed++) { /* two of three start squares, drawn */
      carc_game_options go = {2, seed, 0, 0};
      carc_game *g = carc_game_new(e, &go);
      CHECK(g != NULL);
      if (g) CHECK_INT(carc_game_flag(g, f), 0);
      carc_game_free(g);
    }
  }
  carc_game_options go = {2, 1, 0, 1}; /* a scenario's: the first start square only */
  carc_game *g = carc_game_new(e, &go);
  CHECK(g != NULL);
  /* a live game plays the map as it was set: neither changes under it */
  CHECK_INT(carc_engine_map_signal(e, f, 1), CARC_ERR_STATE);
  CHECK_HAS(carc_engine_error(e), "carc_engine_map_signal");
  CHECK_INT(carc_engine_map_setup(e, 5, 0), CARC_ERR_STATE);
  if (g) {
    CHECK_INT(carc_game_place_named(g, check_type(e, "U"), 1, 0, 1), CARC_OK); /* plain land */
    CHECK_INT(carc_game_flag(g, f), 0);
    const carc_action pass = {CARC_ACT_PASS, -1, -1, -1, -1};
    CHECK_INT(carc_game_act(g, &pass), CARC_OK);
    CHECK_INT(carc_game_place_named(g, check_type(e, "U"), 2, 0, 1), CARC_OK); /* the start square R */
    CHECK_INT(carc_game_flag(g, f), 1);
  }
  carc_game_free(g);
  carc_engine_free(e);
}

/* The setup may leave a drawn start square free (no tile of the bag fits
 * it). A player's tile then on another start square is a turn's tile: its
 * save says how many tiles the setup placed, and loads (it was refused, the
 * tile taken for the setup's). Seed 7 draws Gamma, which nothing fits. */
static void test_setup_left_a_start_square(void) {
  carc_engine *e = check_base_engine();
  const char *text = "name Tri\ntiles 2 3\nstarts 2\ngrid\n. .\n~ ~\n. ~\nend\n"
                     "start 0,0 Alpha\nstart 1,0 Beta\nstart 0,2 Gamma\n"
                     "abroad 0,2 N city Nord\nabroad 0,2 E road Ost\nabroad 0,2 W road West\n";
  const char *t[1] = {text}, *o[1] = {"tri.map"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  carc_game_options go = {2, 7, 0, 0};
  carc_game *g = carc_game_new(e, &go);
  CHECK(g != NULL);
  if (!g) {
    carc_engine_free(e);
    return;
  }
  CHECK_INT(carc_board_tiles(g) - carc_board_printed_tiles(g), 1); /* the start tile alone */
  carc_placement_option opts[16];
  const int n = carc_game_placements(g, opts, 16);
  int beta = -1;
  for (int i = 0; i < n && i < 16; i++)
    if (opts[i].x == 1 && opts[i].y == 0) beta = i;
  CHECK(beta >= 0);
  if (beta >= 0) CHECK_INT(carc_game_place(g, 1, 0, opts[beta].rotation), CARC_OK);
  char *saved = check_save_text(g), err[512];
  CHECK(strstr(saved, "\"setup_tiles\": 1,") != NULL);
  carc_game *h = carc_game_load(e, saved, err, sizeof err);
  CHECK(h != NULL);
  if (!h) fprintf(stderr, "load failed: %s\n", err);
  if (h) {
    char *again = check_save_text(h);
    CHECK(strcmp(saved, again) == 0);
    free(again);
  }
  /* a plane game or a scenario's has no such count */
  char *wrong = malloc(strlen(saved) + 1);
  if (wrong) {
    strcpy(wrong, saved);
    char *at = strstr(wrong, "\"setup_tiles\": 1");
    if (at) at[15] = '3'; /* more than the map's start squares used */
    CHECK(carc_game_load(e, wrong, err, sizeof err) == NULL);
    CHECK_HAS(err, "setup_tiles");
    free(wrong);
  }
  free(saved);
  carc_game_free(h);
  carc_game_free(g);
  carc_engine_free(e);
}

/* Start tiles are turned to fit what is printed around their square. */
static void test_start_turned(void) {
  carc_engine *e = check_base_engine();
  /* the start square (1,1) has a city abroad on its south edge: the start
   * tile D (city north) goes on it turned twice (city south) */
  const char *text = "name Turn\nstarts 2\nstart 1,1\nstart 3,1\ngrid\n. . . . .\n. . . . .\nend\n"
                     "abroad 1,1 S city arms 1\nabroad 3,1 S road\n";
  const char *t[1] = {text}, *o[1] = {"turn.map"};
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  for (uint64_t seed = 1; seed <= 6; seed++) {
    carc_game_options go = {2, seed, 0, 0};
    carc_game *g = carc_game_new(e, &go);
    CHECK(g != NULL);
    if (!g) break;
    int d = carc_board_tile_at(g, 1, 1), r = carc_board_tile_at(g, 3, 1);
    CHECK(d >= 0 && r >= 0); /* both start squares used, in either order */
    if (d >= 0 && r >= 0) {
      int south = carc_board_segment_at_port(g, d, CARC_S * 3 + 1);
      int kind = carc_segment_kind(e, carc_board_tile_type(g, d), south);
      CHECK_INT(kind, CARC_CITY);
      int rs = carc_board_segment_at_port(g, r, CARC_S * 3 + 1);
      CHECK_INT(carc_segment_kind(e, carc_board_tile_type(g, r), rs), CARC_ROAD);
    }
    CHECK(carc_bot_play_game(g, CARC_BOT_RANDOM) == CARC_OK);
    carc_game_free(g);
  }
  carc_engine_free(e);
}

/* carc_map_link_at: what is printed on an edge, a ferry's far end from
 * either end, nothing elsewhere, and no map at all. */
static void test_links(void) {
  carc_engine *e = check_base_engine();
  const char *t[1] = {"name L\nstart 0,1\ngrid\n. . ~ ~\n. . i ~\n. . ~ ~\nend\n"
                      "ferry 1,2 E 2,1 S arms 2 Crossing\nabroad 0,0 N road arms 1\nabroad 0,2 W city\n"},
             *o[1] = {"l.map"};
  CHECK_INT(carc_map_link_at(e, 1, 2, 1, NULL), 0); /* no map yet */
  CHECK_INT(carc_engine_set_map(e, 1, t, o), CARC_OK);
  carc_map_link l;
  CHECK_INT(carc_map_link_at(e, 1, 2, 1, &l), 1);
  CHECK_INT(l.kind, CARC_LINK_FERRY);
  CHECK_INT(l.arms, 2);
  CHECK_INT(l.far_x, 2);
  CHECK_INT(l.far_y, 1);
  CHECK_INT(l.far_edge, 2);
  CHECK_HAS(l.name, "Crossing");
  CHECK_INT(carc_map_link_at(e, 2, 1, 2, &l), 1); /* from the other end */
  CHECK_INT(l.far_x, 1);
  CHECK_INT(l.far_y, 2);
  CHECK_INT(l.far_edge, 1);
  CHECK_INT(carc_map_link_at(e, 0, 0, 0, &l), 1);
  CHECK_INT(l.kind, CARC_LINK_ROAD);
  CHECK_INT(l.arms, 1);
  CHECK_INT(l.far_x * 100 + l.far_y * 10 + l.far_edge, 0); /* abroad: the edge asked */
  CHECK(strcmp(l.name, "") == 0);
  CHECK_INT(carc_map_link_at(e, 0, 2, 3, &l), 1);
  CHECK_INT(l.kind, CARC_LINK_CITY);
  CHECK_INT(carc_map_link_at(e, 0, 0, 3, &l), 0); /* a border edge with nothing printed */
  CHECK_INT(carc_map_link_at(e, 1, 1, 1, &l), 0);
  CHECK_INT(carc_map_link_at(e, 1, 2, 4, &l), 0); /* no such edge */
  CHECK_INT(carc_map_link_at(e, 1, 2, -1, &l), 0);
  CHECK_INT(carc_map_link_at(e, 9, 9, 0, &l), 0); /* off the grid */
  CHECK_INT(carc_map_link_at(e, 1, 2, 1, NULL), 1);
  CHECK_INT(carc_map_link_at(NULL, 1, 2, 1, &l), 0);
  carc_engine_free(e);
}

int main(void) {
  test_links();
  test_start_turned();
  test_start_misfit();
  test_signal_rollback();
  test_city_fields();
  test_signal_start_squares();
  test_setup_left_a_start_square();
  test_mutations();
  test_errors();
  test_city_order();
  test_map_out_of_memory();
  test_join();
  test_join_too_wide();
  test_join_limits();
  test_plane_svg();
  test_long_names_svg();
  static const char *const demo[] = {"demo"}, *veld[] = {"veldmark"}, *skarn[] = {"skarnholm"},
                           *west[] = {"ostwald_west"}, *east[] = {"ostwald_east"},
                           *pair[] = {"ostwald_west", "ostwald_east"};
  full_game(demo, 1, 1);
  full_game(demo, 1, 2);
  full_game(veld, 1, 7);
  full_game(skarn, 1, 7);
  full_game(west, 1, 3);
  full_game(east, 1, 3);
  full_game(pair, 2, 7);
  return check_done("test_map");
}

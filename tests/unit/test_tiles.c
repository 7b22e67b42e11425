/* test_tiles.c - tile notation, the 24 base tile types, rotation and edge
 * matching, and the errors for malformed notation and tile data.
 *
 * Every expected value below is worked out by hand from the rules and the
 * port layout (Nl N Nr El E Er Sl S Sr Wl W Wr, port p = edge*3 + k), not
 * copied from the engine. */
#include "check.h"
#include <string.h>

/* one bit per port */
#define NL (1u << 0)
#define NM (1u << 1)
#define NR (1u << 2)
#define EL (1u << 3)
#define EM (1u << 4)
#define ER (1u << 5)
#define SL (1u << 6)
#define SM (1u << 7)
#define SR (1u << 8)
#define WL (1u << 9)
#define WM (1u << 10)
#define WR (1u << 11)
/* whole edges */
#define EN (NL | NM | NR)
#define EE (EL | EM | ER)
#define ES (SL | SM | SR)
#define EW (WL | WM | WR)
#define ALL (EN | EE | ES | EW)

enum { F = CARC_FIELD, R = CARC_ROAD, C = CARC_CITY, M = CARC_MONASTERY };

typedef struct seg_expect {
  int kind;
  unsigned ports;
  unsigned cities; /* fields: bit per city segment index touched */
  int arms;
} seg_expect;

typedef struct type_expect {
  const char *name;
  int count;
  int nseg;
  seg_expect seg[8];
} type_expect;

/* The base game, derived from the tile pictures. A field touches a city when
 * one of its ports lies next to a city port around the tile's rim. */
static const type_expect base[24] = {
    {"A", 2, 3, {{M, 0, 0, 0}, {R, SM, 0, 0}, {F, EN | EE | SL | SR | EW, 0, 0}}},
    {"B", 4, 2, {{M, 0, 0, 0}, {F, ALL, 0, 0}}},
    {"C", 1, 1, {{C, ALL, 0, 1}}},
    {"D", 4, 4, {{C, EN, 0, 0}, {R, EM | WM, 0, 0}, {F, EL | WR, 1, 0}, {F, ER | ES | WL, 0, 0}}},
    {"E", 5, 2, {{C, EN, 0, 0}, {F, EE | ES | EW, 1, 0}}},
    {"F", 2, 3, {{C, EE | EW, 0, 1}, {F, EN, 1, 0}, {F, ES, 1, 0}}},
    {"G", 1, 3, {{C, EN | ES, 0, 0}, {F, EE, 1, 0}, {F, EW, 1, 0}}},
    {"H", 3, 3, {{C, EE, 0, 0}, {C, EW, 0, 0}, {F, EN | ES, 3, 0}}},
    {"I", 2, 3, {{C, EN, 0, 0}, {C, EE, 0, 0}, {F, ES | EW, 3, 0}}},
    {"J", 3, 4, {{C, EN, 0, 0}, {R, EM | SM, 0, 0}, {F, EL | SR | EW, 1, 0}, {F, ER | SL, 0, 0}}},
    {"K", 3, 4, {{C, EN, 0, 0}, {R, SM | WM, 0, 0}, {F, EE | SL | WR, 1, 0}, {F, SR | WL, 0, 0}}},
    {"L", 3, 7,
     {{C, EN, 0, 0}, {R, EM, 0, 0}, {R, SM, 0, 0}, {R, WM, 0, 0}, {F, EL | WR, 1, 0},
      {F, ER | SL, 0, 0}, {F, SR | WL, 0, 0}}},
    {"M", 2, 2, {{C, EN | EW, 0, 1}, {F, EE | ES, 1, 0}}},
    {"N", 3, 2, {{C, EN | EW, 0, 0}, {F, EE | ES, 1, 0}}},
    {"O", 2, 4, {{C, EN | EW, 0, 1}, {R, EM | SM, 0, 0}, {F, EL | SR, 1, 0}, {F, ER | SL, 0, 0}}},
    {"P", 3, 4, {{C, EN | EW, 0, 0}, {R, EM | SM, 0, 0}, {F, EL | SR, 1, 0}, {F, ER | SL, 0, 0}}},
    {"Q", 1, 2, {{C, EN | EE | EW, 0, 1}, {F, ES, 1, 0}}},
    {"R", 3, 2, {{C, EN | EE | EW, 0, 0}, {F, ES, 1, 0}}},
    {"S", 2, 4, {{C, EN | EE | EW, 0, 1}, {R, SM, 0, 0}, {F, SL, 1, 0}, {F, SR, 1, 0}}},
    {"T", 1, 4, {{C, EN | EE | EW, 0, 0}, {R, SM, 0, 0}, {F, SL, 1, 0}, {F, SR, 1, 0}}},
    {"U", 8, 3, {{R, NM | SM, 0, 0}, {F, NR | EE | SL, 0, 0}, {F, SR | EW | NL, 0, 0}}},
    {"V", 9, 3, {{R, SM | WM, 0, 0}, {F, EN | EE | SL | WR, 0, 0}, {F, SR | WL, 0, 0}}},
    {"W", 4, 6,
     {{R, EM, 0, 0}, {R, SM, 0, 0}, {R, WM, 0, 0}, {F, EN | EL | WR, 0, 0}, {F, ER | SL, 0, 0},
      {F, SR | WL, 0, 0}}},
    {"X", 1, 8,
     {{R, NM, 0, 0}, {R, EM, 0, 0}, {R, SM, 0, 0}, {R, WM, 0, 0}, {F, NR | EL, 0, 0},
      {F, ER | SL, 0, 0}, {F, SR | WL, 0, 0}, {F, WR | NL, 0, 0}}},
};

static void test_base_types(void) {
  carc_engine *e = check_base_engine();
  int arms = carc_attr_find(e, "arms");
  CHECK(arms >= 0);
  CHECK_INT(carc_tile_type_count(e), 24);
  int total = 0;
  for (int i = 0; i < 24; i++) {
    const type_expect *x = &base[i];
    int t = carc_tile_type_find(e, x->name);
    if (t < 0) {
      fprintf(stderr, "base tile %s missing\n", x->name);
      check_failures++;
      continue;
    }
    CHECK_INT(carc_tile_type_copies(e, t), x->count);
    total += carc_tile_type_copies(e, t);
    CHECK(strcmp(carc_tile_type_set(e, t), "base") == 0);
    int n = carc_tile_type_segments(e, t);
    if (n != x->nseg) fprintf(stderr, "tile %s:\n", x->name);
    CHECK_INT(n, x->nseg);
    unsigned covered = 0;
    for (int s = 0; s < x->nseg && s < n; s++) {
      const seg_expect *se = &x->seg[s];
      int bad = check_failures;
      CHECK_INT(carc_segment_kind(e, t, s), se->kind);
      CHECK_INT(carc_segment_ports(e, t, s), se->ports);
      CHECK_INT(carc_segment_field_cities(e, t, s), se->cities);
      CHECK_INT(carc_segment_attr(e, t, s, arms), se->arms);
      if (check_failures != bad) fprintf(stderr, "  ... tile %s segment %d\n", x->name, s);
      CHECK((covered & se->ports) == 0);
      covered |= se->ports;
    }
    CHECK_INT(covered, ALL); /* every port belongs to exactly one segment */
  }
  CHECK_INT(total, 72);
  /* the start tile is D: a new game begins with D at (0,0), rotation 0 */
  carc_game_options o = {2, 7, 0, 0};
  carc_game *g = carc_game_new(e, &o);
  CHECK(g != NULL);
  CHECK_INT(carc_board_tiles(g), 1);
  CHECK_INT(carc_board_tile_type(g, 0), carc_tile_type_find(e, "D"));
  CHECK_INT(carc_board_tile_x(g, 0), 0);
  CHECK_INT(carc_board_tile_y(g, 0), 0);
  CHECK_INT(carc_board_tile_rotation(g, 0), 0);
  /* 72 tiles: the start tile, the drawn tile and the rest of the bag */
  CHECK_INT(carc_game_bag_left(g) + 1 + 1, 72);
  carc_game_free(g);
  carc_engine_free(e);
}

static void test_edges(void) {
  carc_engine *e = check_base_engine();
  int D = check_type(e, "D"), J = check_type(e, "J"), N = check_type(e, "N"),
      V = check_type(e, "V"), I = check_type(e, "I");
  /* D unrotated: city north, road east-west, field south */
  for (int k = 0; k < 3; k++) {
    CHECK_INT(carc_tile_edge_kind(e, D, 0, CARC_N, k), C);
    CHECK_INT(carc_tile_edge_kind(e, D, 0, CARC_S, k), F);
  }
  CHECK_INT(carc_tile_edge_kind(e, D, 0, CARC_E, 0), F);
  CHECK_INT(carc_tile_edge_kind(e, D, 0, CARC_E, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, D, 0, CARC_E, 2), F);
  /* D turned once clockwise: the city faces east, the road runs north-south */
  CHECK_INT(carc_tile_edge_kind(e, D, 1, CARC_E, 1), C);
  CHECK_INT(carc_tile_edge_kind(e, D, 1, CARC_N, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, D, 1, CARC_S, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, D, 1, CARC_W, 1), F);
  /* D turned twice: city south; three times: city west */
  CHECK_INT(carc_tile_edge_kind(e, D, 2, CARC_S, 0), C);
  CHECK_INT(carc_tile_edge_kind(e, D, 2, CARC_N, 1), F);
  CHECK_INT(carc_tile_edge_kind(e, D, 3, CARC_W, 2), C);
  CHECK_INT(carc_tile_edge_kind(e, D, 3, CARC_E, 1), F);
  /* J: city N, road E-S. Rotation 1: city E, road S-W, field N */
  CHECK_INT(carc_tile_edge_kind(e, J, 1, CARC_E, 1), C);
  CHECK_INT(carc_tile_edge_kind(e, J, 1, CARC_S, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, J, 1, CARC_W, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, J, 1, CARC_N, 1), F);
  /* Rotation 3: city W, road N-E, field S */
  CHECK_INT(carc_tile_edge_kind(e, J, 3, CARC_W, 0), C);
  CHECK_INT(carc_tile_edge_kind(e, J, 3, CARC_N, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, J, 3, CARC_E, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, J, 3, CARC_S, 1), F);
  /* N (city N+W): rotation 2 has the city on S and E */
  CHECK_INT(carc_tile_edge_kind(e, N, 2, CARC_S, 1), C);
  CHECK_INT(carc_tile_edge_kind(e, N, 2, CARC_E, 1), C);
  CHECK_INT(carc_tile_edge_kind(e, N, 2, CARC_N, 1), F);
  CHECK_INT(carc_tile_edge_kind(e, N, 2, CARC_W, 1), F);
  /* V (road S-W curve): rotation 1 has the road W-N */
  CHECK_INT(carc_tile_edge_kind(e, V, 1, CARC_W, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, V, 1, CARC_N, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, V, 1, CARC_E, 1), F);
  CHECK_INT(carc_tile_edge_kind(e, V, 1, CARC_S, 1), F);
  /* I (caps N and E): rotation 3 has caps W and N */
  CHECK_INT(carc_tile_edge_kind(e, I, 3, CARC_W, 1), C);
  CHECK_INT(carc_tile_edge_kind(e, I, 3, CARC_N, 1), C);
  CHECK_INT(carc_tile_edge_kind(e, I, 3, CARC_E, 1), F);
  /* bad arguments */
  CHECK_INT(carc_tile_edge_kind(e, D, 0, 4, 0), -1);
  CHECK_INT(carc_tile_edge_kind(e, D, 0, 0, 3), -1);
  CHECK_INT(carc_tile_edge_kind(e, 99, 0, 0, 0), -1);
  /* a tile with three different kinds on one edge shows the port order:
   * Nl field, N road, Nr city; turned once: El field, E road, Er city */
  CHECK_INT(carc_tile_define(e, "test", "ASYM", 0, "road:N city:Nr field:Nl,E,S,W"), CARC_OK);
  int A = check_type(e, "ASYM");
  CHECK_INT(carc_tile_edge_kind(e, A, 0, CARC_N, 0), F);
  CHECK_INT(carc_tile_edge_kind(e, A, 0, CARC_N, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, A, 0, CARC_N, 2), C);
  CHECK_INT(carc_tile_edge_kind(e, A, 1, CARC_E, 0), F);
  CHECK_INT(carc_tile_edge_kind(e, A, 1, CARC_E, 1), R);
  CHECK_INT(carc_tile_edge_kind(e, A, 1, CARC_E, 2), C);
  CHECK_INT(carc_tile_edge_kind(e, A, 2, CARC_S, 2), C);
  CHECK_INT(carc_tile_edge_kind(e, A, 2, CARC_S, 0), F);
  CHECK_INT(carc_tile_edge_kind(e, A, 3, CARC_W, 2), C);
  CHECK_INT(carc_tile_edge_kind(e, A, 3, CARC_N, 0), F);
  /* its field touches the half city at Nr through port El */
  CHECK_INT(carc_segment_field_cities(e, A, 2), 1u << 1);
  /* general rule: edge d at rotation r shows the unrotated edge d - r */
  for (int t = 0; t < carc_tile_type_count(e); t++)
    for (int r = 0; r < 4; r++)
      for (int d = 0; d < 4; d++)
        for (int k = 0; k < 3; k++)
          CHECK_INT(carc_tile_edge_kind(e, t, r, d, k), carc_tile_edge_kind(e, t, 0, (d - r + 4) % 4, k));

  /* matching by hand: placing N at rotation 2 south of D's field? D's south
   * edge is field; N rotation 2 has a field north: they match. N rotation 0
   * has its city north: no match. */
  for (int k = 0; k < 3; k++) {
    CHECK_INT(carc_tile_edge_kind(e, N, 2, CARC_N, 2 - k), carc_tile_edge_kind(e, D, 0, CARC_S, k));
  }
  CHECK(carc_tile_edge_kind(e, N, 0, CARC_N, 1) != carc_tile_edge_kind(e, D, 0, CARC_S, 1));
  carc_engine_free(e);
}

static void test_attributes(void) {
  carc_engine *e = check_base_engine();
  CHECK_INT(carc_tile_define(e, "test", "T1", 2, "city:N+arms=2+gate road:S @inn @signpost=-5 field:E,W,Sl,Sr"),
            CARC_OK);
  int t = check_type(e, "T1");
  CHECK_INT(carc_tile_type_copies(e, t), 2);
  CHECK(strcmp(carc_tile_type_set(e, t), "test") == 0);
  CHECK(strcmp(carc_tile_type_notation(e, t), "city:N+arms=2+gate road:S @inn @signpost=-5 field:E,W,Sl,Sr") == 0);
  CHECK_INT(carc_tile_type_segments(e, t), 3);
  CHECK_INT(carc_segment_attr(e, t, 0, carc_attr_find(e, "arms")), 2);
  CHECK_INT(carc_segment_attr(e, t, 0, carc_attr_find(e, "gate")), 1);
  CHECK_INT(carc_segment_attr(e, t, 1, carc_attr_find(e, "gate")), 0);
  CHECK_INT(carc_tile_type_attr(e, t, carc_attr_find(e, "inn")), 1);
  CHECK_INT(carc_tile_type_attr(e, t, carc_attr_find(e, "signpost")), -5);
  /* field E,W,Sl,Sr: Nr/El and Wr/Nl lie next to the city */
  CHECK_INT(carc_segment_kind(e, t, 2), F);
  CHECK_INT(carc_segment_field_cities(e, t, 2), 1);
  /* an edge letter as a value: E = 1 */
  CHECK_INT(carc_tile_define(e, "test", "T2", 1, "road:N+dir=E field:Nl,Nr,E,S,W"), CARC_OK);
  CHECK_INT(carc_segment_attr(e, check_type(e, "T2"), 0, carc_attr_find(e, "dir")), CARC_E);
  /* a monastery-like kind has no ports; a declared kind works the same */
  int garden = carc_kind_id(e, "garden");
  CHECK(garden >= CARC_KIND_FIRST_CUSTOM);
  CHECK_INT(carc_tile_define(e, "test", "T3", 1, "garden field:N,E,S,W"), CARC_OK);
  CHECK_INT(carc_segment_kind(e, check_type(e, "T3"), 0), garden);
  CHECK_INT(carc_segment_ports(e, check_type(e, "T3"), 0), 0);
  carc_engine_free(e);
}

/* A malformed notation is refused with CARC_ERR_PARSE, a message naming the
 * problem, and no new type. */
static void bad(carc_engine *e, const char *notation, const char *needle) {
  int before = carc_tile_type_count(e);
  carc_result r = carc_tile_define(e, "test", "BAD", 1, notation);
  if (r != CARC_ERR_PARSE) fprintf(stderr, "notation '%s' gave %s\n", notation, carc_result_name(r));
  CHECK_INT(r, CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), needle);
  CHECK_HAS(carc_engine_error(e), notation);
  CHECK_INT(carc_tile_type_count(e), before);
  CHECK_INT(carc_tile_type_find(e, "BAD"), -1);
}

static void test_errors(void) {
  carc_engine *e = check_base_engine();
  bad(e, "castle:N field:E,S,W", "unknown segment kind 'castle'");
  bad(e, "city:Q field:E,S,W", "expected a port");
  bad(e, "city:N field:Nl,E,S,W", "already belongs to another segment");
  bad(e, "city:N road:N field:E,S,W", "already belongs to another segment");
  bad(e, "city:N field:E,S", "port Wl belongs to no segment");
  bad(e, "city:N,E,S field:Wl,Wr", "port W belongs to no segment");
  bad(e, "road:Nl field:N,E,S,W", "a road takes whole edges");
  bad(e, "city:N+arms=x field:E,S,W", "attribute 'arms' needs an integer");
  bad(e, "city:N+arms=1000 field:E,S,W", "attribute 'arms' needs an integer");
  bad(e, "city:N+ field:E,S,W", "expected an attribute name");
  bad(e, "city field:N,E,S,W", "a city needs ports");
  bad(e, "monastery:N field:N,E,S,W", "a monastery has no ports");
  bad(e, "city:N; field:E,S,W", "unexpected ';'");
  /* no blank inside an item: strtol would have read " 5" as 5 */
  bad(e, "city:N+arms= 5 field:E,S,W", "attribute 'arms' needs an integer");
  bad(e, "city:N+arms=+ field:E,S,W", "attribute 'arms' needs an integer");
  /* a notation is one line: what follows a line break is not dropped */
  static const char *const broken[][2] = {
      {"city:N,E,S,W\nmonastery", "at column 13 ('?monastery'): a control character (byte 0x0A)"},
      {"city:N,E,S,W\rgarbage", "at column 13 ('?garbage'): a control character (byte 0x0D)"},
      {"city:N,E,S,W \nmonastery", "at column 14 ('?monastery'): a control character (byte 0x0A)"},
      {"city:N+arms=\n5 field:E,S,W", "at column 13 ('?5 field:E,S'): a control character (byte 0x0A)"},
      {"road:N,S field:Nr,E,Sl field:Sr,W,Nl # c\nmonastery", "at column 41 ('?monastery'): a control"},
      {"road:N,\x7fS field:Nr,E,Sl field:Sr,W,Nl", "at column 8 ('?S field:Nr,'): a control character (byte 0x7F)"},
      {"road:N,S \xc2\x85" "field:Nr,E,Sl field:Sr,W,Nl", "at column 10 ('??field:Nr,E'): a control character (byte 0xC2)"},
  };
  for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
    const int before = carc_tile_type_count(e);
    CHECK_INT(carc_tile_define(e, "test", "BAD", 1, broken[i][0]), CARC_ERR_PARSE);
    CHECK_HAS(carc_engine_error(e), broken[i][1]);
    CHECK_INT(carc_tile_type_count(e), before);
  }
  /* the item quoted is cut between characters; an escape is shown as '?' */
  CHECK_INT(carc_tile_define(e, "test", "BAD", 1, "city:N,E,S+\xc3\xa9 field:W x"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "('city:N,E,S+'): expected an attribute name");
  CHECK_INT(carc_tile_define(e, "test", "BAD", 1, "castle:N,E,S+\xc3\xa9 field:W"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "at column 1 ('castle:N,E,S'): unknown segment kind");
  CHECK_INT(carc_tile_define(e, "test", "BAD", 1, "city:N\x1b[2J field:E,S,W"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "tile notation 'city:N?[2J field:E,S,W'");
  CHECK_INT(carc_tile_define(e, "test", "BAD", 1, "cast:N,E,S+\xc3\xa9 field:W"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "('cast:N,E,S+'): unknown segment kind");
  /* a long notation is quoted in part: its column and reason still fit */
  char longer[700] = "city:N,E,S";
  static const char *const name47 = "+an_attribute_name_of_forty_six_bytes_exactly__";
  for (int k = 0; k < 6; k++) strcat(longer, name47);
  strcat(longer, " field:W");
  for (int k = 0; k < 6; k++) strcat(longer, name47);
  strcat(longer, " road:Q");
  CHECK_INT(carc_tile_define(e, "test", "BAD", 1, longer), CARC_ERR_PARSE);
  char column[128];
  snprintf(column, sizeof column, "(%zu bytes): at column %zu ('road:Q'): expected a port", strlen(longer),
           strlen(longer) - 5);
  CHECK_HAS(carc_engine_error(e), column);
  CHECK_HAS(carc_engine_error(e), "tile notation 'city:N,E,S+an_attribute_name");
  /* the engine still works after all that */
  CHECK_INT(carc_tile_define(e, "test", "GOOD", 1, "city:N field:E,S,W"), CARC_OK);
  CHECK_INT(carc_tile_type_count(e), 25);
  /* duplicate names are an argument error, not a parse error */
  CHECK_INT(carc_tile_define(e, "test", "GOOD", 1, "city:N field:E,S,W"), CARC_ERR_ARGUMENT);
  CHECK_HAS(carc_engine_error(e), "already defined");
  carc_engine_free(e);

  /* tile data: a bad line names file and line, and no type of it is added */
  e = check_base_engine();
  const char *text = "# two good lines, one bad\n"
                     "Y1 2 city:N field:E,S,W\n"
                     "\n"
                     "Y2 1 road:N,S field:Nr,E,Sl field:Sr,W,Nl\n"
                     "Y3 1 city:N field:E,S\n"
                     "Y4 1 road:E,W field:N,El,Wr field:Er,S,Wl\n";
  CHECK_INT(carc_tiles_load(e, "more", text, "more.tiles"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "more.tiles:5: ");
  CHECK_HAS(carc_engine_error(e), "port Wl belongs to no segment");
  CHECK_INT(carc_tile_type_count(e), 24);
  CHECK_INT(carc_tile_type_find(e, "Y1"), -1);
  CHECK_INT(carc_tile_type_find(e, "Y2"), -1);
  CHECK_INT(carc_tile_type_find(e, "Y4"), -1);
  /* a CR ends a line only before its LF: one inside a line is the notation's
   * error (the arms after it were dropped) */
  CHECK_INT(carc_tiles_load(e, "more", "Y5 1 city:N,E,S,W\r+arms=3\r\n", "cr.tiles"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "cr.tiles:1: tile notation 'city:N,E,S,W?+arms=3': at column 13");
  CHECK_INT(carc_tile_type_find(e, "Y5"), -1);
  {
    carc_engine *crlf = check_base_engine();
    CHECK_INT(carc_tiles_load(crlf, "more", "Y5 1 city:N,E,S,W+arms=3 # CRLF\r\r\nY6 1 city:N,E,S,W\r\n", "crlf.tiles"),
              CARC_OK);
    CHECK_INT(carc_tile_type_count(crlf), 26);
    carc_engine_free(crlf);
  }
  CHECK_INT(carc_tiles_load(e, "more", "Z1 two city:N field:E,S,W\n", "z.tiles"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "z.tiles:1: ");
  CHECK_HAS(carc_engine_error(e), "NAME COUNT NOTATION");
  CHECK_INT(carc_tile_type_count(e), 24);
  /* a count too large for any int, or below 0, is out of range, not wrapped */
  static const char *const counts[] = {"99999999999", "4294967297", "65536", "-3"};
  for (int i = 0; i < 4; i++) {
    char line[80];
    snprintf(line, sizeof line, "Y1 2 city:N field:E,S,W\nZ2 %s city:N field:E,S,W\n", counts[i]);
    CHECK_INT(carc_tiles_load(e, "more", line, "c.tiles"), CARC_ERR_PARSE);
    CHECK_HAS(carc_engine_error(e), "c.tiles:2: tile 'Z2': count out of range (0..65535)");
    CHECK_INT(carc_tile_type_count(e), 24);
  }
  CHECK_INT(carc_tiles_load(e, "more", "Z3 5x city:N field:E,S,W\n", "z.tiles"), CARC_ERR_PARSE);
  CHECK_HAS(carc_engine_error(e), "NAME COUNT NOTATION");
  /* the good lines alone load */
  CHECK_INT(carc_tiles_load(e, "more", "Y1 2 city:N field:E,S,W\r\nY2 1 road:N,S field:Nr,E,Sl field:Sr,W,Nl\r\n",
                            "more.tiles"), CARC_OK);
  CHECK_INT(carc_tile_type_count(e), 26);
  CHECK_INT(carc_tile_type_copies(e, check_type(e, "Y1")), 2);
  carc_engine_free(e);
}

int main(void) {
  test_base_types();
  test_edges();
  test_attributes();
  test_errors();
  return check_done("test_tiles");
}

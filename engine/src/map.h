/* map.h - the board shape of a Carcassonne map (engine-internal). Not API.
 *
 * A map is a grid of squares in board coordinates (x east, y south, the
 * grid's top-left square at (0,0)). The engine keeps one shape per engine;
 * a game on that engine plays on it. Printed pieces (large-city squares,
 * segments abroad, ferry routes) become the game's first board tiles, so
 * features, completion and scoring treat them like tiles without a special
 * case: a large-city square is a tile on its square, a segment abroad or a
 * ferry is a tile with no square that joins the edges it is printed on. */
#ifndef CARC_MAP_H
#define CARC_MAP_H

#include <stdint.h>

#define MAP_MAX_W 64
#define MAP_MAX_H 40
#define MAP_MAX_LINKS 64
#define MAP_MAX_CITIES 26
#define MAP_MAX_PRINTED 256 /* large-city squares, border pieces and ferries */
#define MAP_MAX_STARTS 16
#define MAP_MAX_NAMES 96
#define MAP_NAME 40

/* what lies beyond an edge or on a square */
typedef struct map_square {
  uint8_t kind;          /* CARC_SQ_* */
  uint8_t arms;          /* coats of arms printed on an island square */
  uint8_t town;          /* a town in print ('t'): a start square declared on one keeps it */
  int8_t city;           /* large city index, -1 */
  int8_t link[4];        /* printed link on this edge (index into links), -1 */
  int8_t start;          /* start square index, -1 */
  int8_t name;           /* index into names, -1 */
  uint8_t simple;        /* opens like a square of the plane: land, no printed piece on or beside it */
  uint8_t city_side;     /* bit per side (N E S W) across which a large city's square lies */
  uint8_t after;         /* what may give map_after_place work: AFTER_CITY, AFTER_TOWN, AFTER_ARMS */
  uint8_t slow;          /* bit per side (N E S W) that a tile here leaves to map_side: a printed
                          * link, or beyond, a square that does not open like the plane's */
  uint8_t closed;        /* bit per side with no link and, beyond, no square (sea, border,
                          * waves, a highlight, a lone half): a tile's ports there close */
  uint8_t plane_like;    /* opens like the plane's: free, it has printed pieces beside it at most
                          * (map.c: opens_like_plane), so `need` says all it must match */
  uint8_t area_squares;  /* squares around it that a monastery needs filled (take a tile, or
                          * a large city's) */
  uint16_t sides;        /* map_sides for a tile here, with the map's signal (set_after_mask) */
} map_square;
#define AFTER_CITY 0x1u   /* a large city's square beside it */
#define AFTER_TOWN 0x2u   /* a town in print: a signal when the map signals towns */
#define AFTER_ARMS 0x4u   /* an island with coats of arms: a signal when the map signals */
#define AFTER_START 0x8u  /* a start square: a signal when the map signals every one as a town */

enum { LINK_ROAD, LINK_CITY, LINK_FERRY };

/* What the printed pieces beside a free square demand of its tile's edges:
 * a frontier square's signature (internal.h: fr_sig) before any tile. */
typedef struct map_need {
  uint32_t req, mask;
} map_need;
#define MAP_NEED_W (MAP_MAX_W + 2) /* map_shape.need: a row, with a square of margin on each side */

typedef struct map_link {
  uint8_t kind;          /* LINK_* */
  uint8_t arms;
  int16_t x[2], y[2];    /* the square(s) it touches; a ferry has two ends */
  uint8_t d[2];          /* the edge of that square it lies on */
  int32_t type;          /* its printed tile type (up to CARC_MAX_TILE_TYPES) */
  int16_t printed;       /* its index among the printed tiles */
  char name[MAP_NAME];
} map_link;

typedef struct map_city {
  char letter;
  int16_t x, y, w, h;
  uint8_t arms;
  char name[MAP_NAME];
} map_city;

typedef struct map_printed {
  int32_t type;          /* up to CARC_MAX_TILE_TYPES */
  int16_t x, y;
  uint8_t on_square;     /* 1: a large-city square (has a board square) */
} map_printed;

/* The board right after the printed pieces are placed, kept from the first
 * game so that later games copy it instead of placing them again. */
typedef struct map_template {
  int ntiles, nsegs;
  void *tiles, *faces, *segs, *seg_attr; /* board_tile, tile_face, seg_state, seg_attrs arrays
                                  * (no frontier: printed pieces open no square) */
} map_template;

struct map_shape {
  map_template tmpl;      /* empty until a game has been set up */
  char name[MAP_NAME * 2];
  int w, h;
  int tiles_min, tiles_max, starts_used, followers;
  int signal;            /* game flag id + 1 turned on by a tile on an island-with-arms square */
  int signal_towns;      /* ... and on a town square (1), or on a town or start square (2) */
  uint8_t after_mask;    /* the AFTER_ bits that give map_after_place work, with this signal */
  int nstart;
  int16_t start_x[MAP_MAX_STARTS], start_y[MAP_MAX_STARTS];
  int ncities, nlinks, nprinted, nnames, squares, halves;
  map_city cities[MAP_MAX_CITIES];
  map_link links[MAP_MAX_LINKS];
  map_printed printed[MAP_MAX_PRINTED];
  char names[MAP_MAX_NAMES][MAP_NAME];
  map_square sq[MAP_MAX_H][MAP_MAX_W];
  /* Per large city ci, around[around_from[ci] .. around_from[ci + 1]): the
   * squares beside it that take a tile, each once, in the order of its
   * squares and their sides (y * MAP_MAX_W + x): what a tile connected to
   * it opens (map.c: open_around_city). A square lies beside four cities
   * at most. */
  int16_t around_from[MAP_MAX_CITIES + 1];
  uint16_t around[4 * MAP_MAX_W * MAP_MAX_H];
  /* square (x, y) at [y + 1][x + 1]: the margin holds what lies beyond the
   * border, so a tile's four sides read without a test (zero there) */
  map_need need[MAP_MAX_H + 2][MAP_NEED_W];
};

#endif

/* internal.h - structures shared by the engine's source files. Not API. */
#ifndef CARC_INTERNAL_H
#define CARC_INTERNAL_H

#include "carcassonne.h"
#include <stdarg.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* A line or column number for a message: counting stops at INT_MAX, which a
 * text of over 2 GiB would pass. */
static inline int count_on(int n) { return n < INT_MAX ? n + 1 : n; }
static inline int column_of(const char *line_start, const char *at) {
  const ptrdiff_t d = at - line_start;
  return d < INT_MAX ? (int)d + 1 : INT_MAX;
}

#define MAX_ATTRS 64          /* attribute names per engine (bit masks) */
#define MAX_SEG_ATTRS 6       /* attributes on one segment or tile */
#define ATTR_VALUE_MAX 999    /* a notation's attribute value (coats of arms too): -999..999 */
#define MAX_SETS 16
#define MAX_FIGURE_TYPES 8
#define MAX_TOKEN_TYPES 8
#define MAX_VARS 64
#define MAX_VAR_STACKS 16     /* card stacks held in variables (carc_var_set_stack) */
#define STACK_MAX_CARDS 8     /* a stack's rest, 7 base-16 digits, stays below 2^28 */
#define MAX_FLAGS 64
#define MAX_HANDLERS 96
#define MAX_HOOKS 32
#define MAX_FIGURES 96        /* figures in one game */
#define GRID_MAX_SQUARES (1 << 24) /* squares the board's bounding grid may span */
/* The turn number stops here: a game of 2^24 tiles has far fewer turns, a
 * save holds at most this, and a rule's "turn + 1" still fits a variable. */
#define MAX_TURN (1 << 30)
#define ERR_CAP 512
#define MAX_SEARCH_KINDS 4    /* kinds with a search path set through the API */
#define SEARCH_PATH_CAP 1024

/* A data kind ("expansions", "maps") and the folder set for it with
 * carc_engine_set_search_path (paths.c). */
typedef struct search_dir {
  char kind[24];
  char dir[SEARCH_PATH_CAP];
} search_dir;
#define MAX_DESC 1024         /* a handler's description, incl. NUL */

typedef struct map_shape map_shape; /* map.h */

typedef struct attr_value {
  uint8_t id;
  int16_t value;
} attr_value;

typedef struct tile_segment {
  uint8_t kind;
  uint8_t nattr;
  uint8_t edges;          /* edges touched (cities: whole edges, roads: ends) */
  uint8_t semicircular;   /* city touching exactly one edge */
  uint16_t ports;
  uint16_t field_cities;  /* fields: bit per city segment index touched */
  int16_t symbols;        /* value of the "arms" attribute (within +-ATTR_VALUE_MAX) */
  uint8_t nports;
  uint64_t attr_bits;
  attr_value attr[MAX_SEG_ATTRS];
} tile_segment;

/* One segment instance; the aggregates are valid at union-find roots. (Here,
 * before the tile types, which keep their segments' first records.) */
typedef struct seg_state {
  uint32_t parent, next;  /* union-find parent; circular member list */
  uint32_t tile;
  int32_t size, tiles, open, symbols;
  uint8_t idx, kind, occupants;
  uint8_t flags;          /* SEG_SCORED, SEG_TWINS: one byte, so a join merges both with one or */
} seg_state;              /* 32 bytes: placing a tile writes several, a join reads two */
#define SEG_SCORED 1u     /* the feature has been scored */
#define SEG_TWINS 2u      /* a member shares its tile with another segment of its kind (never
                           * set on fields, which do not count tiles) */
/* A tile type keeps each segment's first record as the seg_state it starts
 * as; its parent, next and tile, which placing writes, carry instead the
 * segment's attribute bits and, for a field, its cities, so that one
 * 32-byte record is all a placement reads of a segment. */
static inline seg_state seg_template(seg_state s, uint64_t attr_bits, unsigned field_cities) {
  s.parent = (uint32_t)attr_bits;
  s.next = (uint32_t)(attr_bits >> 32);
  s.tile = field_cities;
  return s;
}
static inline uint64_t template_attr_bits(const seg_state *s) { return (uint64_t)s->next << 32 | s->parent; }
static inline unsigned template_field_cities(const seg_state *s) { return s->tile; }

/* What a placement in one rotation reads of its type, side by side. */
typedef struct tile_turned {
  uint32_t side_req[4];   /* per side: what the free square beyond that side
                           * demands, on its own facing edge */
  int8_t rport_seg[12];   /* segment index per board port */
  int8_t facing[12];      /* the same, read from the neighbour across each side:
                           * facing[d*3+k] is the port opposite d*3+k */
  uint8_t side_one;       /* bit per side whose three ports are one segment */
  uint8_t facing_one;     /* the same for facing */
} tile_turned;

/* A tile type. The fields a draw and a placement read come first and
 * together (a game with a hundred types does not keep them all in the
 * first-level cache; each placement should miss few lines); the rest,
 * read when tiles are defined, described or saved, follows. */
typedef struct tile_type {
  uint32_t sig[4];        /* edge signature per rotation, 8 bits an edge */
  uint64_t attr_bits;
  int nseg;
  uint16_t area_segs;     /* bit per segment without ports (monastery-like) */
  uint16_t closable_segs; /* bit per segment a feature of which can complete (no field, no water) */
  uint16_t open_init;     /* bit per closable segment with ports: its feature starts open */
  uint8_t closed_alone;   /* 1 if a closable segment has no port: complete on its own */
  int set;                /* these three fill each game's bag */
  int copies;
  int adhoc;
  tile_turned turned[4];  /* per rotation */
  seg_state seg_init[CARC_MAX_SEGMENTS_PER_TILE]; /* seg_template: a placed segment's record before
                           * its ids and tile are written (a monastery-like one's open squares too) */
  uint16_t segs_of_kind[CARC_MAX_KINDS]; /* bit per segment of each kind */
  char name[CARC_MAX_NAME];
  char *notation;
  int8_t port_seg[12];    /* segment index per unrotated port */
  int nattr;
  attr_value attr[MAX_SEG_ATTRS];
  tile_segment seg[CARC_MAX_SEGMENTS_PER_TILE];
} tile_type;

typedef struct handler {
  char name[CARC_MAX_NAME];
  int priority;
  int seq;                /* registration order, breaks priority ties */
  int enabled;
  int retired;            /* carc_engine_retire: off for good, its code is gone */
  carc_filter filter;
  int filtered;           /* the filter asks something: check it per scoring */
  carc_handler_fn fn;
  void *ud;
  char *desc;             /* what it does, for `explain`; NULL if undeclared */
} handler;

/* One condition of handlers' filters (see carc_engine.needs): bit `bit` of
 * the scoring's source `what` must be set. */
enum { NEED_ATTR, NEED_TILE_ATTR, NEED_FIGURE, NEED_FLAG, NEED_TOKENS, NEED_SOURCES };
typedef struct filter_need {
  uint8_t what, bit;
  uint64_t handlers[(MAX_HANDLERS + 63) / 64];
} filter_need;
#define MAX_FILTER_NEEDS (64 + 64 + 32 + 64 + 1) /* every distinct (source, bit) */

typedef struct hook {
  char name[CARC_MAX_NAME];
  int priority, seq, enabled;
  int retired;            /* as a handler's */
  int infallible;         /* carc_hook_set_infallible: a reset takes no copy for it */
  carc_filter filter;
  carc_hook_fn fn;
  void *ud;
  char *desc;
} hook;

typedef struct figure_type {
  char name[CARC_MAX_NAME];
  int strength, per_player, occupies, incomplete_only;
  carc_placement placement;
  unsigned kinds;
  int trigger_attr;       /* tile attribute that moves a neutral figure */
  int exclusive;          /* figure type it never shares a feature with */
} figure_type;

typedef struct token_type {
  char name[CARC_MAX_NAME];
  int per_player, value;
} token_type;

/* The counts of the engine's growable name tables, side by side: a game's
 * transaction keeps them (engine_marker) with one copy, to drop what a
 * failed call added. */
#define ENGINE_COUNTS int ntypes, nsets, nattr, nkinds, nvars, nflags;
typedef struct engine_marker {
  ENGINE_COUNTS
} engine_marker;

struct carc_engine {
  carc_alloc_fn alloc;
  void *alloc_ud;
  void *userdata;
  /* games alive (carc_game_new to carc_game_free; atomic: threads may create
   * games of one engine at once): a figure, a token or a map defined under
   * them would give them saves their engine refuses */
  atomic_int games;
  char err[ERR_CAP];
  union {
    struct {
      ENGINE_COUNTS
    };
    engine_marker counts;
  };
  /* The tile types (and sets) no failed call takes back: all of them but
   * those an uncommitted carc_game_put_notation or carc_game_load defined,
   * until a game may hold one (a committed call, a clone or a copy: a hook
   * of the defining call may give another game the type). engine_restore
   * restores no lower. The other counts name nothing a game holds. */
  int kept_types, kept_sets;
  char attr_names[MAX_ATTRS][CARC_MAX_NAME];
  char kind_names[CARC_MAX_KINDS][CARC_MAX_NAME];
  /* the order in which one call scores several features (a turn that
   * completes a road and a city, the final scoring): a rank per kind, lower
   * first. It matters where a handler reads the scores so far (the ghosts'
   * floor); carc_engine_set_final_order. */
  uint8_t score_rank[CARC_MAX_KINDS];
  char set_names[MAX_SETS][CARC_MAX_NAME];
  int set_used[MAX_SETS];
  int cap_types;
  tile_type *types;
  /* The blocks `types` outgrew, freed with the engine: a type may be added
   * while a call on another game of the engine holds a pointer into the
   * table (from a hook or an event callback), and that pointer must stay
   * good. Doubling from 32 types, 24 blocks hold more than 2^16 types. */
  struct retired_types {
    tile_type *block[24];
    int cap[24];
    int n;
  } retired_types;
  int start_type;
  int nfig;
  figure_type figs[MAX_FIGURE_TYPES];
  int ntok;
  token_type toks[MAX_TOKEN_TYPES];
  char var_names[MAX_VARS][CARC_MAX_NAME];
  uint64_t var_ranged;              /* a bit per variable given a range (carc_var_set_range) */
  int32_t var_lo[MAX_VARS], var_hi[MAX_VARS];
  int nvar_stacks;                  /* card stacks kept in variable pairs (carc_var_set_stack) */
  uint64_t var_stacked;             /* a bit per variable in one of them */
  struct { int8_t active, rest, cards; } var_stacks[MAX_VAR_STACKS];
  char flag_names[MAX_FLAGS][CARC_MAX_NAME];
  int nhandlers, seq;
  handler handlers[MAX_HANDLERS];   /* kept sorted by (priority, seq) */
  /* per feature kind and reason (completed, final, by a hook): a bit per
   * handler index that is enabled and whose filter's kinds and reasons let
   * it run, rebuilt with each change of the list (handler_gen counts them),
   * so a scoring visits only the handlers that may apply */
  uint64_t handler_pass[CARC_MAX_KINDS][3][(MAX_HANDLERS + 63) / 64];
  /* per kind and reason: whether the base game's four handlers are among
   * those bits, unfiltered and in their own order (base_chain), and the
   * other handlers' bits (base_rest): a scoring in which none of those
   * others' filters pass runs the four as one function (scoring.c) */
  uint8_t base_chain[CARC_MAX_KINDS][3];
  uint64_t base_rest[CARC_MAX_KINDS][3][(MAX_HANDLERS + 63) / 64];
  /* The conditions handlers' filters ask beyond kind and reason, each
   * distinct one once with the handlers that ask it: a scoring tests each
   * condition once, not each handler's filter (rebuilt with handler_pass) */
  filter_need needs[MAX_FILTER_NEEDS];
  int nneeds;
  uint64_t handler_filtered[(MAX_HANDLERS + 63) / 64]; /* a bit per handler asking one of them */
  /* per kind and reason, a bit per need some handler of handler_pass asks:
   * a scoring tests those only (a road's scoring, none of the cities') */
  uint64_t need_pass[CARC_MAX_KINDS][3][(MAX_FILTER_NEEDS + 63) / 64];
  unsigned handler_gen;
  int nhooks[CARC_HOOK_COUNT];
  hook hooks[CARC_HOOK_COUNT][MAX_HOOKS];
  /* per point: some hook there needs no flag (hook_open), else the game
   * flags one of which must be on for any of them to run, so a point whose
   * hooks all wait on flags that are off costs one test */
  uint8_t hook_open[CARC_HOOK_COUNT];
  uint64_t hook_flags[CARC_HOOK_COUNT];
  /* turn end: the kinds the hooks with a kind filter wait on (scored this
   * turn), and for the hooks without one, whether one needs no flag or the
   * flags one of which must be on; a turn that scored none of those kinds
   * with those flags off runs no turn-end hook, and costs two tests */
  unsigned turn_end_kinds;
  uint8_t turn_end_free_open;
  uint64_t turn_end_free_flags;
  int arms_attr;                    /* id of "arms" */
  int has_neutral_trigger;          /* some neutral figure moves on a tile attribute */
  int has_exclusive;                /* some figures never share a feature */
  int has_nonoccupying;             /* some figures do not occupy (neutral ones) */
  unsigned follower_types;          /* bit per figure type placed as a follower */
  search_dir search[MAX_SEARCH_KINDS];
  map_shape *map;                   /* the board shape; NULL: the unbounded plane */
  int map_fields;                   /* CARC_MAP_FIELDS_*: read when a map loads */
  struct engine_snap *snap;         /* carc_engine_begin's copy; NULL outside one */
};

/* One placed tile. */
typedef struct board_tile {
  uint16_t type;
  uint8_t rot;
  int8_t token;           /* token type lying here, -1 none */
  int8_t token_owner;
  int16_t x, y;
  uint32_t seg_base;      /* segment id of its segment 0 */
  uint32_t on_square;     /* 0: a map's printed piece with no square of its own */
} board_tile;

/* What a placed tile shows a tile put beside it, copied from its type at
 * placement: a placement reads its neighbours here, one line for four
 * tiles, instead of each neighbour's type record (about 1.4 KiB a type, and
 * a game with expansions has a hundred types). */
typedef struct tile_face {
  int8_t seg[12];         /* its type's facing[rot]: its segment at the port opposite each port */
  uint16_t area_segs;     /* its type's monastery-like segments */
  uint8_t one;            /* its type's facing_one[rot] */
  uint8_t unused;
} tile_face;              /* 16 bytes */

/* A segment's attribute bits and its tile's, aggregated at roots like the
 * rest: beside seg_state, since most games never read them. */
typedef struct seg_attrs {
  uint64_t attr_bits, tile_attr_bits;
} seg_attrs;

/* A frontier square's demanded edge signature and which of its bits count:
 * side by side, so a draw that tests a random square reads one cache line. */
typedef struct fr_sig {
  uint32_t req, mask;
} fr_sig;
/* Does a tile of edge signature `sig` (one rotation) fit the square? */
static inline bool fr_fits(fr_sig f, uint32_t sig) { return ((sig ^ f.req) & f.mask) == 0; }

/* A frontier square's coordinates: the frontier is the free squares next
 * to a tile, and nothing else of a free square is kept. */
typedef struct fr_square {
  int16_t x, y;
} fr_square;

typedef struct figure_state {
  uint8_t type;
  int8_t owner;
  int32_t seg;            /* segment id, -1 in supply */
} figure_state;

typedef struct record_change {
  int16_t handler;        /* handler index at the time, -1 engine */
  int8_t field, player;
  int before, after;
} record_change;

typedef struct record {
  carc_scoring_info info;
  int first_change;
} record;

/* The part of a game that hooks may change; saved before scripts run. */
typedef struct small_state {
  uint64_t rng;
  uint64_t flags;
  int vars[MAX_VARS];
  int score[CARC_MAX_PLAYERS];
  int16_t token_supply[CARC_MAX_PLAYERS][MAX_TOKEN_TYPES];
  int8_t again;           /* the current player plays again after this turn */
} small_state;

struct carc_score_ctx {
  carc_game *game;
  const handler *current; /* NULL between handlers; its entry may move while it runs */
  int current_seq;        /* the running handler's sequence number, which does not */
  int kind, reason, root, players;
  int v[CARC_F_FIELD_COUNT];
  int strength[CARC_MAX_PLAYERS];
  int scores[CARC_MAX_PLAYERS];
  int award[CARC_MAX_PLAYERS];
  uint32_t figure_bits;   /* figure types on the feature */
  int ntiles, tiles_ready; /* the tile list is made when first asked */
  int32_t *tiles;         /* the game's scratch, cap_tiles long */
  int tokens[MAX_TOKEN_TYPES];
  int token_total;
  uint64_t tile_attr_bits;
  int keep;               /* record changes? */
  int nchanges, cap_changes;
  record_change *changes;
  char failmsg[512];
};

/* A handler's write of one number: noted for the breakdown when records are
 * kept (the engine's own handlers, whose values are in range by construction). */
void ctx_note_change(carc_score_ctx *c, int field, int player, int before, int after);
static inline void ctx_write(carc_score_ctx *c, int *slot, int field, int player, int value) {
  if (c->keep) ctx_note_change(c, field, player, *slot, value);
  *slot = value;
}

#define LAST_CLOSED_CAP 16 /* carc_game.last_closed_roots: a power of two */
_Static_assert(LAST_CLOSED_CAP > CARC_MAX_SEGMENTS_PER_TILE, "a tile's completed features fit the list");

/* A scoring computed but not yet applied to the game. */
typedef struct staged {
  int root, kind, reason, total, scored, ran;
  int scorers;            /* bit per player who scores the feature */
  int award[CARC_MAX_PLAYERS];
  int first_change, nchanges;
} staged;

typedef enum act_step { STEP_MAIN, STEP_NEUTRAL, STEP_CONFLICT } act_step;

/* A game's turn scalars that a call may change, side by side: a transaction
 * keeps them (game_progress) with one copy. */
#define GAME_PROGRESS \
  int phase, turn, current, drawn, act_step, last_tile, set_aside, bag_pos; \
  int nrecords, nchanges;                                                   \
  int scored_kinds_this_turn; /* bit per kind scored for a player */         \
  size_t log_len;
typedef struct game_progress {
  GAME_PROGRESS
} game_progress;

/* One public call's transaction (txn.c). Lives on the caller's stack. */
#define TXN_FIG_MOVES 4
typedef struct txn {
  int s_saved;
  uint64_t rng;           /* the generator at begin: a draw needs no copy of s */
  small_state s;          /* valid when s_saved: copied on the first write */
  game_progress progress;
  int nfig_moves;
  struct { int fig, seg; } fig_moves[TXN_FIG_MOVES];
  int tok_tile;
  int8_t tok, tok_owner;
  carc_game *board;       /* a full copy, when the board changes under hooks */
  engine_marker engine;
  size_t log_from;        /* the log's length at begin: its lines after are reported at commit */
} txn;

struct carc_game {
  /* scalars first: everything before `tiles` is zeroed by new and copied
   * whole by carc_game_copy; the arrays after it are copied by used length */
  carc_engine *e;
  char err[ERR_CAP];
  carc_game_options opt;
  int players, followers;
  small_state s;
  union {
    struct {
      GAME_PROGRESS
    };
    game_progress progress;
  };
  int bag_len;
  int ntiles, nsegs, nfrontier, nfigs;
  int nprinted;               /* on a map: the first board tiles are its printed pieces */
  int nsetup;                 /* the tiles after them the setup placed: the start tile, a map's start squares */
  uint32_t cities_opened;     /* on a map: bit per large city whose squares around are open */
  uint32_t stamp;
  int keep_records;
  int hook_running;           /* seq + 1 of the hook being called, 0 none */
  /* per figure type and owner (+1: neutral figures at 0), the lowest index
   * of such a figure in the supply, NO_FIGURE when none (figure_move keeps it) */
  uint8_t first_free[MAX_FIGURE_TYPES][CARC_MAX_PLAYERS + 1];
  /* per figure, the next higher index of a figure of its type and owner,
   * NO_FIGURE after the last (set with the figures: supply_index) */
  uint8_t next_like[MAX_FIGURES];
  /* the figures on the board, in no particular order (figure_move keeps it):
   * scoring reads these instead of every figure of the game */
  uint8_t on_board[MAX_FIGURES], on_board_pos[MAX_FIGURES];
  int non_board;
  /* set with the figures (supply_index): the figures whose type has an
   * exclusive partner, ascending, and the tile attributes that move a
   * neutral figure of the game, so that each action checks these cheaply */
  uint8_t excl_figs[MAX_FIGURES];
  int nexcl_figs;
  uint8_t nonocc_figs[MAX_FIGURES]; /* the figures that do not occupy (neutral ones) */
  int nnonocc_figs;
  uint8_t trigger_figs[MAX_FIGURES]; /* neutral figures a tile attribute moves, ascending */
  int ntrigger_figs;
  uint64_t neutral_triggers;
  /* monastery-like segments around the last placed tile that it completed,
   * in board order: eight neighbours, each with up to all but one of its
   * segments monastery-like (a port needs a segment) */
  int32_t last_area[8 * (CARC_MAX_SEGMENTS_PER_TILE - 1)];
  int nlast_area;
  /* features the last placement completed, in the order they closed: joins
   * and a map's edges that closed one, and the tile's own segments closed
   * from the start; ending the turn stages these (their roots). A tile has
   * fewer features than the slots; at LAST_CLOSED_CAP or more, the writes
   * having wrapped, ending the turn looks at every feature of the tile. */
  int32_t last_closed_roots[LAST_CLOSED_CAP];
  int last_closed;
  /* open_roots is kept in games with neutral figures (they look for open
   * features), for the kinds they may go to: a bit per kind, set at reset
   * from the engine's figure types (0: not kept) */
  unsigned track_roots;
  /* The random bot's next placement, found when its tile is drawn (bots.c,
   * placement_ahead): the draw's "fits somewhere?" and the bot's pick are
   * one search. It holds for the board it was found on (board_place and
   * board_reset clear `valid`), the generator state and the tile it was
   * found with. */
  struct {
    uint64_t rng_from, rng_to;  /* the generator before and after its draws */
    int drawn, pos, rot;        /* pos: frontier index; -1: the tile fits nowhere */
    int counted;                /* the rejection draws missed: the pick came from the count */
    int valid;
  } ahead;
  int random_bot;             /* the random bot plays this game: draws look ahead */
  carc_event_fn event_fn;     /* moves.c: called with each event log line */
  void *event_ud;
  /* records and log: growable, owned by the game (pointers kept by copy) */
  int cap_records;             /* nrecords: in the turn scalars above */
  record *records;
  int cap_changes;            /* nchanges: the same */
  record_change *changes;
  char *log;
  size_t log_cap;             /* log_len: the same */
  int nstaged;
  int nstaged_ran;             /* of them, those whose pipeline ran (figures on them): most turns
                               * complete only empty features, which commit_stage just marks */
  /* The board's storage (store.c): growable arrays owned by the game, sized
   * when a game starts for every tile its bag holds and grown on demand by
   * scenario edits and loads, never while a bot plays. A copy takes the used
   * parts. Everything from `tiles` on is kept by the copy's destination. */
  board_tile *tiles;          /* cap_tiles */
  tile_face *tile_faces;      /* cap_tiles: by board index, as tiles */
  uint32_t *tile_stamp;       /* cap_tiles: scoring's "seen" marks */
  uint16_t *bag;              /* cap_tiles */
  int32_t *ctx_tiles;         /* cap_tiles: the scoring context's tile list */
  seg_state *segs;            /* cap_segs */
  seg_attrs *seg_attr;        /* cap_segs */
  uint32_t *seg_stamp;        /* cap_segs: scoring's "seen" marks */
  uint64_t *open_roots;       /* cap_segs bits (a byte each allocated): see neutral_roots */
  staged *stage;              /* cap_segs: at most one scoring per feature */
  fr_sig *fr;                 /* cap_frontier = 4 * cap_tiles + 8: the frontier squares'
                               * signatures, contiguous for fast scans */
  fr_square *fsq;             /* cap_frontier: their coordinates, by the same position */
  int cap_tiles, cap_segs, cap_frontier;
  /* squares: a dense grid over the board's bounding box; it grows (and is
   * rebuilt) when a placement nears its border. An entry is the square's
   * tile (>= 0), -2 - pos for the free square at frontier position pos, or
   * -1 for neither: the squares around a new tile are read with no second
   * lookup. */
  int32_t *grid;
  /* the same window, one byte a square: nonzero once a tile with a
   * monastery-like segment lies in the eight around it, so a placement reads
   * the diagonal squares only there. In the grid's block, after it. */
  uint8_t *grid_near;
  int grid_x0, grid_y0, grid_w, grid_h, grid_cap;
  figure_state figs[MAX_FIGURES];
  /* not copied: the running call's transaction, read-only nesting depth */
  txn *txn;
  int read_only;
  int lent; /* the part of read_only that carc_game_lend_read_only made */
  /* the copy a transaction takes when the board changes under hooks; kept
   * for the game's life so that such turns allocate nothing */
  carc_game *spare;
  /* the greedy bot's two scratch games, made on its first turn and kept */
  carc_game *bot_scratch, *bot_trial;
  /* one of the scratch games above, which the engine's count of games alive
   * leaves out (game_scratch; a copy keeps its own) */
  int scratch;
  /* scratch for scoring, never copied */
  carc_score_ctx ctx;
};

/* Squares run from -BOARD_LIMIT to BOARD_LIMIT on both axes. */
#define BOARD_LIMIT 29999
static inline bool off_board(int x, int y) {
  /* in unsigned arithmetic: a caller's x near INT_MAX wraps, it does not
   * overflow; the two tests or'ed without a branch, as before that */
  return (int)((unsigned)x + BOARD_LIMIT > 2u * BOARD_LIMIT) | (int)((unsigned)y + BOARD_LIMIT > 2u * BOARD_LIMIT);
}
/* The frontier position a grid entry stands for, -1 if it is no free square. */
static inline int square_frontier(int32_t v) { return v <= -2 ? -2 - v : -1; }
/* The grid entry of square (x, y), which the grid covers. */
static inline int32_t *grid_at(const carc_game *g, int x, int y) {
  return &g->grid[(y - g->grid_y0) * g->grid_w + (x - g->grid_x0)];
}

/* Marks the eight squares around a placed tile with a monastery-like segment. */
static inline void grid_near_mark(carc_game *g, int x, int y) {
  uint8_t *n = &g->grid_near[(y - g->grid_y0) * g->grid_w + (x - g->grid_x0)];
  const int w = g->grid_w;
  n[-w - 1] = n[-w] = n[-w + 1] = n[-1] = n[1] = n[w - 1] = n[w] = n[w + 1] = 1;
}

/* store.c */
carc_result store_reserve(carc_game *g, int tiles, int segs);
carc_result store_grid_cover(carc_game *g, int x0, int y0, int x1, int y1);
void store_grid_mark(carc_game *g);
void store_near_mark(carc_game *g); /* grid_near around every tile with a monastery-like segment */
carc_result store_fit(carc_game *dst, const carc_game *src);
void store_copy(carc_game *dst, const carc_game *src);
void store_free(carc_game *g);
/* open_roots has a bit per segment, set exactly while the segment is the
 * root of an open feature of a kind in track_roots (kinds that can complete:
 * no field, no water): set when the segment is made open, cleared when a
 * join makes it a member of another feature or when its last open port or
 * square closes (a root never becomes one again, a complete feature never
 * reopens). In id order and read 64 at a time, it gives the open roots'
 * count by popcount and the k-th without a list. A game without neutral
 * figures keeps none of it (one predictable test a join). The n segments of
 * a new tile from `base` get `bits`, one a segment. */
static inline void open_roots_init(carc_game *g, int base, int n, unsigned bits) {
  uint64_t *w = &g->open_roots[base >> 6], keep = (1ull << n) - 1;
  int o = base & 63;
  w[0] = (w[0] & ~(keep << o)) | ((uint64_t)bits << o);
  if (o + n > 64) w[1] = (w[1] & ~(keep >> (64 - o))) | ((uint64_t)bits >> (64 - o));
}
/* Bits set in x. The x86-64 baseline has no popcount instruction, and the
 * library call gcc makes for the builtin there costs more than these steps. */
static inline int bits_set64(uint64_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return __builtin_popcountll(x);
#else
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}
/* Root `root` has lost open ports or squares: once none is left it leaves
 * open_roots (a select, not a branch: whether it closed follows the board). */
static inline void open_roots_closed(carc_game *g, int root) {
  if (g->track_roots)
    g->open_roots[root >> 6] &= ~((uint64_t)(g->segs[root].open == 0) << (root & 63));
}
/* Room every per-segment array has past its capacity: a new tile writes its
 * segment records four at a time (board.c: segs_init). */
#define SEG_SLACK 3
/* Room on the board for one more tile of `nseg` segments at (x, y) and the
 * squares around it: checked before any change, so a failure changes nothing. */
static inline bool board_has_room(const carc_game *g, int nseg, int x, int y) {
  return g->ntiles < g->cap_tiles && g->nsegs + nseg <= g->cap_segs && g->nfrontier + 4 <= g->cap_frontier &&
         (unsigned)(x - 1 - g->grid_x0) < (unsigned)(g->grid_w - 2) &&
         (unsigned)(y - 1 - g->grid_y0) < (unsigned)(g->grid_h - 2);
}
carc_result board_make_room(carc_game *g, int nseg, int x, int y);

/* txn.c */
carc_result txn_begin(carc_game *g, txn *t);
/* A call that changes the game may start: none is running on it (a hook or
 * handler calling back) and it is not read-only. Else txn_refuse says why. */
static inline bool txn_may_begin(const carc_game *g) { return !g->txn && !g->read_only; }
carc_result txn_refuse(carc_game *g);
void txn_commit(carc_game *g, txn *t);
carc_result txn_rollback(carc_game *g, txn *t, carc_result r);
bool txn_board(carc_game *g);
void txn_figure(carc_game *g, int fig);
void txn_token(carc_game *g, int tile);
void txn_touch_slow(carc_game *g);
/* Before any write to g->s: the transaction keeps a copy of the old one. */
static inline void txn_touch(carc_game *g) {
  if (g->txn && !g->txn->s_saved) txn_touch_slow(g);
}
/* The game's generator (wyrand: a Weyl sequence, one 64x64->128 product
 * folded), inlined for the bots and the shuffle: a number in [0, n), 0 when
 * n is 0. carc_game_random is the same call. The state only ever advances by
 * RANDOM_INCREMENT, so k steps add k times it (the bots' batched draws). */
#define RANDOM_INCREMENT 0xA0761D6478BD642Full
#define RANDOM_MIX 0xE7037ED1A0B428DBull
/* a * b as 128 bits, high half xor low half; from four 32-bit products, for
 * compilers without a 128-bit type (a unit test holds both paths equal) */
static inline uint64_t random_mix_portable(uint64_t a, uint64_t b) {
  const uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
  const uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  const uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
  return (hh + (lh >> 32) + (hl >> 32) + (mid >> 32)) ^ ((mid << 32) | (uint32_t)ll);
}
static inline uint64_t random_mix(uint64_t a, uint64_t b) {
#ifdef __SIZEOF_INT128__
  __extension__ const unsigned __int128 p = (unsigned __int128)a * b;
  return (uint64_t)(p >> 64) ^ (uint64_t)p;
#else
  return random_mix_portable(a, b);
#endif
}
static inline uint32_t random_step(uint64_t *state, uint32_t n) {
  const uint64_t z = (*state += RANDOM_INCREMENT);
  return (uint32_t)(((random_mix(z, z ^ RANDOM_MIX) >> 32) * (uint64_t)n) >> 32);
}
static inline uint32_t game_random(carc_game *g, uint32_t n) {
  if (n == 0) return 0; /* no txn_touch: the transaction kept the generator at its begin */
  return random_step(&g->s.rng, n);
}
void engine_mark(const carc_engine *e, engine_marker *m);
bool engine_desc_kept(const carc_engine *e, const char *desc);
void engine_restore(carc_engine *e, const engine_marker *m);
void engine_keep(carc_engine *e);
carc_result game_copy(carc_game *dst, const carc_game *src);
carc_game *game_clone(const carc_game *g);
/* Types defined by a call still running may now be held by another game:
 * kept. Reads only when none is pending, as on every thread but one that
 * defines types (c-api.md: a call that defines types runs alone). */
static inline void engine_keep_pending(carc_engine *e) {
  if (e->ntypes != e->kept_types) engine_keep(e);
}
carc_result tile_define_adhoc(carc_engine *e, const char *name, const char *notation);
void figure_move(carc_game *g, int fig, int seg);
#define NO_FIGURE 0xFF
void supply_index(carc_game *g);

/* util.c */
void *carc_mem(carc_engine *e, void *p, size_t old, size_t size);
int engine_fail(carc_engine *e, carc_result r, const char *fmt, ...);
/* STATE, and the game's error: it is read-only (a scoring handler, a
 * placement hook, or lent by the host) */
carc_result read_only_fail(carc_game *g);
/* turn.c: the drawn tile's placements, listed whole (see there) */
int placements_list(carc_game *g, carc_placement_option *small, int cap, carc_placement_option **out,
                    int *held);
void placements_free(carc_game *g, carc_placement_option *small, carc_placement_option *opts, int held);
int game_fail(carc_game *g, carc_result r, const char *fmt, ...);
void copy_name(char *dst, const char *src);
/* 1 to CARC_MAX_NAME - 1 bytes of UTF-8 text without control characters:
 * every name a save, a log line or a picture writes is then well formed */
bool name_valid(const char *name);
/* Does a card stack of `cards` cards hold an order of them: `active` face
 * up (1..cards) and `rest` the others as base-16 digits, each once; or both
 * 0, not dealt? (carc_var_set_stack; saves and carc_game_set_var check it.) */
bool stack_pair_ok(int active, int rest, int cards);
/* A message made one line of valid UTF-8 in place: control characters (C0,
 * DEL, C1) and bytes that are not UTF-8 become '?'. For messages quoting what
 * a user's file holds (a save's values, a tile notation). */
void text_one_line(char *s);
/* Length of the UTF-8 sequence at s (1 to 4), or 0 if it is none (over-long
 * forms, surrogates and code points past U+10FFFF are none). */
int utf8_len(const unsigned char *s);
/* Is the sequence at s, of n bytes (utf8_len's), a control character: C0,
 * DEL or C1? */
bool utf8_control(const unsigned char *s, int n);
/* Bytes of s's first `max` that end between characters (UTF-8). */
size_t utf8_fit(const char *s, size_t max);
/* CARC_ERR_STATE if games of e are alive: what `what` would change they
 * were made without (their saves would no longer load). */
carc_result engine_without_games(carc_engine *e, const char *what);
#define NAME_RULE "1 to 47 bytes of UTF-8 text without control characters"
/* Text written snprintf-style into a caller's buffer of `cap` bytes: `len`
 * counts what the whole text needs, even past `cap`. */
typedef struct text_out {
  char *buf;
  size_t cap, len;
} text_out;
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void text_put(text_out *o, const char *fmt, ...);
/* s as a JSON string, quotes and escapes included */
void text_put_json(text_out *o, const char *s);
/* the same into buf, for a name (< CARC_MAX_NAME bytes: each at most 6 once escaped) */
#define JSON_QUOTED_CAP (6 * CARC_MAX_NAME + 3)
const char *json_quoted(char buf[JSON_QUOTED_CAP], const char *s);
bool mem_grow(carc_engine *e, void **p, int *cap, int need, size_t size);
int name_index(char names[][CARC_MAX_NAME], int n, const char *name);

/* tiles.c */
carc_result tile_parse(carc_engine *e, const char *notation, tile_type *out,
                       char *err, size_t errcap);
/* Drops the tile types from index `first` on (a definer that failed; no
 * game is alive). */
void types_rollback(carc_engine *e, int first);
int tile_port_kind(const tile_type *t, int rot, int board_port);
static inline int tile_seg_at_board_port(const tile_type *t, int rot, int board_port) {
  return t->turned[rot].rport_seg[board_port];
}
static inline int rot_port(int p, int rot) { return (p + 3 * rot) % 12; }
/* Text past a UTF-8 byte order mark, which editors may put first in a map
 * or a save: it is no part of the content. */
static inline const char *past_bom(const char *s) {
  return s && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF ? s + 3 : s;
}

/* Port p's name in the tile notation: a side's left, middle and right
 * ports clockwise ("Nl", "N", "Nr"); the middle one's name is the side's. */
static inline const char *port_name(int p) {
  static const char *const names[12] = {"Nl", "N", "Nr", "El", "E", "Er", "Sl", "S", "Sr", "Wl", "W", "Wr"};
  return names[p];
}
static inline int opposite_port(int p) { return ((p / 3 + 2) % 4) * 3 + (2 - p % 3); }
static inline int tile_attr_value(const attr_value *a, int n, int id) {
  for (int i = 0; i < n; i++) if (a[i].id == id) return a[i].value;
  return 0;
}

/* board.c */
int32_t board_square(const carc_game *g, int x, int y); /* its grid entry; -1 off the grid */
bool board_fits(const carc_game *g, int type, int x, int y, int rot);
bool board_can_place_anywhere(carc_game *g, int type);
int board_place(carc_game *g, int type, int x, int y, int rot);
int feature_find(const carc_game *g, int s);
void board_reset(carc_game *g);
bool feature_is_complete(const carc_game *g, int root);
void frontier_add(carc_game *g, int x, int y, uint32_t req, uint32_t mask);
void board_join(carc_game *g, int a, int b);
void board_close_port(carc_game *g, int s);
void board_close_side(carc_game *g, int ti, int d);
int board_place_off(carc_game *g, int type, int x, int y);
/* Steps to the square beyond side d (N E S W): tables, not branches (hot in placing). */
static inline int dx_of(int d) {
  static const int8_t dx[4] = {0, 1, 0, -1};
  return dx[d & 3];
}
static inline int dy_of(int d) {
  static const int8_t dy[4] = {-1, 0, 1, 0};
  return dy[d & 3];
}

/* records.c */
bool record_added_score(carc_game *g, int p, int points);

/* pipeline.c */
/* figs: the figures on the feature, when the caller knows them (NULL: found here). */
carc_result pipeline_score(carc_game *g, int root, int reason, staged *out, const uint8_t *figs, int nfigs);
carc_result hooks_run_all(carc_game *g, carc_hook_point p, carc_hook_args *a);
/* Most hook points have no hooks: then nothing, not even the arguments, is made. */
static inline carc_result hooks_run(carc_game *g, carc_hook_point p, carc_hook_args *a) {
  return g->e->hook_open[p] || (g->s.flags & g->e->hook_flags[p]) ? hooks_run_all(g, p, a) : CARC_OK;
}
void handlers_sort(carc_engine *e);

/* game.c, turn.c, scoring.c */
carc_result turn_draw(carc_game *g);
/* Player p's awards from the scorings this call has staged and not yet
 * committed (a hook, a later scoring and the limit check see them). */
static inline long long staged_awards(const carc_game *g, int p) {
  long long sum = 0;
  for (int i = 0; i < (g->nstaged_ran ? g->nstaged : 0); i++)
    if (g->stage[i].ran) sum += g->stage[i].award[p];
  return sum;
}

/* The tile just placed moves a neutral figure: the act phase has a neutral step. */
static inline bool neutral_step_due(const carc_game *g) {
  return g->neutral_triggers && (g->e->types[g->tiles[g->last_tile].type].attr_bits & g->neutral_triggers);
}
int placement_ahead(carc_game *g, int type); /* bots.c: 1 fits, 0 fits nowhere, -1 not asked */
carc_result game_act_listed(carc_game *g, const carc_action *a);
bool game_neutral_random(carc_game *g, int cap, carc_action *out);
void game_main_random(carc_game *g, int cap, carc_action *out);
carc_result game_place_listed(carc_game *g, int x, int y, int rot);
carc_result base_handlers_register(carc_engine *e);
/* The place of fn among the base handlers in their order (majority, rates,
 * total, award: 0 to 3), or -1 for any other handler. */
int base_handler_role(carc_handler_fn fn);
/* The four base handlers' work on the context in one call, when it keeps no
 * records; false (the context untouched) when the total is out of range,
 * for the handlers themselves to say so. */
bool base_chain_run(carc_score_ctx *c);
void figures_create(carc_game *g);
void game_log(carc_game *g, const char *fmt, ...);
void game_events(carc_game *g, size_t from); /* the event callback for lines a committed call wrote */
void bag_fill(carc_game *g);
carc_result game_arms_fit(carc_game *g, int more_tiles);
/* g (just cloned) is another game's scratch: not one of the games alive. */
carc_game *game_scratch(carc_game *g);

/* map.c (only called when the engine has a map) */
void map_side(carc_game *g, int ti, int d, int nc);
void map_after_place(carc_game *g, int ti);
#define MAP_AFTER 0x10u /* map_sides: map_after_place has work */
#define MAP_CLOSED_SHIFT 8 /* map_sides: a bit per side (N E S W) that only closes ports */
/* a bit per side (N E S W) left to map_side, per closing side, MAP_AFTER */
unsigned map_sides(const carc_game *g, int ti);
int map_area_squares(const carc_game *g, int x, int y);
void map_place_printed(carc_game *g);
carc_result map_setup(carc_game *g);
carc_result map_explain(carc_game *g, int type, int x, int y, int rot);
bool map_is_start(const carc_game *g, int x, int y);
int map_start_misfit(const carc_engine *e, int type);
bool map_fits_square(const carc_game *g, int type, int x, int y, int rot);
void map_set_signal(map_shape *m, int signal, int towns);
bool map_city_label(const carc_game *g, int x, int y, char *out, size_t cap);
void map_free(carc_engine *e);
int map_followers(const carc_engine *e);

#endif

/*
 * carcassonne.h - the one public header of the Carcassonne rules engine.
 *
 * If it is not in this header it is not API. Every public symbol starts with
 * carc_ (functions, types) or CARC_ (macros, constants).
 *
 * Two handles carry everything:
 *   carc_engine  the rules: tile types, figure and token types, scoring handlers
 *                and hooks, options. Built once, shared by many games.
 *   carc_game    the state of one game. Plain data owned by the game, so it can
 *                be cloned, saved and loaded exactly.
 * Functions return a carc_result; on failure the handle's carc_*_error()
 * names what went wrong and the object is left exactly as it was.
 */
#ifndef CARCASSONNE_H
#define CARCASSONNE_H

#include <stddef.h>
#include <stdint.h>

/* CARC_API marks the exported functions: the library is built with
 * -fvisibility=hidden and only these are visible. Define CARC_STATIC (the
 * static targets and `pkg-config --static` do) for plain declarations, or
 * define CARC_API yourself before including. */
#ifndef CARC_API
#  if defined(CARC_STATIC) || defined(_WIN32)
#    define CARC_API
#  elif defined(__GNUC__) || defined(__clang__)
#    define CARC_API __attribute__((visibility("default")))
#  else
#    define CARC_API
#  endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header (the build reads it from here). Compare
 * carc_version_number() with CARC_VERSION_NUMBER to check at run time that
 * the library is the one compiled against: the same major version (and,
 * before 1.0, the same minor) is compatible; see docs/c-api.md. */
#define CARC_VERSION_MAJOR 0
#define CARC_VERSION_MINOR 1
#define CARC_VERSION_PATCH 0
#define CARC_VERSION "0.1.0"
#define CARC_VERSION_NUMBER (CARC_VERSION_MAJOR * 10000 + CARC_VERSION_MINOR * 100 + CARC_VERSION_PATCH)
CARC_API const char *carc_version(void);
CARC_API int carc_version_number(void); /* CARC_VERSION_NUMBER of the library */

/* ---------------------------------------------------------------- limits */
#define CARC_MAX_PLAYERS 6
#define CARC_MAX_SEGMENTS_PER_TILE 12
#define CARC_MAX_COPIES 65535     /* copies of one tile type in a ruleset */
#define CARC_MAX_BOARD_TILES (1 << 24) /* tiles on one board: storage grows to it */
#define CARC_MAX_TILE_TYPES 65535     /* tile types of one engine, ad-hoc ones included: a board
                                       * tile and the bag name a type in 16 bits */
#define CARC_MAX_NAME 48          /* handler, tile, figure names incl. NUL */
#define CARC_MAX_SCORE 1000000000 /* scores, awards and scoring fields stay in -MAX..MAX */

/* --------------------------------------------------------------- results */
typedef enum carc_result {
  CARC_OK = 0,
  CARC_ERR_ARGUMENT,  /* a null argument a call needs (a name, a text, an action), a value out of range;
                         handles (engine, game, context) are not checked: see docs/c-api.md */
  CARC_ERR_PARSE,     /* malformed tile notation, tile data, JSON */
  CARC_ERR_UNKNOWN,   /* unknown tile, handler, figure, option ... */
  CARC_ERR_ILLEGAL,   /* against the rules: placement, follower ... */
  CARC_ERR_STATE,     /* not allowed in the game's current phase */
  CARC_ERR_MEMORY,    /* allocation failed or a memory cap was hit */
  CARC_ERR_SCRIPT,    /* a handler (for example a Lua one) failed */
  CARC_ERR_LIMIT      /* a fixed capacity of the engine was exceeded */
} carc_result;
CARC_API const char *carc_result_name(carc_result r);

/* ------------------------------------------------------------ allocation */
/* Same contract as lua_Alloc: free when nsize == 0, else realloc. */
typedef void *(*carc_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

/* ---------------------------------------------------------- tiles, ports */
/* Directions: north, east, south, west; a rotation r turns a tile r quarter
 * turns clockwise. Each edge has three ports in clockwise order: the left
 * field side, the middle and the right field side (left/right as seen looking
 * out of the tile through that edge). Port p = edge * 3 + k. */
enum { CARC_N = 0, CARC_E = 1, CARC_S = 2, CARC_W = 3 };

/* Segment kinds. The first four can lie on ports; kinds from
 * CARC_KIND_MONASTERY on have no ports. Expansions may declare more. */
typedef enum carc_kind {
  CARC_FIELD = 0,
  CARC_ROAD = 1,
  CARC_CITY = 2,
  CARC_WATER = 3,
  CARC_MONASTERY = 4,
  CARC_KIND_FIRST_CUSTOM = 5,
  CARC_MAX_KINDS = 16
} carc_kind;

typedef struct carc_engine carc_engine;
typedef struct carc_game carc_game;
typedef struct carc_score_ctx carc_score_ctx;

/* ----------------------------------------------------------------- engine */
CARC_API carc_engine *carc_engine_new(carc_alloc_fn alloc, void *alloc_ud);
CARC_API void carc_engine_free(carc_engine *e);
/* The message of the last failed call on this engine ("" if none). */
CARC_API const char *carc_engine_error(const carc_engine *e);
/* Engine transactions, for loading a ruleset as one step: after
 * carc_engine_begin, carc_engine_rollback puts back every tile type,
 * attribute, kind, set, figure, token, variable, flag, handler, hook
 * (order, priorities, descriptions) and the map as they were at begin, and
 * frees what was added since; carc_engine_commit keeps the changes. No game
 * of the engine may be played in between. begin fails with CARC_ERR_MEMORY
 * (changing nothing) when it cannot copy the tables, and with CARC_ERR_STATE
 * inside another transaction. commit and rollback outside one do nothing. */
CARC_API carc_result carc_engine_begin(carc_engine *e);
CARC_API void carc_engine_commit(carc_engine *e);
CARC_API void carc_engine_rollback(carc_engine *e);
/* One pointer an embedder or binding may hang on the engine (the Lua
 * binding keeps its state here). */
CARC_API void carc_engine_set_userdata(carc_engine *e, void *ud);
CARC_API void *carc_engine_userdata(const carc_engine *e);

/* ---------------------------------------------------- data search paths
 * Data files (kind "expansions": Lua expansions and rulesets; kind "maps":
 * maps) are looked up in folders, in this order:
 *   1. the folder set with carc_engine_set_search_path for that kind;
 *   2. the ':'-separated folders in CARCASSONNE_<KIND>_PATH
 *      (CARCASSONNE_EXPANSIONS_PATH, CARCASSONNE_MAPS_PATH);
 *   3. share/carcassonne/<kind> of the installation, found relative to the
 *      library (or the program or Lua module it is linked into): the nearest
 *      of its folder and four parents holding one.
 * No path of the build machine is compiled in. */
typedef enum carc_path_origin {
  CARC_PATH_API,     /* carc_engine_set_search_path */
  CARC_PATH_ENV,     /* CARCASSONNE_<KIND>_PATH */
  CARC_PATH_INSTALL  /* share/carcassonne/<kind> next to the library or program */
} carc_path_origin;
/* Sets (dir NULL or "": clears) the folder searched first for `kind`.
 * ARGUMENT: a kind that is not a lowercase name, or `dir` not a folder;
 * nothing changes on failure. */
CARC_API carc_result carc_engine_set_search_path(carc_engine *e, const char *kind, const char *dir);
/* The i-th folder searched for `kind` (snprintf style; 0 past the last),
 * and where it comes from. The install folder is always last and is listed
 * even when it does not exist. `e` may be NULL here and in
 * carc_engine_find_data: then the environment and the installation only. */
CARC_API size_t carc_engine_search_path(const carc_engine *e, const char *kind, int i, char *buf,
                                        size_t cap, carc_path_origin *origin);
CARC_API const char *carc_path_origin_name(carc_path_origin origin); /* "api", "environment", "install" */
/* The first file `name` (for example "default.lua") in the folders of `kind`,
 * as a path (snprintf style); 0 when none holds it. */
CARC_API size_t carc_engine_find_data(const carc_engine *e, const char *kind, const char *name,
                                      char *buf, size_t cap);
/* A ruleset as the CLI and the bindings take it: `spec` itself when it names
 * a file, else the file of that name in the folders of "expansions", else,
 * for a bare name ("default"), NAME.lua there. Its path (snprintf style), or
 * 0 with the engine's error naming the folders searched (or a folder given). */
CARC_API size_t carc_engine_find_ruleset(carc_engine *e, const char *spec, char *buf, size_t cap);

/* Attribute names (coats of arms, inn, farmhouse ...) are interned per engine;
 * ids are small integers, stable for the engine's life. */
CARC_API int carc_attr_id(carc_engine *e, const char *name);        /* creates */
CARC_API int carc_attr_find(const carc_engine *e, const char *name); /* -1 if none */
CARC_API const char *carc_attr_name(const carc_engine *e, int id);
CARC_API int carc_kind_id(carc_engine *e, const char *name); /* declares if new */
CARC_API int carc_kind_find(const carc_engine *e, const char *name);
CARC_API const char *carc_kind_name(const carc_engine *e, int kind);
/* The order in which one call scores several features: the features a turn
 * completes, and the final scoring's. It matters only to handlers that read
 * the scores so far (carc_ctx_score_so_far, as the ghosts' floor does). The
 * listed kinds come first, in their order; the others after, by id; within
 * a kind, features go by id. A new engine lists road, city, monastery,
 * field: the final-scoring table's blocks. Fails with CARC_ERR_ARGUMENT,
 * changing nothing, on an unknown or repeated kind. */
CARC_API carc_result carc_engine_set_final_order(carc_engine *e, const int *kinds, int n);
/* Every kind of the engine in that order: writes up to `cap` into `kinds`
 * (which may be NULL) and returns how many there are. */
CARC_API int carc_engine_final_order(const carc_engine *e, int *kinds, int cap);

/* Tile types. `notation` is the one-line tile notation (docs/tile-notation.md),
 * for example "city:N+arms road:E,W field:El,Wr field:Er,S,Wl". Adds a type
 * named `name` to set `set` with `count` copies in the bag. */
CARC_API carc_result carc_tile_define(carc_engine *e, const char *set, const char *name,
                             int count, const char *notation);
/* Loads a tile data file's text: one type per line, "NAME COUNT NOTATION",
 * '#' comments. `origin` names the file in errors ("base.tiles:12: ..."). */
CARC_API carc_result carc_tiles_load(carc_engine *e, const char *set, const char *text,
                            const char *origin);
/* Loads the embedded 72-tile base game set as set "base". */
CARC_API carc_result carc_tiles_load_base(carc_engine *e);
CARC_API int carc_tile_type_count(const carc_engine *e);
CARC_API int carc_tile_type_find(const carc_engine *e, const char *name); /* -1 if none */
CARC_API const char *carc_tile_type_name(const carc_engine *e, int type);
CARC_API const char *carc_tile_type_set(const carc_engine *e, int type);
CARC_API int carc_tile_type_copies(const carc_engine *e, int type);
CARC_API const char *carc_tile_type_notation(const carc_engine *e, int type);
CARC_API int carc_tile_type_segments(const carc_engine *e, int type);
/* Segment `s` of a tile type: kind, 12-bit port mask (unrotated), attribute
 * value (0 when absent). */
CARC_API int carc_segment_kind(const carc_engine *e, int type, int s);
CARC_API unsigned carc_segment_ports(const carc_engine *e, int type, int s);
CARC_API int carc_segment_attr(const carc_engine *e, int type, int s, int attr);
CARC_API int carc_tile_type_attr(const carc_engine *e, int type, int attr);
/* Sets a tile attribute on a defined type (value 0 clears it). */
CARC_API carc_result carc_tile_set_attr(carc_engine *e, int type, int attr, int value);
/* Sets `copies` copies of tile type `source` apart as a new type `name`: same
 * set, notation and tile attributes, `copies` fewer in the source. For tile
 * sets whose copies of one type differ (a farmhouse printed on some), the new
 * type then takes its own attributes (carc_tile_set_attr). */
CARC_API carc_result carc_tile_split(carc_engine *e, int source, const char *name, int copies);
/* Bitmask of the city segments that field segment `s` touches. */
CARC_API unsigned carc_segment_field_cities(const carc_engine *e, int type, int s);
/* The kind on each of an edge's three ports after rotation; for matching. */
CARC_API int carc_tile_edge_kind(const carc_engine *e, int type, int rotation, int edge, int k);
/* Marks which tile type starts the game (placed at 0,0 before turn one). */
CARC_API carc_result carc_tile_set_start(carc_engine *e, const char *name);
/* Which tile sets go into the bag (default: all loaded sets). */
CARC_API carc_result carc_engine_use_set(carc_engine *e, const char *set, int on);

/* Figures and tokens. A figure stands on a segment; a token lies on a tile. */
typedef enum carc_placement {
  CARC_PLACE_FOLLOWER = 0, /* on the tile just placed, instead of a follower */
  CARC_PLACE_NEUTRAL = 1   /* no owner; moved by the engine's rules (gate) */
} carc_placement;
typedef struct carc_figure_def {
  const char *name;
  int strength;           /* counts towards majority */
  int per_player;         /* supply per player (neutral: total on the table) */
  int occupies;           /* 1: a feature holding it takes no other follower */
  carc_placement placement;
  unsigned kinds;         /* bit per kind it may stand on */
  /* neutral figures: the tile attribute that makes the player move one of
   * them, and the figure it never shares a feature with (NULL for none) */
  const char *moved_by_tile_attr;
  const char *exclusive_with;
  int incomplete_only;    /* may only go to features not yet complete */
} carc_figure_def;
CARC_API carc_result carc_figure_define(carc_engine *e, const carc_figure_def *def);
CARC_API int carc_figure_type_find(const carc_engine *e, const char *name);
CARC_API int carc_figure_type_count(const carc_engine *e);
CARC_API const char *carc_figure_type_name(const carc_engine *e, int type);
/* 1 if figures of the type occupy their feature (followers), 0 if not
 * (a ghost, a pig, the Mage), -1 for no such type. */
CARC_API int carc_figure_type_occupies(const carc_engine *e, int type);

typedef struct carc_token_def {
  const char *name;
  int per_player;  /* default supply; a setup hook may change it per game */
  int value;       /* a number scoring handlers may read (points per token) */
} carc_token_def;
CARC_API carc_result carc_token_define(carc_engine *e, const carc_token_def *def);
CARC_API int carc_token_type_find(const carc_engine *e, const char *name);
CARC_API int carc_token_type_count(const carc_engine *e);
CARC_API const char *carc_token_type_name(const carc_engine *e, int type);
CARC_API carc_result carc_token_set_value(carc_engine *e, int type, int value);
CARC_API int carc_token_value(const carc_engine *e, int type);

/* --------------------------------------------------- scoring pipeline ---
 * Every scoring runs the handlers registered for the pipeline, in ascending
 * priority (ties: registration order). Bands, by convention:
 *   100 majority  190 base.majority turns strength into scorers
 *   200 count     which units and symbols count
 *   300 per_tile  300 base rates; points per unit and per symbol
 *   400 feature   400 base.total = count*rate + symbols*rate + adjust
 *   500 post_bonus additions to the total
 *   600 player    600 base.award gives each scorer the total */
#define CARC_STAGE_MAJORITY 100
#define CARC_STAGE_COUNT 200
#define CARC_STAGE_PER_TILE 300
#define CARC_STAGE_FEATURE 400
#define CARC_STAGE_POST_BONUS 500
#define CARC_STAGE_PLAYER 600
CARC_API const char *carc_stage_name(int priority);

/* CARC_BY_HOOK is no scoring: it marks a scoring record of points given
 * with carc_game_add_score (by a hook, or directly), see carc_game_scoring. */
typedef enum carc_reason { CARC_COMPLETED = 1, CARC_FINAL = 2, CARC_BY_HOOK = 4 } carc_reason;

/* Numbers a handler reads and changes. Every change through carc_ctx_set is
 * recorded with the handler's name for the breakdown. */
typedef enum carc_ctx_field {
  CARC_F_COUNT,           /* units counted: tiles (road, city, monastery area) or completed cities (farm) */
  CARC_F_COUNT_ORIGINAL,  /* read-only: the count before any handler */
  CARC_F_SYMBOLS,         /* coats of arms counted */
  CARC_F_SYMBOLS_ORIGINAL,/* read-only */
  CARC_F_UNIT_RATE,       /* points per counted unit */
  CARC_F_SYMBOL_RATE,     /* points per counted symbol */
  CARC_F_ADJUST,          /* flat points added in the per_tile stage */
  CARC_F_TOTAL,           /* the feature's value */
  CARC_F_FIELD_COUNT
} carc_ctx_field;
CARC_API const char *carc_ctx_field_name(carc_ctx_field f);

typedef carc_result (*carc_handler_fn)(carc_score_ctx *ctx, void *ud);

/* A handler runs only when its filter matches; filters are checked in C so
 * that a handler that does not apply costs nothing. Zero means "any". */
typedef struct carc_filter {
  unsigned kinds;   /* bit per feature kind; 0 = every kind */
  int reasons;      /* CARC_COMPLETED | CARC_FINAL; 0 = both */
  int attr;         /* a segment attribute some member has; -1 = none */
  int tile_attr;    /* a tile attribute some tile of the feature has; -1 */
  int figure;       /* a figure type standing on the feature; -1 */
  int flag;         /* a game flag that must be on; -1 */
  int tokens;       /* 1: only when tokens lie on the scored tiles */
} carc_filter;
CARC_API void carc_filter_init(carc_filter *f); /* everything "any" */

CARC_API carc_result carc_handler_add(carc_engine *e, const char *name, int priority,
                             const carc_filter *filter, carc_handler_fn fn,
                             void *ud);
CARC_API carc_result carc_handler_move(carc_engine *e, const char *name, int priority);
CARC_API carc_result carc_handler_enable(carc_engine *e, const char *name, int on);
/* Switches off for good every handler and hook registered with user data
 * `ud`: a binding that frees the code they ran calls it (carc_lua_free
 * does), so that the engine stays usable with its other rules. Switching
 * one on again fails with CARC_ERR_STATE. */
CARC_API void carc_engine_retire(carc_engine *e, const void *ud);
CARC_API int carc_handler_count(const carc_engine *e);
/* The i-th handler in run order. */
CARC_API const char *carc_handler_name(const carc_engine *e, int i);
CARC_API int carc_handler_priority(const carc_engine *e, int i);
CARC_API int carc_handler_enabled(const carc_engine *e, int i);
CARC_API int carc_handler_find(const carc_engine *e, const char *name); /* -1 if none */
/* What a handler (or hook) does, in words, for the scoring table that
 * `carcassonne explain` prints. Either one line for every feature it touches,
 * or lines "KIND: text" and "KIND REASON: text" (KIND a kind name, REASON
 * completed or final) for texts that differ by feature. NULL or "" clears. */
CARC_API carc_result carc_handler_describe(carc_engine *e, const char *name, const char *text);
/* The i-th handler's description ("" if none) and filter (the features and
 * reasons it touches). */
CARC_API const char *carc_handler_description(const carc_engine *e, int i);
CARC_API carc_result carc_handler_filter(const carc_engine *e, int i, carc_filter *out);

/* The scoring context lent to handlers. Valid only during the call. */
CARC_API int carc_ctx_get(const carc_score_ctx *ctx, carc_ctx_field f);
CARC_API carc_result carc_ctx_set(carc_score_ctx *ctx, carc_ctx_field f, int value);
CARC_API int carc_ctx_kind(const carc_score_ctx *ctx);
CARC_API carc_reason carc_ctx_reason(const carc_score_ctx *ctx);
CARC_API int carc_ctx_feature(const carc_score_ctx *ctx); /* a segment id of the feature */
CARC_API carc_game *carc_ctx_game(carc_score_ctx *ctx);
CARC_API int carc_ctx_players(const carc_score_ctx *ctx);
CARC_API int carc_ctx_strength(const carc_score_ctx *ctx, int player);
CARC_API carc_result carc_ctx_set_strength(carc_score_ctx *ctx, int player, int v);
CARC_API int carc_ctx_scores(const carc_score_ctx *ctx, int player); /* 1 if a scorer */
CARC_API carc_result carc_ctx_set_scores(carc_score_ctx *ctx, int player, int on);
CARC_API int carc_ctx_award(const carc_score_ctx *ctx, int player);
CARC_API carc_result carc_ctx_set_award(carc_score_ctx *ctx, int player, int points);
/* The tiles scored: the feature's tiles, or a monastery's area. */
CARC_API int carc_ctx_tile_count(const carc_score_ctx *ctx);
CARC_API int carc_ctx_tile(const carc_score_ctx *ctx, int i); /* board tile index */
/* Tokens of `token_type` (-1: all) lying on the scored tiles. */
CARC_API int carc_ctx_tokens(const carc_score_ctx *ctx, int token_type);
/* The sum of the values (carc_token_set_value) of the tokens on the scored
 * tiles. Summed in 64 bits and clamped to int, so a sum beyond a score's
 * range stays beyond it (every setter refuses it) rather than wrapping. */
CARC_API int carc_ctx_token_points(const carc_score_ctx *ctx);
/* A player's score with the points of the features already scored in this
 * same call (a turn's end, the final scoring) added: where his scoring figure
 * stands when this feature is scored. Clamped to int like the above. */
CARC_API int carc_ctx_score_so_far(const carc_score_ctx *ctx, int player);
/* Lets a handler name the message of a failure it returns. */
CARC_API void carc_ctx_fail(carc_score_ctx *ctx, const char *message);

/* One recorded change. Each handler that runs first records a change with
 * field CARC_CHANGE_RAN (before = after = 0), so a breakdown also says which
 * handlers ran, changing something or not. */
#define CARC_CHANGE_RAN (-4)
typedef struct carc_change {
  const char *handler; /* stable dotted name */
  int field;           /* carc_ctx_field, or -1 strength, -2 scores, -3 award, -4 ran */
  int player;          /* for strength/scores/award, else -1 */
  int before, after;
} carc_change;

/* ------------------------------------------------------------ game hooks
 * Called at points of a game's flow. Same registration as handlers: a name,
 * a priority, a filter (kinds, tile_attr, flag; `reasons` unused). */
typedef enum carc_hook_point {
  CARC_HOOK_SETUP,           /* game created, before the first turn */
  CARC_HOOK_PLACEMENT,       /* may a tile go here? return CARC_ERR_ILLEGAL to forbid */
  CARC_HOOK_TILE_PLACED,
  CARC_HOOK_FEATURE_SCORED,  /* after a completed feature was scored */
  CARC_HOOK_TURN_END,        /* filter.kinds: only after turns that scored these kinds for a player */
  CARC_HOOK_FINAL_SCORING,   /* after the features' final scoring */
  CARC_HOOK_GAME_END,
  CARC_HOOK_FEATURE_COMPLETED, /* a feature was completed this turn, scored or not
                                  (before feature_scored; filter.kinds) */
  CARC_HOOK_COUNT
} carc_hook_point;
typedef struct carc_hook_args {
  carc_game *game;
  int player;         /* the active player, or -1 */
  int tile;           /* board tile index for placement/tile hooks, else -1 */
  int x, y, rotation; /* the square and turn asked about (placement hook) */
  int tile_type;      /* the tile type asked about (placement hook) */
  int feature;        /* a segment id of the feature (feature hooks) */
} carc_hook_args;
typedef carc_result (*carc_hook_fn)(const carc_hook_args *args, void *ud);
CARC_API carc_result carc_hook_add(carc_engine *e, carc_hook_point point,
                          const char *name, int priority,
                          const carc_filter *filter, carc_hook_fn fn, void *ud);
CARC_API const char *carc_hook_point_name(carc_hook_point p);
/* Promises that hook `name` never fails (on = 1), as a hook that only sets
 * values checked when it was declared: carc_game_reset then takes no full
 * copy of the game for it (a reset copies the game first when an enabled
 * setup hook may fail, to put it back). If such a hook fails all the same,
 * the reset fails and the game is left over (CARC_PHASE_OVER) on its new
 * board, not as it was: reset it again. */
CARC_API carc_result carc_hook_set_infallible(carc_engine *e, const char *name, int on);
/* During feature_scored and turn_end hooks (before the points are applied):
 * what the scoring of `feature` (any of its segment ids) gives `player`, and
 * whether he scores it. CARC_ERR_STATE if that feature is not being scored. */
CARC_API carc_result carc_game_pending_award(carc_game *g, int feature, int player, int *award,
                                             int *scores);
/* The hooks of one point, in run order. */
CARC_API int carc_hook_count(const carc_engine *e, carc_hook_point p);
CARC_API const char *carc_hook_name(const carc_engine *e, carc_hook_point p, int i);
CARC_API int carc_hook_priority(const carc_engine *e, carc_hook_point p, int i);
CARC_API int carc_hook_enabled(const carc_engine *e, carc_hook_point p, int i);
CARC_API const char *carc_hook_description(const carc_engine *e, carc_hook_point p, int i);
/* All handlers and hooks in run order, one line each, for printing. */
CARC_API carc_result carc_engine_describe_pipeline(const carc_engine *e, char *buf, size_t cap);

/* ------------------------------------------------------------------ game */
typedef struct carc_game_options {
  int players;        /* 1..CARC_MAX_PLAYERS (2..5 in a real game) */
  uint64_t seed;
  int followers;      /* per player; 0 = 7 */
  int no_bag;         /* 1: empty bag, for scenarios that place tiles by hand */
} carc_game_options;

CARC_API carc_game *carc_game_new(carc_engine *e, const carc_game_options *opt);
CARC_API void carc_game_free(carc_game *g);
CARC_API carc_result carc_game_copy(carc_game *dst, const carc_game *src); /* same engine */
CARC_API carc_game *carc_game_clone(const carc_game *g);
CARC_API const char *carc_game_error(const carc_game *g);
/* Lets a hook name the message of a failure it returns. */
CARC_API void carc_game_set_error(carc_game *g, const char *message);
CARC_API carc_engine *carc_game_engine(const carc_game *g);
/* Restart as a new game with another seed, reusing memory. */
CARC_API carc_result carc_game_reset(carc_game *g, uint64_t seed);

typedef enum carc_phase {
  CARC_PHASE_PLACE,   /* a tile is drawn; waiting for carc_game_place */
  CARC_PHASE_ACT,     /* waiting for carc_game_act */
  CARC_PHASE_END,     /* the bag is empty; waiting for carc_game_final_scoring */
  CARC_PHASE_OVER     /* final scoring done */
} carc_phase;
CARC_API carc_phase carc_game_phase(const carc_game *g);
/* Player p's colour name: red, blue, green, yellow, black, gray. */
CARC_API const char *carc_player_name(int p);
CARC_API int carc_game_players(const carc_game *g);
CARC_API int carc_game_current_player(const carc_game *g);
CARC_API int carc_game_turn(const carc_game *g);
CARC_API int carc_game_score(const carc_game *g, int player);
CARC_API int carc_game_drawn_tile(const carc_game *g);   /* tile type, or -1 */
CARC_API int carc_game_bag_left(const carc_game *g);
CARC_API int carc_game_set_aside(const carc_game *g);    /* tiles that fit nowhere */
CARC_API uint64_t carc_game_seed(const carc_game *g);

/* Deterministic random numbers owned by the game: uniform in [0, n). */
CARC_API uint32_t carc_game_random(carc_game *g, uint32_t n);
/* 1 while a scoring handler or a placement hook runs: the game is read-only
 * (setters fail with CARC_ERR_STATE; do not draw random numbers). */
CARC_API int carc_game_read_only(const carc_game *g);
/* Lends the game read-only (on = 1) or ends the last such loan (on = 0);
 * loans nest. While lent, the game refuses what a scoring handler's game
 * refuses: for code the host runs on a game it must not change (the Lua
 * binding's describe functions). Ending a loan never made: CARC_ERR_STATE. */
CARC_API carc_result carc_game_lend_read_only(carc_game *g, int on);

/* Per-game integer variables and flags, for expansions' state (active
 * scoring tiles ...). Kept in the game so clone/save/load keep them. */
CARC_API int carc_var_id(carc_engine *e, const char *name);
CARC_API int carc_var_find(const carc_engine *e, const char *name);
CARC_API int carc_game_var(const carc_game *g, int var);
CARC_API carc_result carc_game_set_var(carc_game *g, int var, int value);
CARC_API int carc_flag_id(carc_engine *e, const char *name);
CARC_API int carc_flag_find(const carc_engine *e, const char *name);
CARC_API int carc_var_count(const carc_engine *e);
/* Variable `var`'s name, or NULL. */
CARC_API const char *carc_var_name(const carc_engine *e, int var);
/* Limits variable `var` to lo..hi, which must hold 0 (a new game's value):
 * carc_game_set_var outside it fails (ARGUMENT, naming the variable), and
 * a save holding a value outside it is refused at its JSON path. Only
 * before the engine has games (STATE); not for a variable of a card stack
 * (ARGUMENT: carc_var_set_stack sets its range). Without one, any 32-bit
 * value. */
CARC_API carc_result carc_var_set_range(carc_engine *e, int var, int lo, int hi);
/* Variable `var`'s range (INT32_MIN..INT32_MAX when none was set); returns
 * 1 when one was set, else 0. */
CARC_API int carc_var_range(const carc_engine *e, int var, int *lo, int *hi);
/* Declares that variables `active` and `rest` hold a card stack of `cards`
 * cards (2..8): the card face up (1..cards, 0 before the deal) and the
 * others as base-16 digits, the next card lowest. Gives them the ranges
 * 0..cards and 0..the largest rest, and a save is refused unless the two
 * hold an order of the cards (or are both 0), and carc_game_set_var keeps
 * them one: a new card up swaps places with the old one in the rest, and a
 * rest that is no order of the other cards is ARGUMENT. Declaring the same
 * stack again is allowed; a variable in another stack, or with another
 * range, is ARGUMENT. Only before the engine has games (STATE). */
CARC_API carc_result carc_var_set_stack(carc_engine *e, int active, int rest, int cards);
/* Sets a card stack's pair at once (the stack whose card-up variable is
 * `active_var`): ARGUMENT unless `active` and `rest` hold an order of its
 * cards (or are both 0); UNKNOWN if no stack's card up is that variable. */
CARC_API carc_result carc_game_set_stack(carc_game *g, int active_var, int active, int rest);
CARC_API int carc_flag_count(const carc_engine *e);
CARC_API int carc_game_flag(const carc_game *g, int flag);
CARC_API carc_result carc_game_set_flag(carc_game *g, int flag, int on);

/* Placement. */
typedef struct carc_placement_option { int x, y, rotation; } carc_placement_option;
/* Writes up to `cap` legal placements of the drawn tile; returns how many
 * exist (may exceed cap), or -1 when a placement hook failed (an error, not
 * a refusal: carc_game_error says which hook and why). */
CARC_API int carc_game_placements(const carc_game *g, carc_placement_option *out, int cap);
/* What handlers and hooks can read of a game (its engine, phase, turn,
 * player, drawn tile, board tiles with their tokens, figures, scores,
 * variables, flags and supplies; not the random generator, which a
 * placement hook may not use), packed into `buf`; returns the size it
 * needs (writes nothing if larger than `cap`). Two games with equal
 * fingerprints look the same to every view: a binding can keep what a
 * placement hook decided for one state and answer again without a call. */
CARC_API size_t carc_game_fingerprint(const carc_game *g, void *buf, size_t cap);
/* 1 if `g`'s fingerprint is the `n` bytes at `buf`, else 0. */
CARC_API int carc_game_fingerprint_equal(const carc_game *g, const void *buf, size_t n);
CARC_API carc_result carc_game_place(carc_game *g, int x, int y, int rotation);

/* Actions in the act phase. */
typedef enum carc_action_type {
  CARC_ACT_PASS,
  CARC_ACT_FIGURE,   /* put a figure of `figure_type` on `segment` of the new tile */
  CARC_ACT_TOKEN,    /* put a token of `token_type` on the new tile */
  CARC_ACT_MOVE_NEUTRAL /* move neutral figure `figure` to feature `segment`
                           (a segment id) or off the board (segment -1) */
} carc_action_type;
typedef struct carc_action {
  carc_action_type type;
  int figure_type, token_type, figure;
  int segment;  /* segment index on the new tile, or a segment id for moves */
} carc_action;
CARC_API int carc_game_actions(const carc_game *g, carc_action *out, int cap);
CARC_API carc_result carc_game_act(carc_game *g, const carc_action *a);

/* Board queries. Board tiles are indexed 0..carc_board_tiles()-1 in the order
 * placed. Segment ids name one segment of one placed tile. */
CARC_API int carc_board_tiles(const carc_game *g);
CARC_API int carc_board_tile_at(const carc_game *g, int x, int y); /* -1 if empty */
CARC_API int carc_board_tile_type(const carc_game *g, int tile);
CARC_API int carc_board_tile_x(const carc_game *g, int tile);
CARC_API int carc_board_tile_y(const carc_game *g, int tile);
CARC_API int carc_board_tile_rotation(const carc_game *g, int tile);
CARC_API int carc_board_segment_id(const carc_game *g, int tile, int s); /* -1 if none */
CARC_API int carc_board_segment_at_port(const carc_game *g, int tile, int port); /* segment index on tile */
CARC_API int carc_segment_tile(const carc_game *g, int segment_id);
CARC_API int carc_segment_index(const carc_game *g, int segment_id);
/* Board ports of a placed segment (after rotation). */
CARC_API unsigned carc_board_segment_ports(const carc_game *g, int segment_id);
/* The same as the tile notation writes them, a whole side by its letter:
 * "N,Wr" (snprintf style; "" for a segment without ports, a monastery). */
CARC_API size_t carc_board_segment_ports_text(const carc_game *g, int segment_id, char *buf, size_t cap);

/* Features, named by any of their segment ids. */
CARC_API int carc_feature_root(const carc_game *g, int segment_id);
CARC_API int carc_feature_kind(const carc_game *g, int segment_id);
CARC_API int carc_feature_complete(const carc_game *g, int segment_id);
CARC_API int carc_feature_tiles(const carc_game *g, int segment_id);   /* distinct tiles */
CARC_API int carc_feature_open(const carc_game *g, int segment_id);    /* open ports */
CARC_API int carc_feature_symbols(const carc_game *g, int segment_id); /* coats of arms */
CARC_API int carc_feature_has_attr(const carc_game *g, int segment_id, int attr);
/* Segment ids of the feature, up to cap; returns the member count. */
CARC_API int carc_feature_members(const carc_game *g, int segment_id, int *out, int cap);
/* The segment after `segment_id` in its feature's member list, which is a
 * ring: starting at carc_feature_root and stepping until the root comes back
 * visits every member once, in carc_feature_members' order. -1 for a bad id. */
CARC_API int carc_feature_next_member(const carc_game *g, int segment_id);
/* All features (one segment id each) of kind `kind` (-1 any). */
CARC_API int carc_game_features(const carc_game *g, int kind, int *out, int cap);

/* Figures. Each figure in the game has an index; location -1 = supply. */
CARC_API int carc_game_figures(const carc_game *g);
CARC_API int carc_figure_type(const carc_game *g, int fig);
CARC_API int carc_figure_owner(const carc_game *g, int fig); /* -1 neutral */
CARC_API int carc_figure_segment(const carc_game *g, int fig); /* segment id or -1 */
CARC_API int carc_game_supply(const carc_game *g, int player, int figure_type);
/* Tokens: count in a player's supply; what lies on a board tile. */
CARC_API int carc_game_token_supply(const carc_game *g, int player, int token_type);
CARC_API carc_result carc_game_set_token_supply(carc_game *g, int player, int token_type, int n);
CARC_API int carc_board_tokens(const carc_game *g, int tile, int token_type); /* -1: all */
CARC_API int carc_board_token_owner(const carc_game *g, int tile);

/* Scenario and editing calls: place any tile type anywhere legal, put figures
 * and tokens down, outside the turn order. Same legality checks. */
CARC_API carc_result carc_game_put_tile(carc_game *g, int tile_type, int x, int y, int rotation);
/* Puts a tile built from notation (registered as an ad-hoc type). */
CARC_API carc_result carc_game_put_notation(carc_game *g, const char *notation, int x, int y, int rotation);
CARC_API carc_result carc_game_put_figure(carc_game *g, int player, int figure_type, int tile, int segment);
CARC_API carc_result carc_game_put_token(carc_game *g, int player, int token_type, int tile);
/* Ends a scenario's turn as a real turn ends: scores every completed feature
 * not yet scored (returning its figures), runs the turn-end hooks and passes
 * to the next player. */
CARC_API carc_result carc_game_end_turn(carc_game *g);
/* Places `tile_type` as the current player's drawn tile, with every check of
 * carc_game_place: for games without a bag (scenarios that play real turns;
 * carc_game_act then takes the turn's action). With a bag, only the tile
 * drawn from it is accepted (else CARC_ERR_STATE); a tile that fits nowhere
 * is CARC_ERR_ILLEGAL. On failure the game is as it was. */
CARC_API carc_result carc_game_place_named(carc_game *g, int tile_type, int x, int y, int rotation);
/* Sets the active player (scenarios). */
CARC_API carc_result carc_game_set_current_player(carc_game *g, int player);
CARC_API carc_result carc_game_final_scoring(carc_game *g);
/* Fails with CARC_ERR_MEMORY (nothing changed) when records are kept and
 * its record cannot be stored. */
CARC_API carc_result carc_game_add_score(carc_game *g, int player, int points);

/* Scoring records: every scoring of the game with its breakdown, and every
 * carc_game_add_score: a record with reason CARC_BY_HOOK, kind and feature
 * -1, total and award[player] the points, and one change (field -3, award,
 * 0 -> points) naming the hook that gave them ("engine" when no hook ran).
 * With records kept, the records of a game sum to each player's score. */
CARC_API int carc_game_scorings(const carc_game *g);
typedef struct carc_scoring_info {
  int kind, reason, feature, turn;
  int total;
  int award[CARC_MAX_PLAYERS];
  int changes;
} carc_scoring_info;
CARC_API carc_result carc_game_scoring(const carc_game *g, int i, carc_scoring_info *out);
CARC_API carc_result carc_game_scoring_change(const carc_game *g, int i, int j, carc_change *out);
/* Keep (1, default) or drop (0) scoring records; the benchmark drops them. */
CARC_API void carc_game_keep_records(carc_game *g, int on);

/* Text output. Each writes a NUL-terminated string of at most cap bytes and
 * returns the length it needed (snprintf style). */
CARC_API size_t carc_game_render_board(const carc_game *g, char *buf, size_t cap);
CARC_API size_t carc_game_describe_scoring(const carc_game *g, int i, char *buf, size_t cap);
CARC_API size_t carc_tile_picture(const carc_engine *e, int type, int rotation, char *buf, size_t cap);

/* Save, load, event log (JSON). */
CARC_API size_t carc_game_save(const carc_game *g, char *buf, size_t cap);
CARC_API carc_game *carc_game_load(carc_engine *e, const char *json, char *err, size_t errcap);
/* The event log as JSON lines. */
CARC_API size_t carc_game_log(const carc_game *g, char *buf, size_t cap);

/* ------------------------------------------------------- tools and AI ---
 * Moves as integers: every legal step of a turn is one non-negative int that
 * stays the same for the same step (a placement by square and rotation, an
 * action by figure type and segment, token type, or neutral figure and
 * target, final scoring by one constant), so a search tree can key on it. */
typedef enum carc_move_kind {
  CARC_MOVE_PLACE,  /* carc_game_place(x, y, rotation) */
  CARC_MOVE_ACT,    /* carc_game_act(&action) */
  CARC_MOVE_FINAL   /* carc_game_final_scoring (the end phase) */
} carc_move_kind;
typedef struct carc_move_info {
  carc_move_kind kind;
  int x, y, rotation;  /* CARC_MOVE_PLACE */
  carc_action action;  /* CARC_MOVE_ACT */
} carc_move_info;
/* The legal moves now (the place phase: placements; act: actions; end: final
 * scoring; over: none). Writes up to cap, returns how many there are, or -1
 * when a placement hook failed (carc_game_error says why). */
CARC_API int carc_game_moves(const carc_game *g, int *out, int cap);
/* Plays one move. ARGUMENT: not a move number; ILLEGAL: not among
 * carc_game_moves now; STATE: the game is over. Nothing changes on failure. */
CARC_API carc_result carc_game_play(carc_game *g, int move);
/* A move's number (-1 when out of range: coordinates outside -512..511, a
 * rotation outside 0..3 ...) and back (ARGUMENT for a number that is no move). */
CARC_API int carc_move_from_placement(int x, int y, int rotation);
CARC_API int carc_move_from_action(const carc_action *a);
CARC_API carc_result carc_move_decode(int move, carc_move_info *out);

/* What `player` may see: a new game equal to `g` in everything public
 * (board, figures, scores, supplies, the drawn tile, how many of each tile
 * are left) with the bag's order and the random generator hidden (the bag
 * sorted, the generator zeroed). NULL (engine error) for a player that does
 * not exist. Free it with carc_game_free; every query works on it. */
CARC_API carc_game *carc_game_observe(const carc_game *g, int player);
/* Resamples what is hidden: shuffles the tiles left in the bag and reseeds
 * the generator from `seed`, keeping everything an observation shows. Same
 * seed, same result. */
CARC_API carc_result carc_game_determinize(carc_game *g, uint64_t seed);

/* Events: `fn` gets every event-log line (one JSON object: place, figure,
 * token, move, set_aside, score, final) as it is written, so only while the
 * game keeps records. Copies and clones keep the callback (observations drop
 * it); NULL removes it. */
typedef void (*carc_event_fn)(const carc_game *g, const char *event_json, void *ud);
CARC_API void carc_game_set_event_callback(carc_game *g, carc_event_fn fn, void *ud);

/* ------------------------------------------------------------------ maps
 * A map (docs/expansions/maps.md) replaces the unbounded plane with a board
 * shape: which squares exist and take a tile, which carry printed pieces
 * (large cities, roads and cities abroad, ferry routes), and what lies beyond
 * each edge. Games of an engine with a map play on it. The engine takes the
 * map's text; reading files is the caller's business. */
typedef enum carc_square {
  CARC_SQ_NONE,       /* sea or off the map: no square */
  CARC_SQ_LAND,
  CARC_SQ_TOWN,       /* a normal square with a house */
  CARC_SQ_START,      /* a start square (a town) */
  CARC_SQ_ISLAND,     /* takes a tile once a ferry connects it */
  CARC_SQ_WAVES,      /* never a tile; closes features like the border */
  CARC_SQ_HIGHLIGHT,  /* a Nordic highlight: the same */
  CARC_SQ_HALF,       /* half a square on a joining side (alone: unusable) */
  CARC_SQ_CITY        /* a square of a printed large city */
} carc_square;
/* Sets the engine's map: n = 1, one map; n = 2, a west and an east half
 * joined along their half squares. Errors read "origin:line:column: ...";
 * on error nothing is loaded. An engine takes one map, before its games. */
CARC_API carc_result carc_engine_set_map(carc_engine *e, int n, const char *const *texts,
                                         const char *const *origins);
/* How a large city's printed squares join the fields on their outer edges
 * (the rules are silent): CARC_MAP_FIELDS_AROUND (the default) one field
 * round each of a square's corners, as on a tile with a city on two
 * adjacent sides; CARC_MAP_FIELDS_APART each outer edge a field of its own,
 * so no farm passes a large city's corner. Set before the map
 * (carc_engine_set_map); STATE after. */
#define CARC_MAP_FIELDS_AROUND 0
#define CARC_MAP_FIELDS_APART 1
CARC_API carc_result carc_engine_map_fields(carc_engine *e, int mode);
/* Overrides the map's recommendations: followers per player (1 to
 * CARC_MAX_MAP_FOLLOWERS) and tiles in a game (the start tile included, 1 to
 * CARC_MAX_BOARD_TILES); 0 keeps the map's figure. */
#define CARC_MAX_MAP_FOLLOWERS 16
CARC_API carc_result carc_engine_map_setup(carc_engine *e, int followers, int tiles);
/* Turns game flag `flag` on whenever a tile is placed on an island square
 * with coats of arms (and, with `towns` 1, on a town square; with `towns` 2,
 * on a town or start square), so that a hook filtered on that flag runs only
 * then (the flag is the hook's to clear); flag -1 stops it. */
CARC_API carc_result carc_engine_map_signal(carc_engine *e, int flag, int towns);
typedef struct carc_map_info {
  const char *name;
  int width, height;
  int squares;        /* squares that can take a tile (islands included) */
  int half_squares;
  int starts, starts_used;
  int tiles_min, tiles_max; /* the recommended number of tiles */
  int followers;      /* followers per player the map recommends (0: the default) */
  int large_cities, abroad, ferries, islands, towns;
} carc_map_info;
/* Fills `out` and returns 1 if the engine has a map, else returns 0. */
CARC_API int carc_engine_map_info(const carc_engine *e, carc_map_info *out);
/* The square at (x, y): a carc_square (CARC_SQ_NONE off the map), or -1
 * when the engine has no map. */
CARC_API int carc_map_square(const carc_engine *e, int x, int y);
CARC_API int carc_map_square_arms(const carc_engine *e, int x, int y); /* island coats of arms */
CARC_API int carc_map_square_town(const carc_engine *e, int x, int y); /* 1: a town in print, a start square too */
CARC_API const char *carc_map_square_name(const carc_engine *e, int x, int y); /* NULL if none */
CARC_API const char *carc_map_square_kind_name(int kind); /* "land", "waves" ... */
/* A piece printed on an edge of a map's square: a road or a city abroad
 * (beyond the border), or one end of a ferry route. */
typedef enum carc_map_link_kind { CARC_LINK_ROAD = 1, CARC_LINK_CITY, CARC_LINK_FERRY } carc_map_link_kind;
typedef struct carc_map_link {
  int kind;                   /* carc_map_link_kind */
  int arms;                   /* coats of arms printed on it */
  int far_x, far_y, far_edge; /* a ferry route's other end: its square and edge (0 N .. 3 W);
                               * for a piece abroad, the square and edge asked about */
  const char *name;           /* its name on the map, "" if none */
} carc_map_link;
/* Fills `out` (when not NULL) with the piece printed on edge `edge` (0 N,
 * 1 E, 2 S, 3 W) of square (x, y) and returns 1; returns 0 when nothing is
 * printed there or the engine has no map. */
CARC_API int carc_map_link_at(const carc_engine *e, int x, int y, int edge, carc_map_link *out);
/* On a map the first board tiles are its printed pieces (large-city
 * squares, segments abroad, ferry routes); this says how many. */
CARC_API int carc_board_printed_tiles(const carc_game *g);
/* The board index of the tile placed last, or -1. */
CARC_API int carc_game_last_tile(const carc_game *g);
/* Lets the current player take one more turn when this one ends (a hook of
 * the turn may call it: the map's town variant). */
CARC_API carc_result carc_game_play_again(carc_game *g);

/* The board as an SVG picture: tiles drawn from their segments, figures in
 * player colours and, on a map, its squares, border and printed pieces. */
CARC_API size_t carc_game_render_svg(const carc_game *g, char *buf, size_t cap);

/* ------------------------------------------------------------------ bots */
typedef enum carc_bot { CARC_BOT_RANDOM, CARC_BOT_GREEDY } carc_bot;
/* Plays the current player's whole turn. */
CARC_API carc_result carc_bot_play_turn(carc_game *g, carc_bot bot);
/* Plays the game to its end (final scoring included). */
CARC_API carc_result carc_bot_play_game(carc_game *g, carc_bot bot);

#ifdef __cplusplus
}
#endif
#endif

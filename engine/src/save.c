/* save.c - a game's whole state as JSON, and back.
 *
 * The saved text holds the state only: options, turn scalars, the small
 * mutable state (random generator, flags, variables, scores, token supplies),
 * the bag, every placed tile in placement order, every figure, and which
 * features were scored. The board's derived structures (squares, frontier,
 * features) are not written: loading re-places the tiles in order, which
 * rebuilds them exactly as they were, frontier order included, so a loaded
 * game continues exactly as the saved one would. Scoring records and the
 * event log are not part of the state; a loaded game starts with none.
 *
 * Output is deterministic: fixed key order, one placed tile or figure a line.
 * Players are numbered from 0, as in the C API. */
#include "internal.h"
#include "json.h"
#include "map.h"
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>

#define SAVE_FORMAT "carcassonne-save"
#define SAVE_VERSION 1

static const char *const phase_names[] = {"place", "act", "end", "over"};
static const char *const step_names[] = {"main", "neutral", "conflict"};

/* ------------------------------------------------------------ writing */


/* The root of a segment's feature without path compression (g is const). */
static int root_of(const carc_game *g, int s) {
  while ((int)g->segs[s].parent != s) s = (int)g->segs[s].parent;
  return s;
}

static void put_tile_name(text_out *o, const carc_engine *e, int type) {
  if (type < 0 || type >= e->ntypes) text_put(o, "null");
  else text_put_json(o, e->types[type].name);
}

size_t carc_game_save(const carc_game *g, char *buf, size_t cap) {
  text_out o = {buf, buf ? cap : 0, 0};
  if (o.cap) buf[0] = '\0';
  if (!g) return 0;
  const carc_engine *e = g->e;
  text_put(&o, "{\n  \"format\": \"%s\",\n  \"version\": %d,\n", SAVE_FORMAT, SAVE_VERSION);
  text_put(&o, "  \"players\": %d,\n  \"followers\": %d,\n  \"seed\": %" PRIu64 ",\n  \"no_bag\": %d,\n",
      g->players, g->followers, g->opt.seed, g->opt.no_bag ? 1 : 0);
  carc_map_info mi;
  if (carc_engine_map_info(e, &mi)) { /* a game on a map names it (the plane: no key) */
    text_put(&o, "  \"map\": ");
    text_put_json(&o, mi.name);
    text_put(&o, ",\n");
  }
  text_put(&o, "  \"phase\": \"%s\",\n  \"turn\": %d,\n  \"current\": %d,\n  \"drawn\": ",
      g->phase >= 0 && g->phase <= 3 ? phase_names[g->phase] : "?", g->turn, g->current);
  put_tile_name(&o, e, g->drawn);
  text_put(&o, ",\n  \"act_step\": \"%s\",\n  \"last_tile\": %d,\n"
      "  \"set_aside\": %d,\n", g->act_step >= 0 && g->act_step <= 2 ? step_names[g->act_step] : "?",
      g->last_tile, g->set_aside);
  text_put(&o, "  \"scores\": [");
  for (int p = 0; p < g->players; p++) text_put(&o, "%s%d", p ? ", " : "", g->s.score[p]);
  text_put(&o, "],\n  \"rng\": \"%016" PRIx64 "\",\n  \"flags\": \"%016" PRIx64 "\",\n", g->s.rng,
      g->s.flags);
  if (g->s.again) text_put(&o, "  \"play_again\": 1,\n"); /* only when set: other saves read as before */
  if (e->map && !g->opt.no_bag && g->nsetup != e->map->starts_used) /* a start square the setup left free */
    text_put(&o, "  \"setup_tiles\": %d,\n", g->nsetup);
  text_put(&o, "  \"vars\": {");
  for (int v = 0; v < e->nvars; v++) {
    text_put(&o, "%s", v ? ", " : "");
    text_put_json(&o, e->var_names[v]);
    text_put(&o, ": %d", g->s.vars[v]);
  }
  text_put(&o, "},\n  \"token_supply\": {");
  for (int t = 0; t < e->ntok; t++) {
    text_put(&o, "%s", t ? ", " : "");
    text_put_json(&o, e->toks[t].name);
    text_put(&o, ": [");
    for (int p = 0; p < g->players; p++) text_put(&o, "%s%d", p ? ", " : "", g->s.token_supply[p][t]);
    text_put(&o, "]");
  }
  text_put(&o, "},\n  \"bag\": [");
  for (int i = g->bag_pos; i < g->bag_len; i++) {
    text_put(&o, "%s", i > g->bag_pos ? ", " : "");
    put_tile_name(&o, e, g->bag[i]);
  }
  text_put(&o, "],\n  \"tiles\": [");
  for (int t = g->nprinted; t < g->ntiles; t++) { /* a map's printed pieces come with the map */
    const board_tile *bt = &g->tiles[t];
    const tile_type *tt = &e->types[bt->type];
    text_put(&o, "%s\n    {\"type\": ", t > g->nprinted ? "," : "");
    text_put_json(&o, tt->name);
    if (tt->adhoc) {
      text_put(&o, ", \"adhoc\": 1, \"notation\": ");
      text_put_json(&o, tt->notation);
    }
    text_put(&o, ", \"x\": %d, \"y\": %d, \"rotation\": %d, \"token\": ", bt->x, bt->y, bt->rot);
    if (bt->token >= 0 && bt->token < e->ntok) {
      text_put(&o, "{\"type\": ");
      text_put_json(&o, e->toks[bt->token].name);
      text_put(&o, ", \"owner\": %d}", bt->token_owner);
    } else {
      text_put(&o, "null");
    }
    text_put(&o, "}");
  }
  text_put(&o, "%s],\n  \"figures\": [", g->ntiles > g->nprinted ? "\n  " : "");
  for (int f = 0; f < g->nfigs; f++) {
    const figure_state *fs = &g->figs[f];
    text_put(&o, "%s\n    {\"type\": ", f ? "," : "");
    text_put_json(&o, e->figs[fs->type].name);
    if (fs->owner < 0) text_put(&o, ", \"owner\": null");
    else text_put(&o, ", \"owner\": %d", fs->owner);
    if (fs->seg < 0) text_put(&o, ", \"at\": null}");
    else text_put(&o, ", \"at\": [%d, %d]}", g->segs[fs->seg].tile, g->segs[fs->seg].idx);
  }
  text_put(&o, "%s],\n  \"scored\": [", g->nfigs ? "\n  " : "");
  int any = 0;
  for (int s = 0; s < g->nsegs; s++)
    if ((g->segs[s].flags & SEG_SCORED) && root_of(g, s) == s) {
      text_put(&o, "%s%d", any ? ", " : "", s);
      any = 1;
    }
  text_put(&o, "]\n}\n");
  return o.len;
}

/* ------------------------------------------------------------ reading */

typedef struct loader {
  json_doc doc;
  carc_engine *e;
  char msg[ERR_CAP];
  carc_result code;
} loader;

/* Names the JSON path and position of a bad value. */
static bool bad(loader *L, carc_result code, const json_value *v, const char *path, const char *fmt, ...) {
  char what[ERR_CAP - 96];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  int line = 1, col = 1;
  if (v) json_where(&L->doc, v->pos, &line, &col);
  snprintf(L->msg, sizeof L->msg, "%s (line %d, column %d): %s", path, line, col, what);
  L->code = code;
  return false;
}

static const json_value *member(loader *L, const json_value *obj, const char *key,
                                json_type type, bool nullable, const char *path) {
  const json_value *v = json_get(obj, key);
  char where[160];
  snprintf(where, sizeof where, "%s%s%s", path, path[0] ? "." : "", key);
  if (!v) {
    bad(L, CARC_ERR_PARSE, obj, where, "missing");
    return NULL;
  }
  if (v->type == type || (nullable && v->type == JSON_NULL)) return v;
  bad(L, CARC_ERR_PARSE, v, where, "expected %s%s, found %s", json_type_name(type),
      nullable ? " or null" : "", json_type_name(v->type));
  return NULL;
}

/* An integer in [lo, hi]. */
static bool int_value(loader *L, const json_value *v, long long lo, long long hi, const char *path,
                      int *out) {
  if (!v || v->type != JSON_NUMBER)
    return bad(L, CARC_ERR_PARSE, v, path, "expected a whole number, found %s",
               v ? json_type_name(v->type) : "nothing");
  if (v->magnitude > (uint64_t)1 << 40)
    return bad(L, CARC_ERR_ARGUMENT, v, path, "number out of range");
  long long n = v->negative ? -(long long)v->magnitude : (long long)v->magnitude;
  if (n < lo || n > hi)
    return bad(L, CARC_ERR_ARGUMENT, v, path, "%lld is outside %lld..%lld", n, lo, hi);
  *out = (int)n;
  return true;
}

static bool int_member(loader *L, const json_value *obj, const char *key, long long lo,
                       long long hi, const char *path, int *out) {
  const json_value *v = member(L, obj, key, JSON_NUMBER, false, path);
  if (!v) return false;
  char where[160];
  snprintf(where, sizeof where, "%s%s%s", path, path[0] ? "." : "", key);
  return int_value(L, v, lo, hi, where, out);
}

static bool hex_member(loader *L, const json_value *obj, const char *key, uint64_t *out) {
  const json_value *v = member(L, obj, key, JSON_STRING, false, "");
  if (!v) return false;
  uint64_t x = 0;
  if (v->len == 0 || v->len > 16)
    return bad(L, CARC_ERR_PARSE, v, key, "expected 1 to 16 hexadecimal digits");
  for (size_t i = 0; i < v->len; i++) {
    char c = v->str[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return bad(L, CARC_ERR_PARSE, v, key, "'%c' is not a hexadecimal digit", c);
    x = x << 4 | (uint64_t)d;
  }
  *out = x;
  return true;
}

static int name_in(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

static bool tile_type_of(loader *L, const json_value *v, const char *path, int *out) {
  if (!v || v->type != JSON_STRING)
    return bad(L, CARC_ERR_PARSE, v, path, "expected a tile name, found %s",
               v ? json_type_name(v->type) : "nothing");
  int t = carc_tile_type_find(L->e, v->str);
  if (t < 0) return bad(L, CARC_ERR_UNKNOWN, v, path, "unknown tile '%s'", v->str);
  *out = t;
  return true;
}

/* An ad-hoc tile type: the one of that name if it has this notation, else one
 * with this notation, else defined now under the saved name if it is free. */
static bool adhoc_type(loader *L, const json_value *name, const json_value *notation,
                       const char *path, int *out) {
  carc_engine *e = L->e;
  int t = carc_tile_type_find(e, name->str);
  if (t >= 0 && e->types[t].adhoc && strcmp(e->types[t].notation, notation->str) == 0) {
    *out = t;
    return true;
  }
  for (int i = 0; i < e->ntypes; i++)
    if (e->types[i].adhoc && strcmp(e->types[i].notation, notation->str) == 0) {
      *out = i;
      return true;
    }
  char fresh[CARC_MAX_NAME];
  const char *use = name->str;
  if (t >= 0 || !name_valid(name->str)) {
    snprintf(fresh, sizeof fresh, "adhoc%d", e->ntypes);
    use = fresh;
  }
  if (tile_define_adhoc(e, use, notation->str) != CARC_OK)
    return bad(L, CARC_ERR_PARSE, notation, path, "bad ad-hoc tile notation: %s", e->err);
  *out = e->ntypes - 1;
  return true;
}

/* Is board tile ti, on (x, y), one the map's setup placed (no turn follows
 * it)? The run of start-square tiles right after the printed pieces,
 * g->nsetup long (without a bag, the start tile alone; a save says when the
 * setup left a start square free); a player's tile on a start square the
 * setup left free is a turn's tile. Asked of a tile placed, or of the next
 * one (ti == ntiles) before it is placed. */
static bool setup_on_map(const carc_game *g, int ti, int x, int y) {
  if (!map_is_start(g, x, y) || ti >= g->nprinted + g->nsetup) return false;
  for (int i = g->nprinted; i < ti; i++)
    if (!map_is_start(g, g->tiles[i].x, g->tiles[i].y)) return false;
  return true;
}

static bool load_tiles(loader *L, carc_game *g, const json_value *tiles) {
  carc_engine *e = L->e;
  char path[96];
  board_reset(g);
  if (e->map) {
    if (store_grid_cover(g, -1, -1, e->map->w, e->map->h) != CARC_OK)
      return bad(L, CARC_ERR_MEMORY, tiles, "tiles", "%s", g->err);
    map_place_printed(g);
  }
  int i = 0;
  for (const json_value *tv = tiles->child; tv; tv = tv->next, i++) {
    snprintf(path, sizeof path, "tiles[%d]", i);
    if (tv->type != JSON_OBJECT)
      return bad(L, CARC_ERR_PARSE, tv, path, "expected an object, found %s", json_type_name(tv->type));
    const json_value *name = member(L, tv, "type", JSON_STRING, false, path);
    if (!name) return false;
    int type = -1, x, y, rot, adhoc = 0;
    const json_value *av = json_get(tv, "adhoc");
    if (av && !int_member(L, tv, "adhoc", 0, 1, path, &adhoc)) return false;
    if (adhoc) {
      const json_value *nv = member(L, tv, "notation", JSON_STRING, false, path);
      if (!nv || !adhoc_type(L, name, nv, path, &type)) return false;
    } else {
      char tpath[112];
      snprintf(tpath, sizeof tpath, "%s.type", path);
      if (!tile_type_of(L, name, tpath, &type)) return false;
    }
    /* a tile on the last square would offer squares off the board */
    if (!int_member(L, tv, "x", -BOARD_LIMIT, BOARD_LIMIT, path, &x) ||
        !int_member(L, tv, "y", -BOARD_LIMIT, BOARD_LIMIT, path, &y) ||
        !int_member(L, tv, "rotation", 0, 3, path, &rot))
      return false;
    if (!board_has_room(g, e->types[type].nseg, x, y) &&
        board_make_room(g, e->types[type].nseg, x, y) != CARC_OK)
      return bad(L, g->err[0] && strstr(g->err, "memory") ? CARC_ERR_MEMORY : CARC_ERR_LIMIT, tv, path,
                 "%s", g->err);
    /* the map's setup tiles went on start squares that no tile opened: they
     * must be free and match what lies beside them; every other tile is a
     * turn's, on the frontier */
    const bool setup = e->map && setup_on_map(g, g->ntiles, x, y);
    const bool fits = setup ? board_square(g, x, y) < 0 && map_fits_square(g, type, x, y, rot)
                            : e->map ? g->ntiles > g->nprinted && board_fits(g, type, x, y, rot) /* after the setup's */
                                     : g->ntiles == 0 || board_fits(g, type, x, y, rot);
    if (!fits) {
      int32_t v = board_square(g, x, y);
      return bad(L, CARC_ERR_ILLEGAL, tv, path, "tile %s does not fit at (%d,%d) rotation %d%s",
                 e->types[type].name, x, y, rot,
                 v >= 0 ? ": the square is taken"
                 : !setup && square_frontier(v) < 0 ? ": not next to a placed tile"
                                                    : ": its edges do not match");
    }
    int ti = board_place(g, type, x, y, rot);
    const json_value *tok = member(L, tv, "token", JSON_OBJECT, true, path);
    if (!tok) return false;
    if (tok->type == JSON_OBJECT) {
      char kpath[112];
      snprintf(kpath, sizeof kpath, "%s.token", path);
      const json_value *kn = member(L, tok, "type", JSON_STRING, false, kpath);
      if (!kn) return false;
      int k = carc_token_type_find(e, kn->str), owner;
      if (k < 0) return bad(L, CARC_ERR_UNKNOWN, kn, kpath, "unknown token '%s'", kn->str);
      if (!int_member(L, tok, "owner", 0, g->players - 1, kpath, &owner)) return false;
      g->tiles[ti].token = (int8_t)k;
      g->tiles[ti].token_owner = (int8_t)owner;
    }
  }
  if (g->ntiles == g->nprinted) return bad(L, CARC_ERR_PARSE, tiles, "tiles", "a game has at least one tile");
  return true;
}

static bool load_figures(loader *L, carc_game *g, const json_value *figs) {
  carc_engine *e = L->e;
  char path[96];
  if (figs->count > MAX_FIGURES)
    return bad(L, CARC_ERR_LIMIT, figs, "figures", "more than %d figures", MAX_FIGURES);
  /* the game's figures are fixed at creation: a save has each type, per
   * owner, exactly as many as a new game (in the supply or out) */
  static const int noone = CARC_MAX_PLAYERS; /* the neutral figures' slot */
  int want[MAX_FIGURE_TYPES][CARC_MAX_PLAYERS + 1], have[MAX_FIGURE_TYPES][CARC_MAX_PLAYERS + 1];
  memset(want, 0, sizeof want);
  memset(have, 0, sizeof have);
  for (int f = 0; f < g->nfigs; f++)
    if (g->figs[f].type < MAX_FIGURE_TYPES)
      want[g->figs[f].type][g->figs[f].owner < 0 ? noone : g->figs[f].owner]++;
  g->nfigs = 0;
  int i = 0;
  for (const json_value *fv = figs->child; fv; fv = fv->next, i++) {
    snprintf(path, sizeof path, "figures[%d]", i);
    if (fv->type != JSON_OBJECT)
      return bad(L, CARC_ERR_PARSE, fv, path, "expected an object, found %s", json_type_name(fv->type));
    const json_value *tn = member(L, fv, "type", JSON_STRING, false, path);
    if (!tn) return false;
    int ft = carc_figure_type_find(e, tn->str);
    if (ft < 0) return bad(L, CARC_ERR_UNKNOWN, tn, path, "unknown figure '%s'", tn->str);
    bool neutral = e->figs[ft].placement == CARC_PLACE_NEUTRAL;
    const json_value *ov = member(L, fv, "owner", JSON_NUMBER, true, path);
    if (!ov) return false;
    int owner = -1;
    if (neutral && ov->type != JSON_NULL)
      return bad(L, CARC_ERR_ILLEGAL, ov, path, "the %s is neutral: its owner must be null", tn->str);
    if (!neutral) {
      char opath[112];
      snprintf(opath, sizeof opath, "%s.owner", path);
      if (ov->type == JSON_NULL)
        return bad(L, CARC_ERR_ILLEGAL, ov, opath, "a %s needs an owner", tn->str);
      if (!int_value(L, ov, 0, g->players - 1, opath, &owner)) return false;
    }
    const json_value *at = member(L, fv, "at", JSON_ARRAY, true, path);
    if (!at) return false;
    int seg = -1;
    if (at->type == JSON_ARRAY) {
      char apath[112];
      snprintf(apath, sizeof apath, "%s.at", path);
      int tile, s;
      if (at->count != 2)
        return bad(L, CARC_ERR_PARSE, at, apath, "expected [tile, segment]");
      if (!int_value(L, json_at(at, 0), 0, g->ntiles - 1, apath, &tile)) return false;
      const tile_type *tt = &e->types[g->tiles[tile].type];
      if (!int_value(L, json_at(at, 1), 0, tt->nseg - 1, apath, &s)) return false;
      if (!(e->figs[ft].kinds & (1u << tt->seg[s].kind)))
        return bad(L, CARC_ERR_ILLEGAL, at, apath, "a %s cannot stand on a %s", tn->str,
                   carc_kind_name(e, tt->seg[s].kind));
      seg = g->tiles[tile].seg_base + s;
      if (e->figs[ft].occupies)
        for (int j = 0; j < g->nfigs; j++)
          if (g->figs[j].seg == seg && e->figs[g->figs[j].type].occupies)
            return bad(L, CARC_ERR_ILLEGAL, at, apath,
                       "segment %d of tile %d already holds figures[%d]: one figure a segment", s,
                       tile, j);
    }
    if (ft < MAX_FIGURE_TYPES && ++have[ft][owner < 0 ? noone : owner] > want[ft][owner < 0 ? noone : owner]) {
      if (owner < 0)
        return bad(L, CARC_ERR_ILLEGAL, fv, path, "more than the game's %d %s figures",
                   want[ft][noone], tn->str);
      return bad(L, CARC_ERR_ILLEGAL, fv, path,
                 "player %d has more than the %d %s figures of the supply", owner,
                 want[ft][owner], tn->str);
    }
    figure_state *f = &g->figs[g->nfigs++];
    f->type = (uint8_t)ft;
    f->owner = (int8_t)owner;
    f->seg = seg;
  }
  for (int t = 0; t < e->nfig && t < MAX_FIGURE_TYPES; t++)
    for (int p = 0; p <= noone; p++)
      if (have[t][p] != want[t][p]) {
        if (p == noone)
          return bad(L, CARC_ERR_ILLEGAL, figs, "figures", "%d %s figures, where the game has %d",
                     have[t][p], e->figs[t].name, want[t][p]);
        return bad(L, CARC_ERR_ILLEGAL, figs, "figures", "player %d has %d %s figures, where the game gives %d",
                   p, have[t][p], e->figs[t].name, want[t][p]);
      }
  supply_index(g);
  /* occupants are counted at the roots, as figure moves keep them */
  for (int s = 0; s < g->nsegs; s++) g->segs[s].occupants = 0;
  for (int f = 0; f < g->nfigs; f++)
    if (g->figs[f].seg >= 0)
      g->segs[feature_find(g, g->figs[f].seg)].occupants += (uint8_t)e->figs[g->figs[f].type].occupies;
  return true;
}

/* Two figures that never share a feature stand on one (the conflict step). */
static bool exclusive_pair(carc_game *g) {
  for (int i = 0; i < g->nfigs; i++) {
    int other = g->e->figs[g->figs[i].type].exclusive;
    if (g->figs[i].seg < 0 || other < 0) continue;
    int root = feature_find(g, g->figs[i].seg);
    for (int j = 0; j < g->nfigs; j++)
      if (g->figs[j].type == other && g->figs[j].seg >= 0 && feature_find(g, g->figs[j].seg) == root)
        return true;
  }
  return false;
}

/* Was board tile ti placed by the setup? On the plane the start tile; on a
 * map see setup_on_map. */
static bool setup_tile(const carc_game *g, int ti) {
  if (!g->e->map) return ti == 0;
  return setup_on_map(g, ti, g->tiles[ti].x, g->tiles[ti].y);
}

static bool load_state(loader *L, carc_game *g, const json_value *root) {
  carc_engine *e = L->e;
  int v;
  /* board first: indexes below refer to it; on a map, how many of its
   * tiles the setup placed (all the start squares used unless it says) */
  g->nsetup = e->map && !g->opt.no_bag ? e->map->starts_used : 1;
  const json_value *setup = json_get(root, "setup_tiles");
  if (setup && (!e->map || g->opt.no_bag))
    return bad(L, CARC_ERR_PARSE, setup, "setup_tiles", "only a map game with a bag has it");
  if (setup && !int_value(L, setup, 1, g->nsetup, "setup_tiles", &g->nsetup)) return false;
  const json_value *tiles = member(L, root, "tiles", JSON_ARRAY, false, "");
  if (!tiles || !load_tiles(L, g, tiles)) return false;
  const json_value *figs = member(L, root, "figures", JSON_ARRAY, false, "");
  if (!figs || !load_figures(L, g, figs)) return false;
  const json_value *scored = member(L, root, "scored", JSON_ARRAY, false, "");
  if (!scored) return false;
  int i = 0;
  for (const json_value *sv = scored->child; sv; sv = sv->next, i++) {
    char path[64];
    snprintf(path, sizeof path, "scored[%d]", i);
    if (!int_value(L, sv, 0, g->nsegs - 1, path, &v)) return false;
    g->segs[feature_find(g, v)].flags |= SEG_SCORED;
  }
  /* turn scalars */
  const json_value *ph = member(L, root, "phase", JSON_STRING, false, "");
  if (!ph) return false;
  if ((g->phase = name_in(phase_names, 4, ph->str)) < 0)
    return bad(L, CARC_ERR_UNKNOWN, ph, "phase", "unknown phase '%s'", ph->str);
  const json_value *st = member(L, root, "act_step", JSON_STRING, false, "");
  if (!st) return false;
  if ((g->act_step = name_in(step_names, 3, st->str)) < 0)
    return bad(L, CARC_ERR_UNKNOWN, st, "act_step", "unknown act step '%s'", st->str);
  if (!int_member(L, root, "turn", 0, MAX_TURN, "", &g->turn) ||
      !int_member(L, root, "current", 0, g->players - 1, "", &g->current) ||
      !int_member(L, root, "last_tile", -1, g->ntiles - 1, "", &g->last_tile) ||
      !int_member(L, root, "set_aside", 0, 1 << 24, "", &g->set_aside))
    return false;
  const json_value *dv = member(L, root, "drawn", JSON_STRING, true, "");
  if (!dv) return false;
  g->drawn = -1;
  if (dv->type == JSON_STRING && !tile_type_of(L, dv, "drawn", &g->drawn)) return false;
  if (g->phase == CARC_PHASE_PLACE && g->drawn < 0)
    return bad(L, CARC_ERR_STATE, dv, "drawn", "the place phase needs a drawn tile");
  if (g->phase == CARC_PHASE_ACT && g->last_tile < 0)
    return bad(L, CARC_ERR_STATE, json_get(root, "last_tile"), "last_tile", "the act phase needs the tile just placed");
  if (g->phase == CARC_PHASE_ACT && (g->last_tile < g->nprinted || setup_tile(g, g->last_tile)))
    return bad(L, CARC_ERR_STATE, json_get(root, "last_tile"), "last_tile",
               "the act phase follows a placed tile, not the start tile or a printed one");
  if (g->phase == CARC_PHASE_ACT) { /* its features are scored when the turn ends, never before */
    const board_tile *bt = &g->tiles[g->last_tile];
    for (int k = 0; k < g->e->types[bt->type].nseg; k++)
      if (g->segs[feature_find(g, (int)bt->seg_base + k)].flags & SEG_SCORED)
        return bad(L, CARC_ERR_STATE, json_get(root, "last_tile"), "last_tile",
                   "the act phase's tile %d has a feature scored already (its segment %d): features are scored "
                   "when the turn ends", g->last_tile, k);
  }
  /* before the final scoring, only completed features are scored */
  if (g->phase != CARC_PHASE_OVER) {
    i = 0;
    for (const json_value *sv = scored->child; sv; sv = sv->next, i++) {
      int r = feature_find(g, (int)sv->magnitude);
      if (!feature_is_complete(g, r)) {
        char path[64];
        snprintf(path, sizeof path, "scored[%d]", i);
        return bad(L, CARC_ERR_STATE, sv, path,
                   "segment %d's %s is incomplete: only the final scoring scores those",
                   (int)sv->magnitude, carc_kind_name(e, g->segs[r].kind));
      }
    }
  }
  if (g->act_step != STEP_MAIN && g->phase != CARC_PHASE_ACT)
    return bad(L, CARC_ERR_STATE, st, "act_step", "only the act phase has a step other than main");
  if (g->act_step == STEP_NEUTRAL && !neutral_step_due(g))
    return bad(L, CARC_ERR_STATE, st, "act_step", "the tile just placed moves no neutral figure");
  if (g->act_step == STEP_CONFLICT && !exclusive_pair(g))
    return bad(L, CARC_ERR_STATE, st, "act_step", "no two exclusive figures share a feature");
  /* the small state */
  const json_value *sc = member(L, root, "scores", JSON_ARRAY, false, "");
  if (!sc) return false;
  if (sc->count != g->players)
    return bad(L, CARC_ERR_PARSE, sc, "scores", "expected %d scores, found %d", g->players, sc->count);
  for (int p = 0; p < g->players; p++) {
    char path[32];
    snprintf(path, sizeof path, "scores[%d]", p);
    if (!int_value(L, json_at(sc, p), -1000000000, 1000000000, path, &g->s.score[p])) return false;
  }
  if (!hex_member(L, root, "rng", &g->s.rng) || !hex_member(L, root, "flags", &g->s.flags))
    return false;
  const json_value *again = json_get(root, "play_again"); /* optional: 1 when a hook said so this turn */
  int again_v = 0;
  if (again && !int_value(L, again, 0, 1, "play_again", &again_v)) return false;
  g->s.again = (int8_t)again_v;
  const json_value *vars = member(L, root, "vars", JSON_OBJECT, false, "");
  if (!vars) return false;
  memset(g->s.vars, 0, sizeof g->s.vars);
  uint64_t seen = 0;
  for (const json_value *vv = vars->child; vv; vv = vv->next) {
    char path[96];
    snprintf(path, sizeof path, "vars.%.80s", vv->key);
    int id = carc_var_find(e, vv->key), lo, hi;
    if (id < 0) return bad(L, CARC_ERR_UNKNOWN, vv, path, "unknown variable '%s'", vv->key);
    carc_var_range(e, id, &lo, &hi); /* a value no rule can set would fail the rule later, in its own file */
    if (!int_value(L, vv, lo, hi, path, &g->s.vars[id])) return false;
    seen |= 1ull << id;
  }
  for (int id = 0; id < e->nvars; id++) /* a save lists them all: one left out is not silently 0 */
    if (!(seen >> id & 1)) return bad(L, CARC_ERR_PARSE, vars, "vars", "variable '%s' is missing", e->var_names[id]);
  for (int sk = 0; sk < e->nvar_stacks; sk++) { /* a stack's pair holds an order of its cards, or is not dealt */
    const int av = e->var_stacks[sk].active, rv = e->var_stacks[sk].rest, n = e->var_stacks[sk].cards;
    const int active = g->s.vars[av];
    if (!stack_pair_ok(active, g->s.vars[rv], n)) {
      char path[96];
      snprintf(path, sizeof path, "vars.%.80s", e->var_names[rv]);
      return bad(L, CARC_ERR_STATE, json_get(vars, e->var_names[rv]), path,
                 "%d with %s = %d is no order of the card stack's cards 1..%d (nor 0 with 0: not dealt)",
                 g->s.vars[rv], e->var_names[av], active, n);
    }
  }
  const json_value *ts = member(L, root, "token_supply", JSON_OBJECT, false, "");
  if (!ts) return false;
  for (int k = 0; k < e->ntok; k++) /* as vars: every token type, none left to a default */
    if (!json_get(ts, e->toks[k].name))
      return bad(L, CARC_ERR_PARSE, ts, "token_supply", "token '%s' is missing", e->toks[k].name);
  for (const json_value *tv = ts->child; tv; tv = tv->next) {
    char path[96];
    snprintf(path, sizeof path, "token_supply.%.60s", tv->key);
    int k = carc_token_type_find(e, tv->key);
    if (k < 0) return bad(L, CARC_ERR_UNKNOWN, tv, path, "unknown token '%s'", tv->key);
    if (tv->type != JSON_ARRAY || tv->count != g->players)
      return bad(L, CARC_ERR_PARSE, tv, path, "expected an array of %d counts", g->players);
    for (int p = 0; p < g->players; p++) {
      if (!int_value(L, json_at(tv, p), 0, 99, path, &v)) return false;
      g->s.token_supply[p][k] = (int16_t)v;
    }
  }
  /* the bag, from its next tile on */
  const json_value *bag = member(L, root, "bag", JSON_ARRAY, false, "");
  if (!bag) return false;
  g->bag_pos = g->bag_len = 0;
  if (store_reserve(g, (int)bag->count + 1 > g->ntiles ? (int)bag->count + 1 : g->ntiles, g->nsegs) != CARC_OK)
    return bad(L, CARC_ERR_LIMIT, bag, "bag", "%s", g->err);
  i = 0;
  for (const json_value *bv = bag->child; bv; bv = bv->next, i++) {
    char path[32];
    snprintf(path, sizeof path, "bag[%d]", i);
    int t;
    if (!tile_type_of(L, bv, path, &t)) return false;
    g->bag[g->bag_len++] = (uint16_t)t;
  }
  /* each turn left takes a tile (the one drawn, then the bag's): the count
   * must not pass its limit before the game ends (turns would share a number) */
  const int drawn = g->phase == CARC_PHASE_PLACE || g->phase == CARC_PHASE_ACT;
  if ((long long)g->turn + drawn + g->bag_len > MAX_TURN)
    return bad(L, CARC_ERR_STATE, json_get(root, "turn"), "turn", "turn %d with %d tiles in the bag would pass %d turns",
               g->turn, g->bag_len, MAX_TURN);
  return true;
}

carc_game *carc_game_load(carc_engine *e, const char *json, char *err, size_t errcap) {
  if (err && errcap) err[0] = '\0';
  if (!e) {
    if (err && errcap) snprintf(err, errcap, "no engine");
    return NULL;
  }
  if (e->snap) { /* its rollback would take back tile types the game holds */
    engine_fail(e, CARC_ERR_STATE, "load: an engine transaction is open (carc_engine_begin)");
    if (err && errcap) snprintf(err, errcap, "%s", e->err);
    return NULL;
  }
  loader L;
  memset(&L, 0, sizeof L);
  L.e = e;
  engine_marker mark; /* a refused load leaves no ad-hoc tile type behind */
  engine_mark(e, &mark);
  L.code = CARC_ERR_PARSE;
  carc_game *g = NULL;
  if (!json) {
    snprintf(L.msg, sizeof L.msg, "no JSON text");
    goto fail;
  }
  if (!json_parse(&L.doc, e, json, L.msg, sizeof L.msg)) goto fail;
  const json_value *root = L.doc.root;
  if (root->type != JSON_OBJECT) {
    bad(&L, CARC_ERR_PARSE, root, "document", "expected an object, found %s", json_type_name(root->type));
    goto fail;
  }
  const json_value *fmt = member(&L, root, "format", JSON_STRING, false, "");
  if (!fmt) goto fail;
  if (strcmp(fmt->str, SAVE_FORMAT) != 0) {
    bad(&L, CARC_ERR_PARSE, fmt, "format", "expected \"%s\", found \"%s\"", SAVE_FORMAT, fmt->str);
    goto fail;
  }
  int version;
  if (!int_member(&L, root, "version", 0, 1000000, "", &version)) goto fail;
  if (version != SAVE_VERSION) {
    bad(&L, CARC_ERR_PARSE, json_get(root, "version"), "version",
        "unsupported version %d (this engine reads version %d)", version, SAVE_VERSION);
    goto fail;
  }
  carc_game_options opt = {2, 0, 0, 0};
  const json_value *seed = member(&L, root, "seed", JSON_NUMBER, false, "");
  if (!seed) goto fail;
  if (seed->negative && seed->magnitude) {
    bad(&L, CARC_ERR_ARGUMENT, seed, "seed", "a seed is not negative");
    goto fail;
  }
  opt.seed = seed->magnitude;
  if (!int_member(&L, root, "players", 1, CARC_MAX_PLAYERS, "", &opt.players) ||
      !int_member(&L, root, "followers", 0, 16, "", &opt.followers) ||
      !int_member(&L, root, "no_bag", 0, 1, "", &opt.no_bag))
    goto fail;
  {
    carc_map_info mi;
    int on_map = carc_engine_map_info(e, &mi);
    const json_value *mv = json_get(root, "map");
    if (mv && (mv->type != JSON_STRING || !on_map || strcmp(mv->str, mi.name) != 0)) {
      bad(&L, CARC_ERR_STATE, mv, "map", "the game was played on the map '%s'; load it with %s",
          mv->type == JSON_STRING ? mv->str : "?", on_map ? "that map, not this one" : "that map");
      goto fail;
    }
    if (!mv && on_map) {
      bad(&L, CARC_ERR_STATE, root, "map", "the game was played on no map; this engine has the map '%s'", mi.name);
      goto fail;
    }
  }
  /* a new game sets every field the engine keeps; the state is then replaced */
  g = carc_game_new(e, &opt);
  if (!g) {
    L.code = CARC_ERR_STATE;
    snprintf(L.msg, sizeof L.msg, "cannot create the game: %.400s", e->err);
    goto fail;
  }
  if (!load_state(&L, g, root)) goto fail;
  g->nstaged = g->nstaged_ran = 0;
  g->nrecords = g->nchanges = 0;
  g->log_len = 0;
  if (g->log) g->log[0] = '\0';
  g->stamp = 0;
  memset(g->tile_stamp, 0, sizeof(uint32_t) * (size_t)g->ntiles);
  memset(g->seg_stamp, 0, sizeof(uint32_t) * (size_t)g->nsegs);
  g->err[0] = '\0';
  json_free(&L.doc);
  engine_keep_pending(e); /* its ad-hoc types, or a running call's it reused: this game holds them now */
  return g;
fail:
  json_free(&L.doc);
  carc_game_free(g);
  engine_restore(e, &mark);
  text_one_line(L.msg); /* it quotes the save's strings: no escape reaches a terminal */
  engine_fail(e, L.code, "load: %s", L.msg);
  if (err && errcap) snprintf(err, errcap, "%s", e->err);
  return NULL;
}

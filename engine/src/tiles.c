/* tiles.c - tile types: the one-line notation, tile data files, rotation. */
#include "internal.h"
#include "map.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

static int edge_of_letter(char c) {
  switch (c) {
    case 'N': return CARC_N;
    case 'E': return CARC_E;
    case 'S': return CARC_S;
    case 'W': return CARC_W;
    default: return -1;
  }
}

/* Reads one port name; returns a port mask for `kind`, or 0 when malformed. */
static unsigned parse_port(const char **pp, int kind, char *why, size_t cap) {
  const char *p = *pp;
  int edge = edge_of_letter(*p);
  if (edge < 0) {
    snprintf(why, cap, "expected a port (N, E, S, W, optionally followed by l or r)");
    return 0;
  }
  p++;
  unsigned mask;
  if (*p == 'l' || *p == 'r') {
    if (kind == CARC_ROAD) {
      snprintf(why, cap, "a road takes whole edges (N, E, S, W), not halves");
      return 0;
    }
    mask = 1u << (edge * 3 + (*p == 'l' ? 0 : 2));
    p++;
  } else {
    mask = kind == CARC_ROAD ? 1u << (edge * 3 + 1) : 7u << (edge * 3);
  }
  *pp = p;
  return mask;
}

static bool is_name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.'; }

/* name[=value]; value is an integer or an edge letter. */
static bool parse_attr(carc_engine *e, const char **pp, attr_value *out, char *why, size_t cap) {
  const char *p = *pp;
  char name[CARC_MAX_NAME];
  size_t n = 0;
  while (is_name_char(*p) && n + 1 < sizeof name) name[n++] = *p++;
  name[n] = '\0';
  if (n == 0 || is_name_char(*p)) {
    snprintf(why, cap, "expected an attribute name");
    return false;
  }
  int value = 1;
  if (*p == '=') {
    p++;
    if (edge_of_letter(*p) >= 0 && !is_name_char(p[1])) {
      value = edge_of_letter(*p++);
    } else {
      /* strtol would skip blanks (and a line break) before the number: an
       * item holds none */
      const bool number = isdigit((unsigned char)*p) || ((*p == '-' || *p == '+') && isdigit((unsigned char)p[1]));
      char *end = (char *)(uintptr_t)p;
      long v = 0;
      if (number) v = strtol(p, &end, 10);
      if (end == p || v < -ATTR_VALUE_MAX || v > ATTR_VALUE_MAX) {
        snprintf(why, cap, "attribute '%s' needs an integer from %d to %d or an edge letter", name,
                 -ATTR_VALUE_MAX, ATTR_VALUE_MAX);
        return false;
      }
      value = (int)v;
      p = end;
    }
  }
  int id = carc_attr_id(e, name);
  if (id < 0) {
    snprintf(why, cap, "too many attribute names (at most %d)", MAX_ATTRS);
    return false;
  }
  out->id = (uint8_t)id;
  out->value = (int16_t)value;
  *pp = p;
  return true;
}

static int count_edges(unsigned ports) {
  int n = 0;
  for (int d = 0; d < 4; d++)
    if (ports & (7u << (d * 3))) n++;
  return n;
}

static void derive(carc_engine *e, tile_type *t) {
  t->area_segs = t->closable_segs = t->closed_alone = 0;
  t->open_init = 0;
  memset(t->segs_of_kind, 0, sizeof t->segs_of_kind);
  for (int i = 0; i < t->nseg; i++) {
    t->segs_of_kind[t->seg[i].kind] |= (uint16_t)(1u << i);
    if (t->seg[i].kind >= CARC_MONASTERY) t->area_segs |= (uint16_t)(1u << i);
    if (t->seg[i].kind != CARC_FIELD && t->seg[i].kind != CARC_WATER) t->closable_segs |= (uint16_t)(1u << i);
  }
  for (int i = 0; i < t->nseg; i++) {
    tile_segment *s = &t->seg[i];
    s->edges = (uint8_t)count_edges(s->ports);
    s->nports = 0;
    for (int q = 0; q < 12; q++) s->nports += (s->ports >> q) & 1;
    s->semicircular = s->kind == CARC_CITY && s->edges == 1;
    if (s->nports == 0 && s->kind != CARC_FIELD && s->kind != CARC_WATER && s->kind < CARC_MONASTERY)
      t->closed_alone = 1;
    if (s->nports > 0 && s->kind != CARC_FIELD && s->kind != CARC_WATER && s->kind < CARC_MONASTERY)
      t->open_init |= (uint16_t)(1u << i);
    s->symbols = (int16_t)tile_attr_value(s->attr, s->nattr, e->arms_attr);
    s->field_cities = 0;
    if (s->kind != CARC_FIELD) continue;
    for (int p = 0; p < 12; p++) {
      if (!(s->ports & (1u << p))) continue;
      int around[2] = {(p + 11) % 12, (p + 1) % 12};
      for (int k = 0; k < 2; k++) {
        int o = t->port_seg[around[k]];
        if (o >= 0 && t->seg[o].kind == CARC_CITY) s->field_cities |= (uint16_t)(1u << o);
      }
    }
  }
  for (int i = 0; i < t->nseg; i++) {
    const tile_segment *s = &t->seg[i];
    const bool twin = (t->segs_of_kind[s->kind] & ~(1u << i)) != 0; /* another segment of its kind here */
    const seg_state init = {.idx = (uint8_t)i, .kind = s->kind, .size = 1, .tiles = 1,
                            .open = s->kind >= CARC_MONASTERY ? 0 : s->nports,
                            .symbols = s->symbols,
                            .flags = twin && s->kind != CARC_FIELD ? SEG_TWINS : 0};
    t->seg_init[i] = seg_template(init, s->attr_bits, s->field_cities);
  }
  for (int r = 0; r < 4; r++)
    for (int q = 0; q < 12; q++) t->turned[r].rport_seg[q] = t->port_seg[(q - 3 * r + 12) % 12];
  for (int r = 0; r < 4; r++)
    for (int q = 0; q < 12; q++) t->turned[r].facing[q] = t->turned[r].rport_seg[opposite_port(q)];
  for (int r = 0; r < 4; r++) {
    t->turned[r].side_one = t->turned[r].facing_one = 0;
    for (int d = 0; d < 4; d++) {
      const int8_t *m = &t->turned[r].rport_seg[d * 3], *f = &t->turned[r].facing[d * 3];
      if (m[0] == m[1] && m[1] == m[2]) t->turned[r].side_one |= (uint8_t)(1u << d);
      if (f[0] == f[1] && f[1] == f[2]) t->turned[r].facing_one |= (uint8_t)(1u << d);
    }
  }
  for (int r = 0; r < 4; r++) {
    uint32_t sig = 0;
    for (int d = 0; d < 4; d++) {
      int te = (d - r + 4) % 4;
      uint32_t b = 0;
      for (int k = 0; k < 3; k++) b |= (uint32_t)t->seg[t->port_seg[te * 3 + k]].kind << (2 * k);
      sig |= b << (8 * d);
    }
    t->sig[r] = sig;
    for (int d = 0; d < 4; d++) { /* seen from beyond side d, the edge reads the other way */
      uint32_t n = (sig >> (8 * d)) & 0x3F;
      uint32_t mirrored = ((n >> 4) & 3) | (n & (3 << 2)) | ((n & 3) << 4);
      t->turned[r].side_req[d] = mirrored << (8 * ((d + 2) % 4));
    }
  }
}

/* A notation as its errors quote it: a long one in part (up to
 * NOTATION_QUOTED bytes, cut between characters, and its length), so that
 * the column and the reason still fit the message. */
#define NOTATION_QUOTED 120
static void quote_notation(const char *n, char *out, size_t cap) {
  const size_t len = strlen(n);
  if (len <= NOTATION_QUOTED) {
    snprintf(out, cap, "'%s'", n);
    return;
  }
  snprintf(out, cap, "'%.*s...' (%zu bytes)", (int)utf8_fit(n, NOTATION_QUOTED), n, len);
}

/* The first byte of a notation, its comment included, that it may not
 * hold, or NULL: one that is no part of UTF-8 text (*not_utf8 set: it goes
 * into saves, which are UTF-8 JSON), or a control character (C0 but the tab
 * that separates items, DEL, C1: a notation is one line). */
static const char *first_unfit(const char *s, bool *not_utf8) {
  for (const unsigned char *u = (const unsigned char *)s; *u;) {
    const int n = utf8_len(u);
    *not_utf8 = n <= 0;
    if (n <= 0 || (*u != '\t' && utf8_control(u, n))) return (const char *)u;
    u += n;
  }
  return NULL;
}

carc_result tile_parse(carc_engine *e, const char *notation, tile_type *t, char *err,
                       size_t errcap) {
  memset(t, 0, sizeof *t);
  memset(t->port_seg, -1, sizeof t->port_seg);
  char why[160] = "";
  const char *p = notation;
  bool not_utf8 = false;
  const char *item = first_unfit(p, &not_utf8);
  if (item && not_utf8) { /* named by column, not quoted: the message stays UTF-8 */
    snprintf(err, errcap, "tile notation: at column %d, byte 0x%02X is not UTF-8 (a notation is UTF-8 text)",
             column_of(notation, item), (unsigned char)*item);
    return CARC_ERR_PARSE;
  }
  if (item) goto control;
  item = p;
  unsigned claimed = 0;
  while (*p) {
    while (*p == ' ' || *p == '\t') p++;
    if (!*p || *p == '#') break;
    item = p;
    if (*p == '@') {
      p++;
      if (t->nattr >= MAX_SEG_ATTRS) {
        snprintf(why, sizeof why, "at most %d tile attributes", MAX_SEG_ATTRS);
        goto fail;
      }
      if (!parse_attr(e, &p, &t->attr[t->nattr], why, sizeof why)) goto fail;
      t->attr_bits |= 1ull << t->attr[t->nattr].id;
      t->nattr++;
      goto next;
    }
    char kname[CARC_MAX_NAME];
    size_t n = 0;
    while ((isalnum((unsigned char)*p) || *p == '_') && n + 1 < sizeof kname) kname[n++] = *p++;
    kname[n] = '\0';
    int kind = n ? carc_kind_find(e, kname) : -1;
    if (kind < 0) {
      snprintf(why, sizeof why, "unknown segment kind '%s' (road, city, field, water, monastery%s)",
               kname, e->nkinds > 5 ? " or a kind an expansion declares" : "");
      goto fail;
    }
    if (t->nseg >= CARC_MAX_SEGMENTS_PER_TILE) {
      snprintf(why, sizeof why, "at most %d segments on a tile", CARC_MAX_SEGMENTS_PER_TILE);
      goto fail;
    }
    tile_segment *s = &t->seg[t->nseg];
    s->kind = (uint8_t)kind;
    if (*p == ':') {
      if (kind > CARC_WATER) {
        snprintf(why, sizeof why, "a %s has no ports; write it without ':'", kname);
        goto fail;
      }
      p++;
      for (;;) {
        unsigned m = parse_port(&p, kind, why, sizeof why);
        if (!m) goto fail;
        if (m & claimed) {
          snprintf(why, sizeof why, "a port of this edge already belongs to another segment");
          goto fail;
        }
        claimed |= m;
        s->ports |= (uint16_t)m;
        if (*p != ',') break;
        p++;
      }
    } else if (kind <= CARC_WATER) {
      snprintf(why, sizeof why, "a %s needs ports, for example %s:N,S", kname, kname);
      goto fail;
    }
    while (*p == '+') {
      p++;
      if (s->nattr >= MAX_SEG_ATTRS) {
        snprintf(why, sizeof why, "at most %d attributes on a segment", MAX_SEG_ATTRS);
        goto fail;
      }
      if (!parse_attr(e, &p, &s->attr[s->nattr], why, sizeof why)) goto fail;
      s->attr_bits |= 1ull << s->attr[s->nattr].id;
      s->nattr++;
    }
    for (int q = 0; q < 12; q++)
      if (s->ports & (1u << q)) t->port_seg[q] = (int8_t)t->nseg;
    t->nseg++;
  next:
    if (*p && *p != ' ' && *p != '\t' && *p != '#') {
      snprintf(why, sizeof why, "unexpected '%c'", *p);
      goto fail;
    }
  }
  for (int q = 0; q < 12; q++) {
    if (t->port_seg[q] < 0) {
      char quoted[NOTATION_QUOTED + 32];
      quote_notation(notation, quoted, sizeof quoted);
      snprintf(err, errcap, "tile notation %s: port %s belongs to no segment (every edge needs "
               "its three ports covered)", quoted, port_name(q));
      if (errcap) text_one_line(err);
      return CARC_ERR_PARSE;
    }
  }
  derive(e, t);
  return CARC_OK;
control: /* a line break or another control byte: a notation is one line of text */
  snprintf(why, sizeof why, "a control character (byte 0x%02X): a notation is one line", (unsigned char)*item);
fail:;
  char quoted[NOTATION_QUOTED + 32];
  quote_notation(notation, quoted, sizeof quoted);
  snprintf(err, errcap, "tile notation %s: at column %d ('%.*s'): %s", quoted, column_of(notation, item),
           (int)utf8_fit(item, 12), item, why);
  if (errcap) text_one_line(err);
  return CARC_ERR_PARSE;
}

int tile_port_kind(const tile_type *t, int rot, int board_port) {
  return t->seg[t->port_seg[(board_port - 3 * rot + 12) % 12]].kind;
}

static int set_index(carc_engine *e, const char *set) {
  int i = name_index(e->set_names, e->nsets, set);
  if (i >= 0 || e->nsets >= MAX_SETS) return i;
  copy_name(e->set_names[e->nsets], set);
  e->set_used[e->nsets] = 1;
  return e->nsets++;
}

static carc_result add_type(carc_engine *e, tile_type *t, const char *notation) {
  if (e->ntypes >= CARC_MAX_TILE_TYPES)
    return engine_fail(e, CARC_ERR_LIMIT, "an engine holds at most %d tile types (ad-hoc ones included)",
                       CARC_MAX_TILE_TYPES);
  if (e->ntypes == e->cap_types) { /* a new block; the old one is kept (retired_types says why) */
    struct retired_types *r = &e->retired_types;
    if (e->types && r->n == (int)(sizeof r->block / sizeof r->block[0]))
      return engine_fail(e, CARC_ERR_LIMIT, "too many tile types");
    int cap = e->cap_types ? e->cap_types * 2 : 32;
    tile_type *n = carc_mem(e, NULL, 0, sizeof(tile_type) * (size_t)cap);
    if (!n) return engine_fail(e, CARC_ERR_MEMORY, "out of memory adding a tile type");
    if (e->types) {
      memcpy(n, e->types, sizeof(tile_type) * (size_t)e->ntypes);
      r->block[r->n] = e->types;
      r->cap[r->n++] = e->cap_types;
    }
    e->types = n;
    e->cap_types = cap;
  }
  size_t len = strlen(notation) + 1;
  t->notation = carc_mem(e, NULL, 0, len);
  if (!t->notation) return engine_fail(e, CARC_ERR_MEMORY, "out of memory adding a tile type");
  memcpy(t->notation, notation, len);
  e->types[e->ntypes++] = *t;
  return CARC_OK;
}

static carc_result define_type(carc_engine *e, const char *set, const char *name, int count,
                               const char *notation, const char *where) {
  if (!set || !name || !notation)
    return engine_fail(e, CARC_ERR_ARGUMENT, "%stile: set, name and notation are needed", where);
  if (!name_valid(name))
    return engine_fail(e, CARC_ERR_ARGUMENT, "%stile name must be " NAME_RULE, where);
  if (carc_tile_type_find(e, name) >= 0)
    return engine_fail(e, CARC_ERR_ARGUMENT, "%stile '%s' is already defined", where, name);
  if (count < 0 || count > CARC_MAX_COPIES)
    return engine_fail(e, CARC_ERR_ARGUMENT, "%stile '%s': count %d out of range", where, name,
                       count);
  if (!name_valid(set)) return engine_fail(e, CARC_ERR_ARGUMENT, "%stile set name must be " NAME_RULE, where);
  int si = set_index(e, set);
  if (si < 0) return engine_fail(e, CARC_ERR_LIMIT, "%stoo many tile sets", where);
  tile_type t;
  char why[ERR_CAP - 64];
  if (tile_parse(e, notation, &t, why, sizeof why) != CARC_OK)
    return engine_fail(e, CARC_ERR_PARSE, "%s%s", where, why);
  copy_name(t.name, name);
  t.set = si;
  t.copies = count;
  return add_type(e, &t, notation);
}

carc_result carc_tile_define(carc_engine *e, const char *set, const char *name, int count,
                             const char *notation) {
  if (!e) return CARC_ERR_ARGUMENT;
  /* a type defined while a game runs could be dropped under another game
   * that took it (a failing call around a hook that defined it) */
  carc_result r = engine_without_games(e, "carc_tile_define");
  if (r == CARC_OK) r = define_type(e, set, name, count, notation, "");
  if (r == CARC_OK) engine_keep(e); /* defined with no game alive: no call takes it back */
  return r;
}

/* An ad-hoc type (set "adhoc", no copies) for carc_game_put_notation and
 * carc_game_load, which define it while games are alive. */
carc_result tile_define_adhoc(carc_engine *e, const char *name, const char *notation) {
  carc_result r = define_type(e, "adhoc", name, 0, notation, "");
  if (r == CARC_OK) e->types[e->ntypes - 1].adhoc = 1;
  return r;
}

/* Drops the types added since `first` (a tile file is loaded all or nothing). */
void types_rollback(carc_engine *e, int first) {
  for (int i = first; i < e->ntypes; i++)
    carc_mem(e, e->types[i].notation, strlen(e->types[i].notation) + 1, 0);
  e->ntypes = first;
  engine_keep(e); /* no game is alive: what is left stays */
}

/* A tile line's "NAME COUNT " (sizes from CARC_MAX_NAME and
 * CARC_MAX_COPIES); *used is where the notation starts. A count below 0
 * or above CARC_MAX_COPIES reads as -1, however many digits it has (where
 * sscanf's %d would overflow). */
static bool read_name_count(const char *p, char name[CARC_MAX_NAME], int *count, int *used) {
  int n = 0;
  while (p[n] && !isspace((unsigned char)p[n])) n++;
  if (n == 0 || n >= CARC_MAX_NAME) return false;
  memcpy(name, p, (size_t)n);
  name[n] = '\0';
  while (p[n] == ' ' || p[n] == '\t') n++;
  const bool negative = p[n] == '-';
  n += negative || p[n] == '+';
  long value = 0;
  int digits = 0;
  for (; isdigit((unsigned char)p[n]); n++, digits++)
    if (value <= CARC_MAX_COPIES) value = value * 10 + (p[n] - '0');
  if (digits == 0 || (p[n] && !isspace((unsigned char)p[n]))) return false;
  while (p[n] == ' ' || p[n] == '\t') n++;
  *count = value > CARC_MAX_COPIES || (negative && value) ? -1 : (int)value;
  *used = n;
  return true;
}

carc_result carc_tiles_load(carc_engine *e, const char *set, const char *text, const char *origin) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (!text) return engine_fail(e, CARC_ERR_ARGUMENT, "no tile data");
  carc_result alive = engine_without_games(e, "carc_tiles_load"); /* as carc_tile_define */
  if (alive != CARC_OK) return alive;
  const char *line = text;
  int lineno = 0;
  int first = e->ntypes;
  while (*line) {
    lineno = count_on(lineno);
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    char buf[512];
    char where[160];
    snprintf(where, sizeof where, "%s:%d: ", origin ? origin : set, lineno);
    if (len >= sizeof buf) {
      types_rollback(e, first);
      return engine_fail(e, CARC_ERR_PARSE, "%sline longer than %d characters", where,
                         (int)sizeof buf - 1);
    }
    memcpy(buf, line, len);
    buf[len] = '\0';
    char *p = buf;
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    if (*p && *p != '#') {
      char name[CARC_MAX_NAME];
      int count, used = 0;
      if (!read_name_count(p, name, &count, &used)) {
        types_rollback(e, first);
        return engine_fail(e, CARC_ERR_PARSE, "%sexpected 'NAME COUNT NOTATION'", where);
      }
      if (count < 0) {
        types_rollback(e, first);
        return engine_fail(e, CARC_ERR_PARSE, "%stile '%s': count out of range (0..%d)", where, name,
                           CARC_MAX_COPIES);
      }
      /* a CR ends the line only before its LF; elsewhere it is the notation's error */
      for (size_t n = strlen(buf); n && buf[n - 1] == '\r'; n--) buf[n - 1] = '\0';
      if (define_type(e, set, name, count, p + used, where) != CARC_OK) {
        types_rollback(e, first);
        return CARC_ERR_PARSE;
      }
    }
    line = end ? end + 1 : line + len;
  }
  engine_keep(e); /* defined with no game alive, as carc_tile_define's */
  return CARC_OK;
}

extern const char carc_base_tiles_text[]; /* generated from engine/data/base.tiles */

carc_result carc_tiles_load_base(carc_engine *e) {
  if (!e) return CARC_ERR_ARGUMENT;
  const int first = e->ntypes;
  carc_result r = carc_tiles_load(e, "base", carc_base_tiles_text, "base.tiles");
  if (r == CARC_OK) r = carc_tile_set_start(e, "D");
  if (r != CARC_OK && e->ntypes > first) types_rollback(e, first); /* D refused by a map: none kept */
  return r;
}

carc_result carc_tile_set_start(carc_engine *e, const char *name) {
  int t = carc_tile_type_find(e, name);
  if (t < 0) return engine_fail(e, CARC_ERR_UNKNOWN, "start tile: unknown tile '%s'", name ? name : "?");
  int misfit = map_start_misfit(e, t); /* -1 without a map */
  if (misfit >= 0)
    return engine_fail(e, CARC_ERR_ILLEGAL, "start tile: %s fits the map's start square (%d,%d) in no rotation", name,
                       e->map->start_x[misfit], e->map->start_y[misfit]);
  e->start_type = t;
  return CARC_OK;
}

int carc_tile_type_count(const carc_engine *e) { return e->ntypes; }
int carc_tile_type_find(const carc_engine *e, const char *name) {
  for (int i = 0; name && i < e->ntypes; i++)
    if (strcmp(e->types[i].name, name) == 0) return i;
  return -1;
}
#define TYPE_OK(e, t) ((t) >= 0 && (t) < (e)->ntypes)
const char *carc_tile_type_name(const carc_engine *e, int t) {
  return TYPE_OK(e, t) ? e->types[t].name : NULL;
}
const char *carc_tile_type_set(const carc_engine *e, int t) {
  return TYPE_OK(e, t) ? e->set_names[e->types[t].set] : NULL;
}
int carc_tile_type_copies(const carc_engine *e, int t) {
  return TYPE_OK(e, t) ? e->types[t].copies : 0;
}
const char *carc_tile_type_notation(const carc_engine *e, int t) {
  return TYPE_OK(e, t) ? e->types[t].notation : NULL;
}
int carc_tile_type_segments(const carc_engine *e, int t) {
  return TYPE_OK(e, t) ? e->types[t].nseg : 0;
}
#define SEG_OK(e, t, s) (TYPE_OK(e, t) && (s) >= 0 && (s) < (e)->types[t].nseg)
int carc_segment_kind(const carc_engine *e, int t, int s) {
  return SEG_OK(e, t, s) ? e->types[t].seg[s].kind : -1;
}
unsigned carc_segment_ports(const carc_engine *e, int t, int s) {
  return SEG_OK(e, t, s) ? e->types[t].seg[s].ports : 0;
}
int carc_segment_attr(const carc_engine *e, int t, int s, int attr) {
  if (!SEG_OK(e, t, s)) return 0;
  return tile_attr_value(e->types[t].seg[s].attr, e->types[t].seg[s].nattr, attr);
}
int carc_tile_type_attr(const carc_engine *e, int t, int attr) {
  return TYPE_OK(e, t) ? tile_attr_value(e->types[t].attr, e->types[t].nattr, attr) : 0;
}
/* Sets (or, with value 0, clears) a tile attribute of a defined type; for
 * expansions that mark base tiles (farmhouses ...). */
carc_result carc_tile_set_attr(carc_engine *e, int t, int attr, int value) {
  if (!TYPE_OK(e, t) || attr < 0 || attr >= e->nattr)
    return engine_fail(e, CARC_ERR_ARGUMENT, "no tile type %d or attribute %d", t, attr);
  tile_type *tt = &e->types[t];
  int i = 0;
  while (i < tt->nattr && tt->attr[i].id != attr) i++;
  if (value == 0) {
    if (i == tt->nattr) return CARC_OK;
    tt->attr[i] = tt->attr[--tt->nattr];
    tt->attr_bits &= ~(1ull << attr);
    return CARC_OK;
  }
  if (i == tt->nattr && tt->nattr >= MAX_SEG_ATTRS)
    return engine_fail(e, CARC_ERR_LIMIT, "tile %s: at most %d tile attributes", tt->name, MAX_SEG_ATTRS);
  if (i == tt->nattr) tt->nattr++;
  tt->attr[i].id = (uint8_t)attr;
  tt->attr[i].value = (int16_t)value;
  tt->attr_bits |= 1ull << attr;
  return CARC_OK;
}
carc_result carc_tile_split(carc_engine *e, int source, const char *name, int copies) {
  if (!TYPE_OK(e, source)) return engine_fail(e, CARC_ERR_ARGUMENT, "no tile type %d", source);
  tile_type *src = &e->types[source];
  /* copies first: a negative one must not reach the subtraction */
  const int keep = copies < 1 ? -1 : src->copies - copies - (source == e->start_type ? 1 : 0);
  if (keep < 0)
    return engine_fail(e, CARC_ERR_ARGUMENT, "tile %s: cannot set apart %d of its %d copies%s", src->name,
                       copies, src->copies, source == e->start_type ? " (one is the start tile)" : "");
  char set[CARC_MAX_NAME], notation[512];
  if (strlen(src->notation) >= sizeof notation)
    return engine_fail(e, CARC_ERR_LIMIT, "tile %s: its notation is too long to copy", src->name);
  snprintf(set, sizeof set, "%s", e->set_names[src->set]);
  snprintf(notation, sizeof notation, "%s", src->notation);
  carc_result r = carc_tile_define(e, set, name, copies, notation);
  if (r != CARC_OK) return r;
  src = &e->types[source]; /* the table may have moved */
  tile_type *t = &e->types[e->ntypes - 1];
  t->nattr = src->nattr; /* the source's tile attributes, also those set after loading */
  memcpy(t->attr, src->attr, sizeof t->attr);
  t->attr_bits = src->attr_bits;
  src->copies -= copies;
  return CARC_OK;
}

unsigned carc_segment_field_cities(const carc_engine *e, int t, int s) {
  return SEG_OK(e, t, s) ? e->types[t].seg[s].field_cities : 0;
}
int carc_tile_edge_kind(const carc_engine *e, int t, int rot, int edge, int k) {
  if (!TYPE_OK(e, t) || edge < 0 || edge > 3 || k < 0 || k > 2) return -1;
  return tile_port_kind(&e->types[t], rot & 3, edge * 3 + k);
}

/* A 5x3 character picture: corners, edge middles and the centre. */
size_t carc_tile_picture(const carc_engine *e, int type, int rot, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  if (!TYPE_OK(e, type) || rot < 0 || rot > 3) return (size_t)snprintf(buf, cap, "?");
  const tile_type *t = &e->types[type];
  static const char glyph[] = {'.', '=', '#', '~'};
  char g[3][6];
  for (int r = 0; r < 3; r++) memcpy(g[r], ".....", 6);
  int mid[4] = {tile_port_kind(t, rot, 1), tile_port_kind(t, rot, 4), tile_port_kind(t, rot, 7),
                tile_port_kind(t, rot, 10)};
  g[0][2] = glyph[mid[0]];
  g[2][2] = glyph[mid[2]];
  g[1][4] = glyph[mid[1]];
  g[1][0] = glyph[mid[3]];
  if (mid[0] == CARC_CITY) g[0][1] = g[0][3] = '#';
  if (mid[2] == CARC_CITY) g[2][1] = g[2][3] = '#';
  char centre = ' ';
  for (int s = 0; s < t->nseg; s++) {
    if (t->seg[s].kind == CARC_MONASTERY) centre = 'M';
    else if (t->seg[s].kind > CARC_MONASTERY && centre == ' ') centre = '*';
  }
  if (centre == ' ') {
    int roads = 0, cities = 0;
    for (int d = 0; d < 4; d++) roads += mid[d] == CARC_ROAD, cities += mid[d] == CARC_CITY;
    centre = cities >= 3 ? '#' : roads == 2 ? '+' : roads > 2 ? 'o' : '.';
  }
  g[1][2] = centre;
  return (size_t)snprintf(buf, cap, "%s\n%s\n%s\n", g[0], g[1], g[2]);
}

/* map.c - Carcassonne Maps: the map text format, its loader, and the board
 * shape the board model consults when an engine has a map.
 *
 * The format is described in docs/expansions/maps.md. Every error names the
 * origin, line and column. Nothing here runs on the plane: board.c and
 * turn.c call in only when `e->map` is set. */
#include "internal.h"
#include "map.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static const char edge_letters[] = "NESW";
static const char *const sq_names[] = {"sea", "land", "town", "start", "island", "waves",
                                       "highlight", "half", "large city"};

/* ------------------------------------------------------------ parsing */

typedef struct parse_aux {
  const char *origin;
  uint8_t cedge[MAP_MAX_H][MAP_MAX_W][4]; /* large-city outer edges: 0 field, 1 road, 2 city */
  int cedge_line[MAP_MAX_H][MAP_MAX_W][4], cedge_col[MAP_MAX_H][MAP_MAX_W][4]; /* each 'edge' line */
  int row_line[MAP_MAX_H];
  int col[MAP_MAX_H][MAP_MAX_W];
  char letter[MAP_MAX_H][MAP_MAX_W]; /* a large city's square: its letter in the grid, else 0 */
  int join_line;                          /* a 'join' line: a pair file, not a map */
  int starts_line, starts_col;            /* the 'starts' count, for an error about it */
  int start_line[MAP_MAX_STARTS], start_col[MAP_MAX_STARTS]; /* each 'start' line, in order */
  int link_line[MAP_MAX_LINKS], link_col[MAP_MAX_LINKS][2]; /* each piece's line, its ends' edge columns */
  int city_line[MAP_MAX_CITIES], name_line[MAP_MAX_NAMES]; /* each 'city' line; each name's line */
} parse_aux;

typedef struct cursor {
  const char *line;     /* start of the current line */
  const char *p;
  int lineno;
  const char *overlong; /* the line's first word too long for its buffer, or NULL */
} cursor;

static carc_result perr(carc_engine *e, const parse_aux *a, int line, int col, const char *fmt, ...) {
  char what[ERR_CAP];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  return (carc_result)engine_fail(e, CARC_ERR_PARSE, "%s:%d:%d: %s", a->origin, line, col, what);
}

static int col_of(const cursor *c, const char *at) { return column_of(c->line, at); }
static bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }
static bool at_end(const char *p) { return *p == '\0' || *p == '\n' || *p == '#'; }

static void skip_blanks(cursor *c) {
  while (blank(*c->p)) c->p++;
}

/* Reads one word into buf; returns its start or NULL at the line's end. A
 * word that does not fit reads as empty, which no directive takes, and is
 * kept in c->overlong for the error (cut, "5,000...03" would read as 5,0). */
static const char *word(cursor *c, char *buf, size_t cap) {
  skip_blanks(c);
  if (at_end(c->p)) return NULL;
  const char *s = c->p;
  size_t n = 0;
  while (!blank(*c->p) && !at_end(c->p)) {
    if (n + 1 < cap) buf[n++] = *c->p;
    c->p++;
  }
  if ((size_t)(c->p - s) >= cap) {
    n = 0;
    if (!c->overlong) c->overlong = s;
  }
  buf[n] = '\0';
  return s;
}

/* The rest of the line (a name), trimmed. */
/* How many of the `len` bytes of s fit in `cap` bytes with a NUL: a text
 * too long is cut before the character that does not fit, never inside one
 * (s[n], the first byte left out, is then no UTF-8 continuation 10xxxxxx). */
static size_t fitting(const char *s, size_t len, size_t cap) {
  if (len < cap) return len;
  size_t n = cap - 1;
  while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
  return n;
}

static void rest(cursor *c, char *buf, size_t cap) {
  skip_blanks(c);
  const char *from = c->p;
  while (!at_end(c->p)) c->p++;
  size_t n = fitting(from, (size_t)(c->p - from), cap);
  memcpy(buf, from, n);
  while (n && blank(buf[n - 1])) n--;
  buf[n] = '\0';
}

/* Copies a name, cut to fit (between characters). */
static void set_name(char *dst, size_t cap, const char *src) {
  const size_t n = fitting(src, strlen(src), cap);
  memcpy(dst, src, n);
  dst[n] = '\0';
}

static bool parse_int(const char *s, int lo, int hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || *end || v < lo || v > hi) return false;
  *out = (int)v;
  return true;
}

static bool parse_xy(const char *s, int *x, int *y) {
  char *end;
  long a = strtol(s, &end, 10);
  if (end == s || *end != ',') return false;
  const char *t = end + 1;
  long b = strtol(t, &end, 10);
  if (end == t || *end || a < -999 || a > 999 || b < -999 || b > 999) return false;
  *x = (int)a;
  *y = (int)b;
  return true;
}

/* WxH, each lo..hi (strtol, not sscanf: a huge number is refused, not cut). */
static bool parse_size(const char *s, int lo, int hi, int *w, int *h) {
  char *end;
  long a = strtol(s, &end, 10);
  if (end == s || *end != 'x') return false;
  const char *t = end + 1;
  long b = strtol(t, &end, 10);
  if (end == t || *end || a < lo || a > hi || b < lo || b > hi) return false;
  *w = (int)a;
  *h = (int)b;
  return true;
}

static int parse_dir(const char *s) {
  if (s[0] && !s[1])
    for (int d = 0; d < 4; d++)
      if (s[0] == edge_letters[d]) return d;
  return -1;
}

static bool on_grid(const map_shape *m, int x, int y) { return (unsigned)x < (unsigned)m->w && (unsigned)y < (unsigned)m->h; }

static int sq_kind(const map_shape *m, int x, int y) {
  return on_grid(m, x, y) ? m->sq[y][x].kind : CARC_SQ_NONE;
}

/* Which end of printed piece l lies on edge d of square (x, y): 1 for a
 * ferry route's second end, else 0 (a piece abroad has one). A piece's end
 * k lies on its printed tile's side N (k = 0) or S (k = 1). */
static int link_end(const map_link *l, int x, int y, int d) {
  return l->kind == LINK_FERRY && l->x[1] == x && l->y[1] == y && l->d[1] == d;
}

/* Squares that take a tile (some only once opened). */
static bool takes_tile(int kind) {
  return kind == CARC_SQ_LAND || kind == CARC_SQ_TOWN || kind == CARC_SQ_START || kind == CARC_SQ_ISLAND;
}

static int square_symbol(char ch, int *arms) {
  *arms = 0;
  switch (ch) {
    case '.': return CARC_SQ_LAND;
    case 't': return CARC_SQ_TOWN;
    case '~': return CARC_SQ_NONE;
    case 'w': return CARC_SQ_WAVES;
    case 'h': return CARC_SQ_HIGHLIGHT;
    case 'i': return CARC_SQ_ISLAND;
    case ':': return CARC_SQ_HALF;
    default: break;
  }
  if (ch >= '1' && ch <= '9') {
    *arms = ch - '0';
    return CARC_SQ_ISLAND;
  }
  if (ch >= 'A' && ch <= 'Z') return CARC_SQ_CITY;
  return -1;
}

/* The printed pieces a map's directives have declared so far. */
static int printed_count(const map_shape *m) {
  int n = m->nlinks;
  for (int i = 0; i < m->ncities; i++) n += m->cities[i].w * m->cities[i].h;
  return n;
}

static int add_name(map_shape *m, const char *name) {
  if (!name[0] || m->nnames >= MAP_MAX_NAMES) return -1;
  set_name(m->names[m->nnames], MAP_NAME, name);
  return m->nnames++;
}

/* The grid: rows of one character per square (blanks ignored) up to 'end'. */
static carc_result parse_grid(carc_engine *e, map_shape *m, parse_aux *a, cursor *c, const char *text_end) {
  int gl = c->lineno;
  for (;;) {
    /* next line */
    while (*c->p && *c->p != '\n') c->p++;
    if (!*c->p || c->p >= text_end) return perr(e, a, gl, 1, "'grid' has no closing 'end'");
    c->p++;
    c->line = c->p;
    c->lineno = count_on(c->lineno);
    skip_blanks(c);
    if (at_end(c->p)) continue;
    if (!strncmp(c->p, "end", 3) && (at_end(c->p + 3) || blank(c->p[3]))) break;
    if (m->h >= MAP_MAX_H) return perr(e, a, c->lineno, 1, "a map has at most %d rows", MAP_MAX_H);
    int y = m->h, x = 0;
    a->row_line[y] = c->lineno;
    for (; !at_end(c->p); c->p++) {
      if (blank(*c->p)) continue;
      int arms, k = square_symbol(*c->p, &arms);
      if (k < 0) { /* the whole character: the text is UTF-8 (checked as it was read) */
        const int bytes = utf8_len((const unsigned char *)c->p);
        return perr(e, a, c->lineno, col_of(c, c->p),
                    "unknown symbol '%.*s' (. land, t town, ~ sea, w waves, h highlight, i or 1-9 island, "
                    ": half square, A-Z large city)", bytes > 0 ? bytes : 1, c->p);
      }
      if (x >= MAP_MAX_W) return perr(e, a, c->lineno, col_of(c, c->p), "a map has at most %d columns", MAP_MAX_W);
      map_square *s = &m->sq[y][x];
      s->kind = (uint8_t)k;
      s->town = k == CARC_SQ_TOWN;
      s->arms = (uint8_t)arms;
      s->city = -1; /* its index once its 'city' line is read */
      s->start = s->name = -1;
      memset(s->link, -1, sizeof s->link);
      a->letter[y][x] = k == CARC_SQ_CITY ? *c->p : 0;
      a->col[y][x] = col_of(c, c->p);
      x++;
    }
    if (y == 0) m->w = x;
    else if (x != m->w)
      return perr(e, a, c->lineno, col_of(c, c->p), "row %d has %d squares; the first row has %d", y, x, m->w);
    m->h++;
  }
  if (m->h == 0) return perr(e, a, gl, 1, "the grid is empty");
  return CARC_OK;
}

/* A word of a directive that did not fit its buffer (word). */
static carc_result overlong(carc_engine *e, const parse_aux *a, const cursor *c) {
  return perr(e, a, c->lineno, col_of(c, c->overlong), "a word of 64 bytes or more: no directive takes one");
}

static carc_result need(carc_engine *e, const parse_aux *a, const cursor *c, const char *at, const char *what) {
  if (c->overlong && (!at || c->overlong <= at)) return overlong(e, a, c); /* a word before it failed first */
  return perr(e, a, c->lineno, at ? col_of(c, at) : col_of(c, c->p), "expected %s", what);
}

/* A map is UTF-8 text without control characters (tabs and line ends
 * aside, a CR only before its LF): its names reach the terminal, the SVG and
 * saves as they are. */
static carc_result check_text(carc_engine *e, const char *text, const parse_aux *a) {
  int line = 1;
  const char *line_start = text;
  for (const unsigned char *s = (const unsigned char *)text; *s;) {
    const unsigned char ch = *s;
    const int col = column_of(line_start, (const char *)s);
    if (ch == '\n') {
      line = count_on(line);
      line_start = (const char *)++s;
      continue;
    }
    const int n = utf8_len(s);
    if (n == 0) return perr(e, a, line, col, "not UTF-8 (byte 0x%02X): a map is UTF-8 text", ch);
    if (utf8_control(s, n) && ch != '\t' && !(ch == '\r' && s[1] == '\n'))
      return perr(e, a, line, col, "a control character: a map is text");
    s += n;
  }
  return CARC_OK;
}

static carc_result parse_text(carc_engine *e, const char *text, map_shape *m, parse_aux *a) {
  memset(m, 0, sizeof *m);
  text = past_bom(text);
  if (check_text(e, text, a) != CARC_OK) return CARC_ERR_PARSE;
  m->starts_used = 0;
  cursor c = {text, text, 1, NULL};
  const char *end = text + strlen(text);
  bool grid = false;
  char w[64], name[MAP_NAME * 2];
  /* directives after the grid refer to it: remember their lines for a second pass */
  const char *later[512];
  int later_line[512], nlater = 0;
  while (*c.p) {
    c.line = c.p;
    c.overlong = NULL;
    skip_blanks(&c);
    const char *at = word(&c, w, sizeof w);
    if (c.overlong) return overlong(e, a, &c);
    if (at) {
      if (!strcmp(w, "grid")) {
        if (grid) return perr(e, a, c.lineno, col_of(&c, at), "a second 'grid'");
        grid = true;
        carc_result r = parse_grid(e, m, a, &c, end);
        if (r != CARC_OK) return r;
      } else if (!strcmp(w, "name")) {
        rest(&c, name, sizeof name);
        if (!name[0]) return need(e, a, &c, NULL, "a map name");
        set_name(m->name, sizeof m->name, name);
      } else if (!strcmp(w, "join")) {
        a->join_line = c.lineno;
        return perr(e, a, c.lineno, col_of(&c, at),
                    "'join' belongs in a pair file, which the program reads (give the engine the two maps)");
      } else if (!strcmp(w, "tiles") || !strcmp(w, "starts") || !strcmp(w, "followers") ||
                 !strcmp(w, "start") || !strcmp(w, "town") || !strcmp(w, "city") ||
                 !strcmp(w, "edge") || !strcmp(w, "abroad") || !strcmp(w, "ferry")) {
        if (nlater >= 512) return perr(e, a, c.lineno, 1, "at most 512 directive lines besides name and grid");
        later[nlater] = c.line;
        later_line[nlater++] = c.lineno;
      } else {
        return perr(e, a, c.lineno, col_of(&c, at),
                    "unknown directive '%s' (name, tiles, starts, followers, grid, start, town, city, "
                    "edge, abroad, ferry)", w);
      }
    }
    while (*c.p && *c.p != '\n') c.p++;
    if (*c.p) c.p++;
    c.lineno = count_on(c.lineno);
  }
  if (!grid) return perr(e, a, c.lineno, 1, "the map has no 'grid'");
  if (!m->name[0]) return perr(e, a, 1, 1, "the map has no 'name'");
  /* second pass: directives that name squares */
  for (int i = 0; i < nlater; i++) {
    cursor d = {later[i], later[i], later_line[i], NULL};
    const char *at = word(&d, w, sizeof w);
    char t1[64], t2[64], t3[64], t4[64];
    const char *a1, *a2, *a3, *a4;
    int x, y;
    if (!strcmp(w, "tiles")) {
      a1 = word(&d, t1, sizeof t1);
      a2 = word(&d, t2, sizeof t2);
      if (!a1 || !parse_int(t1, 1, CARC_MAX_BOARD_TILES, &m->tiles_min)) return need(e, a, &d, a1, "a tile count");
      if (!a2 || !parse_int(t2, m->tiles_min, CARC_MAX_BOARD_TILES, &m->tiles_max))
        return need(e, a, &d, a2, "the largest tile count (not below the smallest)");
    } else if (!strcmp(w, "starts")) {
      a1 = word(&d, t1, sizeof t1);
      a->starts_line = d.lineno;
      a->starts_col = a1 ? col_of(&d, a1) : 1;
      if (!a1 || !parse_int(t1, 1, MAP_MAX_STARTS, &m->starts_used)) return need(e, a, &d, a1, "how many start squares are used");
    } else if (!strcmp(w, "followers")) {
      a1 = word(&d, t1, sizeof t1);
      if (!a1 || !parse_int(t1, 1, 16, &m->followers)) return need(e, a, &d, a1, "a follower count from 1 to 16");
    } else if (!strcmp(w, "start") || !strcmp(w, "town")) {
      a1 = word(&d, t1, sizeof t1);
      if (!a1 || !parse_xy(t1, &x, &y)) return need(e, a, &d, a1, "a square as X,Y");
      rest(&d, name, sizeof name);
      if (!on_grid(m, x, y))
        return perr(e, a, d.lineno, col_of(&d, a1), "%s square (%d,%d) is off the grid (x 0..%d, y 0..%d)",
                    w, x, y, m->w - 1, m->h - 1);
      map_square *s = &m->sq[y][x];
      if (w[1] == 't') { /* start */
        if (s->kind != CARC_SQ_LAND && s->kind != CARC_SQ_TOWN)
          return perr(e, a, d.lineno, col_of(&d, a1), "start square (%d,%d) is %s, not land", x, y, sq_names[s->kind]);
        if (s->start >= 0) return perr(e, a, d.lineno, col_of(&d, a1), "(%d,%d) is already a start square", x, y);
        if (m->nstart >= MAP_MAX_STARTS) return perr(e, a, d.lineno, 1, "at most %d start squares", MAP_MAX_STARTS);
        s->start = (int8_t)m->nstart;
        a->start_line[m->nstart] = d.lineno;
        a->start_col[m->nstart] = col_of(&d, a1);
        m->start_x[m->nstart] = (int16_t)x;
        m->start_y[m->nstart++] = (int16_t)y;
        s->kind = CARC_SQ_START;
      } else if (s->kind != CARC_SQ_TOWN) {
        return perr(e, a, d.lineno, col_of(&d, a1), "square (%d,%d) is %s, not a town (t)", x, y, sq_names[s->kind]);
      }
      if (name[0] && s->name >= 0) { /* named again: the last name holds, in the same slot */
        set_name(m->names[s->name], MAP_NAME, name);
      } else if (name[0] && (s->name = (int8_t)add_name(m, name)) < 0) {
        return perr(e, a, d.lineno, col_of(&d, a1), "at most %d squares have names", MAP_MAX_NAMES);
      } else if (name[0]) {
        a->name_line[s->name] = d.lineno;
      }
    } else if (!strcmp(w, "city")) {
      /* city LETTER WxH X,Y arms N NAME */
      a1 = word(&d, t1, sizeof t1);
      if (!a1 || t1[1] || t1[0] < 'A' || t1[0] > 'Z') return need(e, a, &d, a1, "a capital letter naming the large city");
      a2 = word(&d, t2, sizeof t2);
      int cw, ch;
      if (!a2 || !parse_size(t2, 1, 8, &cw, &ch))
        return need(e, a, &d, a2, "a size as WxH (1 to 8 each)");
      a3 = word(&d, t3, sizeof t3);
      if (!a3 || !parse_xy(t3, &x, &y)) return need(e, a, &d, a3, "the top-left square as X,Y");
      a4 = word(&d, t4, sizeof t4);
      int arms = 0;
      if (a4 && !strcmp(t4, "arms")) {
        const char *a5 = word(&d, t4, sizeof t4);
        if (!a5 || !parse_int(t4, 0, 99, &arms)) return need(e, a, &d, a5, "a number of coats of arms");
      } else if (a4) {
        d.p = a4;
      }
      rest(&d, name, sizeof name);
      for (int k = 0; k < m->ncities; k++)
        if (m->cities[k].letter == t1[0]) return perr(e, a, d.lineno, col_of(&d, a1), "large city %c is declared twice", t1[0]);
      if (m->ncities >= MAP_MAX_CITIES) return perr(e, a, d.lineno, 1, "too many large cities");
      int inside = 0, total = 0;
      for (int yy = 0; yy < m->h; yy++)
        for (int xx = 0; xx < m->w; xx++) {
          if (a->letter[yy][xx] != t1[0]) continue;
          total++;
          inside += xx >= x && xx < x + cw && yy >= y && yy < y + ch;
        }
      if (printed_count(m) + cw * ch > MAP_MAX_PRINTED)
        return perr(e, a, d.lineno, col_of(&d, a2), "at most %d printed pieces: large-city squares, border "
                    "pieces and ferries", MAP_MAX_PRINTED);
      if (cw * ch < 2 || inside != cw * ch || total != cw * ch)
        return perr(e, a, d.lineno, col_of(&d, a2),
                    "large city %c does not fit its squares: %dx%d at (%d,%d) but the grid has %d '%c' "
                    "squares, %d of them there (a large city covers at least 2 squares)", t1[0], cw, ch, x, y,
                    total, t1[0], inside);
      map_city *cy = &m->cities[m->ncities];
      cy->letter = t1[0];
      cy->x = (int16_t)x;
      cy->y = (int16_t)y;
      cy->w = (int16_t)cw;
      cy->h = (int16_t)ch;
      cy->arms = (uint8_t)arms;
      set_name(cy->name, sizeof cy->name, name);
      for (int yy = y; yy < y + ch; yy++)
        for (int xx = x; xx < x + cw; xx++) m->sq[yy][xx].city = (int8_t)m->ncities;
      a->city_line[m->ncities++] = d.lineno;
    } else if (!strcmp(w, "edge")) {
      /* edge X,Y D road|city: an outer edge of a large-city square */
      a1 = word(&d, t1, sizeof t1);
      a2 = word(&d, t2, sizeof t2);
      a3 = word(&d, t3, sizeof t3);
      int dd;
      if (!a1 || !parse_xy(t1, &x, &y)) return need(e, a, &d, a1, "a square as X,Y");
      if (!a2 || (dd = parse_dir(t2)) < 0) return need(e, a, &d, a2, "an edge N, E, S or W");
      if (!a3 || (strcmp(t3, "road") && strcmp(t3, "city"))) return need(e, a, &d, a3, "road or city");
      if (sq_kind(m, x, y) != CARC_SQ_CITY)
        return perr(e, a, d.lineno, col_of(&d, a1), "square (%d,%d) is not part of a large city", x, y);
      int nx = x + dx_of(dd), ny = y + dy_of(dd);
      if (sq_kind(m, nx, ny) == CARC_SQ_CITY && a->letter[ny][nx] == a->letter[y][x])
        return perr(e, a, d.lineno, col_of(&d, a2), "edge %c of (%d,%d) lies inside the large city", edge_letters[dd], x, y);
      a->cedge[y][x][dd] = t3[0] == 'r' ? 1 : 2;
      a->cedge_line[y][x][dd] = d.lineno;
      a->cedge_col[y][x][dd] = col_of(&d, a2);
    } else if (!strcmp(w, "abroad") || !strcmp(w, "ferry")) {
      bool ferry = w[0] == 'f';
      int ends = ferry ? 2 : 1, xs[2], ys[2], ds[2], kind = LINK_FERRY, ecol[2] = {1, 1};
      for (int k = 0; k < ends; k++) {
        a1 = word(&d, t1, sizeof t1);
        if (!a1 || !parse_xy(t1, &xs[k], &ys[k])) return need(e, a, &d, a1, "a square as X,Y");
        a2 = word(&d, t2, sizeof t2);
        if (!a2 || (ds[k] = parse_dir(t2)) < 0) return need(e, a, &d, a2, "an edge N, E, S or W");
        ecol[k] = col_of(&d, a2);
        int sk = sq_kind(m, xs[k], ys[k]);
        if (!takes_tile(sk) && sk != CARC_SQ_HALF)
          return perr(e, a, d.lineno, col_of(&d, a1), ferry
                      ? "a ferry to nowhere: its end (%d,%d) is %s, not a square a tile can take"
                      : "a printed border segment with no square next to it: (%d,%d) is %s", xs[k], ys[k],
                      sq_names[sk]);
        int bk = sq_kind(m, xs[k] + dx_of(ds[k]), ys[k] + dy_of(ds[k]));
        if (takes_tile(bk) || bk == CARC_SQ_CITY)
          return perr(e, a, d.lineno, col_of(&d, a2), "edge %c of (%d,%d) faces another square, not the border or the sea",
                      edge_letters[ds[k]], xs[k], ys[k]);
        if (m->sq[ys[k]][xs[k]].link[ds[k]] >= 0)
          return perr(e, a, d.lineno, col_of(&d, a2), "edge %c of (%d,%d) already carries a printed piece",
                      edge_letters[ds[k]], xs[k], ys[k]);
      }
      if (!ferry) {
        a3 = word(&d, t3, sizeof t3);
        if (!a3 || (strcmp(t3, "road") && strcmp(t3, "city"))) return need(e, a, &d, a3, "road or city");
        kind = t3[0] == 'r' ? LINK_ROAD : LINK_CITY;
      } else if (xs[0] == xs[1] && ys[0] == ys[1]) {
        return perr(e, a, d.lineno, col_of(&d, at), "a ferry joins two different squares");
      }
      int arms = 0;
      a4 = word(&d, t4, sizeof t4);
      if (a4 && !strcmp(t4, "arms")) {
        const char *a5 = word(&d, t4, sizeof t4);
        if (!a5 || !parse_int(t4, 0, 99, &arms)) return need(e, a, &d, a5, "a number of coats of arms");
      } else if (a4) {
        d.p = a4;
      }
      rest(&d, name, sizeof name);
      if (m->nlinks >= MAP_MAX_LINKS) return perr(e, a, d.lineno, 1, "at most %d printed border pieces and ferries", MAP_MAX_LINKS);
      if (printed_count(m) >= MAP_MAX_PRINTED)
        return perr(e, a, d.lineno, 1, "at most %d printed pieces: large-city squares, border pieces and ferries",
                    MAP_MAX_PRINTED);
      a->link_line[m->nlinks] = d.lineno;
      a->link_col[m->nlinks][0] = ecol[0];
      a->link_col[m->nlinks][1] = ecol[1];
      map_link *l = &m->links[m->nlinks];
      l->kind = (uint8_t)kind;
      l->arms = (uint8_t)arms;
      for (int k = 0; k < ends; k++) {
        l->x[k] = (int16_t)xs[k];
        l->y[k] = (int16_t)ys[k];
        l->d[k] = (uint8_t)ds[k];
        m->sq[ys[k]][xs[k]].link[ds[k]] = (int8_t)m->nlinks;
      }
      if (!ferry) {
        l->x[1] = -1;
        l->y[1] = -1;
      }
      set_name(l->name, sizeof l->name, name);
      m->nlinks++;
    }
    if (!strcmp(w, "tiles") || !strcmp(w, "starts") || !strcmp(w, "followers")) {
      char extra[64];
      const char *ax = word(&d, extra, sizeof extra);
      if (d.overlong) return overlong(e, a, &d);
      if (ax) return perr(e, a, d.lineno, col_of(&d, ax), "unexpected '%s'", extra);
    }
  }
  /* every large-city letter in the grid must be declared */
  for (int y = 0; y < m->h; y++)
    for (int x = 0; x < m->w; x++) {
      map_square *s = &m->sq[y][x];
      if (s->kind == CARC_SQ_CITY && (s->city < 0 || s->city >= m->ncities || m->cities[s->city].letter == 0 ||
                                      x < m->cities[s->city].x || y < m->cities[s->city].y ||
                                      x >= m->cities[s->city].x + m->cities[s->city].w ||
                                      y >= m->cities[s->city].y + m->cities[s->city].h))
        return perr(e, a, a->row_line[y], a->col[y][x], "large city square '%c' has no 'city' line", a->letter[y][x]);
    }
  /* two large cities side by side: what each shows the other must match */
  for (int y = 0; y < m->h; y++)
    for (int x = 0; x < m->w; x++)
      for (int d = 0; d < 4; d++) {
        const int nx = x + dx_of(d), ny = y + dy_of(d), back = (d + 2) % 4;
        if (m->sq[y][x].kind != CARC_SQ_CITY || sq_kind(m, nx, ny) != CARC_SQ_CITY ||
            m->sq[ny][nx].city == m->sq[y][x].city || a->cedge[y][x][d] == a->cedge[ny][nx][back])
          continue;
        static const char *const shows[] = {"a field", "a road", "a city"};
        const bool here = a->cedge_line[y][x][d] != 0; /* the declared one; the other is a field */
        return perr(e, a, here ? a->cedge_line[y][x][d] : a->cedge_line[ny][nx][back],
                    here ? a->cedge_col[y][x][d] : a->cedge_col[ny][nx][back],
                    "edge %c of (%d,%d) shows %s to large city %c beside it, which shows %s back",
                    edge_letters[here ? d : back], here ? x : nx, here ? y : ny,
                    shows[here ? a->cedge[y][x][d] : a->cedge[ny][nx][back]], m->cities[m->sq[here ? ny : y][here ? nx : x].city].letter,
                    shows[here ? a->cedge[ny][nx][back] : a->cedge[y][x][d]]);
      }
  if (m->nstart == 0) return perr(e, a, 1, 1, "the map has no start square ('start X,Y NAME')");
  if (m->starts_used == 0) m->starts_used = m->nstart < 2 ? m->nstart : 2;
  if (m->starts_used > m->nstart)
    return perr(e, a, a->starts_line ? a->starts_line : 1, a->starts_line ? a->starts_col : 1,
                "'starts %d' but the map has %d start squares", m->starts_used, m->nstart);
  return CARC_OK;
}

/* The joined map's limits, each refused at the east map's line that passes
 * it (the west map's items count first). */
static carc_result join_limits(carc_engine *e, const map_shape *wm, const parse_aux *wa, const map_shape *em,
                               const parse_aux *ea) {
  static const char joined[] = "joined to %s, the map has more than %d %s";
  const struct {
    int west, east, most;
    const int *lines; /* the east map's line of each */
    const char *what;
  } counts[] = {{wm->ncities, em->ncities, MAP_MAX_CITIES, ea->city_line, "large cities"},
                {wm->nlinks, em->nlinks, MAP_MAX_LINKS, ea->link_line, "border pieces and ferries"},
                {wm->nstart, em->nstart, MAP_MAX_STARTS, ea->start_line, "start squares"},
                {wm->nnames, em->nnames, MAP_MAX_NAMES, ea->name_line, "named squares"}};
  for (size_t i = 0; i < sizeof counts / sizeof *counts; i++)
    if (counts[i].west + counts[i].east > counts[i].most)
      return perr(e, ea, counts[i].lines[counts[i].most - counts[i].west], 1, joined, wa->origin, counts[i].most,
                  counts[i].what);
  int printed = printed_count(wm), line = 0;
  while (printed <= MAP_MAX_PRINTED) { /* the east map's cities and pieces in the order of their lines */
    int next = INT_MAX, add = 0;
    for (int i = 0; i < em->ncities; i++)
      if (ea->city_line[i] > line && ea->city_line[i] < next) next = ea->city_line[i], add = em->cities[i].w * em->cities[i].h;
    for (int i = 0; i < em->nlinks; i++)
      if (ea->link_line[i] > line && ea->link_line[i] < next) next = ea->link_line[i], add = 1;
    if (next == INT_MAX) return CARC_OK;
    printed += add;
    line = next;
  }
  return perr(e, ea, line, 1, joined, wa->origin, MAP_MAX_PRINTED,
              "printed pieces (large-city squares, border pieces and ferries)");
}

/* Two maps side by side: the west one's last column and the east one's
 * first column are half squares that make whole squares together. */
static carc_result join_maps(carc_engine *e, map_shape *out, const map_shape *wm, const parse_aux *wa,
                             const map_shape *em, const parse_aux *ea) {
  if (wm->h != em->h)
    return perr(e, ea, ea->row_line[0], 1, "the halves do not line up: %s has %d rows, %s has %d", wa->origin,
                wm->h, ea->origin, em->h);
  int halves = 0;
  for (int y = 0; y < wm->h; y++) {
    bool hw = wm->sq[y][wm->w - 1].kind == CARC_SQ_HALF, he = em->sq[y][0].kind == CARC_SQ_HALF;
    bool sw = wm->sq[y][wm->w - 1].kind != CARC_SQ_NONE, se = em->sq[y][0].kind != CARC_SQ_NONE;
    if (hw != he || (!hw && (sw || se))) {
      const parse_aux *a = hw ? ea : wa;
      int x = hw ? 0 : wm->w - 1;
      return perr(e, a, a->row_line[y], a->col[y][x],
                  "the halves do not line up: row %d is a half square on one map and %s on the other "
                  "(the joining columns hold only half squares and sea)", y,
                  sq_names[hw ? em->sq[y][0].kind : wm->sq[y][wm->w - 1].kind]);
    }
    halves += hw;
  }
  if (!halves) return perr(e, wa, wa->row_line[0], 1, "%s and %s share no half squares", wa->origin, ea->origin);
  if (wm->w + em->w - 1 > MAP_MAX_W) /* at the east map's first square beyond the width */
    return perr(e, ea, ea->row_line[0], ea->col[0][MAP_MAX_W - wm->w + 1], "joined to %s, the map is wider than %d",
                wa->origin, MAP_MAX_W);
  *out = *wm;
  char joined[sizeof out->name * 2 + 4];
  memcpy(joined, wm->name, strlen(wm->name));
  memcpy(joined + strlen(wm->name), " + ", 3);
  memcpy(joined + strlen(wm->name) + 3, em->name, strlen(em->name) + 1);
  set_name(out->name, sizeof out->name, joined);
  int ox = wm->w - 1;
  out->w = wm->w + em->w - 1;
  for (int y = 0; y < em->h; y++)
    for (int x = 0; x < em->w; x++) {
      map_square s = em->sq[y][x];
      if (x == 0) {
        map_square *h = &out->sq[y][ox];
        if (h->kind == CARC_SQ_HALF) h->kind = CARC_SQ_LAND;
        for (int d = 0; d < 4; d++) {
          if (s.link[d] < 0) continue;
          if (h->link[d] >= 0) { /* both halves print a piece on this edge */
            const int j = s.link[d];
            return perr(e, ea, ea->link_line[j], ea->link_col[j][link_end(&em->links[j], 0, y, d)],
                        "edge %c of (0,%d) already carries a printed piece of %s once the halves are joined",
                        edge_letters[d], y, wa->origin);
          }
          h->link[d] = (int8_t)(s.link[d] + wm->nlinks);
        }
        continue;
      }
      if (s.city >= 0) s.city = (int8_t)(s.city + wm->ncities);
      if (s.start >= 0) s.start = (int8_t)(s.start + wm->nstart);
      if (s.name >= 0) s.name = (int8_t)(s.name + wm->nnames); /* the sum is checked below */
      for (int d = 0; d < 4; d++)
        if (s.link[d] >= 0) s.link[d] = (int8_t)(s.link[d] + wm->nlinks);
      out->sq[y][x + ox] = s;
    }
  carc_result r = join_limits(e, wm, wa, em, ea);
  if (r != CARC_OK) return r;
  for (int i = 0; i < em->ncities; i++) {
    map_city c = em->cities[i];
    c.x = (int16_t)(c.x + ox);
    out->cities[out->ncities++] = c;
  }
  for (int i = 0; i < em->nlinks; i++) {
    map_link l = em->links[i];
    for (int k = 0; k < 2; k++)
      if (l.x[k] >= 0) l.x[k] = (int16_t)(l.x[k] + ox);
    out->links[out->nlinks++] = l;
  }
  for (int i = 0; i < em->nstart; i++) {
    out->start_x[out->nstart] = (int16_t)(em->start_x[i] + ox);
    out->start_y[out->nstart++] = em->start_y[i];
  }
  for (int i = 0; i < em->nnames && out->nnames < MAP_MAX_NAMES; i++)
    memcpy(out->names[out->nnames++], em->names[i], MAP_NAME);
  out->tiles_min = wm->tiles_min + em->tiles_min;
  out->tiles_max = wm->tiles_max + em->tiles_max;
  out->starts_used = wm->nstart + em->nstart; /* both maps: every start square */
  if (em->followers > out->followers) out->followers = em->followers;
  /* a piece printed on a half square's outer edge faced the border; joined,
   * that edge may face the other map's land */
  for (int i = 0; i < out->nlinks; i++) {
    const map_link *l = &out->links[i];
    for (int k = 0; k < (l->kind == LINK_FERRY ? 2 : 1); k++) {
      const int bk = sq_kind(out, l->x[k] + dx_of(l->d[k]), l->y[k] + dy_of(l->d[k]));
      if (!takes_tile(bk) && bk != CARC_SQ_CITY) continue;
      const bool east = i >= wm->nlinks;
      const parse_aux *a = east ? ea : wa;
      const int j = east ? i - wm->nlinks : i;
      return perr(e, a, a->link_line[j], a->link_col[j][k],
                  "edge %c of (%d,%d) faces a square of the other map once the halves are joined, "
                  "not the border or the sea", edge_letters[l->d[k]], l->x[k] - (east ? ox : 0), l->y[k]);
    }
  }
  return CARC_OK;
}

/* ------------------------------------------------------ printed tiles */

/* Writes a "field:..." item for every maximal run of field ports (kind 0)
 * around the rim; a whole field edge is written as its letter. */
static void field_emit(const int kinds[12], const int *run, int nrun, char *out, size_t cap) {
  size_t n = strlen(out);
  n += (size_t)snprintf(out + n, cap - n, " field:");
  const char *sep = "";
  for (int i = 0; i < nrun; i++) {
    int p = run[i], edge = p / 3;
    bool whole = kinds[edge * 3] == 0 && kinds[edge * 3 + 1] == 0 && kinds[edge * 3 + 2] == 0;
    if (whole && p % 3 != 0) continue;
    n += (size_t)snprintf(out + n, cap - n, "%s%s", sep, port_name(whole ? edge * 3 + 1 : p));
    sep = ",";
  }
}

/* The field segments of a printed square whose twelve ports show kinds[]
 * (0 field): one a run of field ports between roads and cities; `apart`
 * also ends a run at each corner, so that every edge's field is its own. */
static void field_runs(const int kinds[12], bool apart, char *out, size_t cap) {
  int start = -1;
  for (int p = 0; p < 12 && start < 0; p++)
    if (kinds[p] != 0) start = p;
  if (start < 0) {
    size_t n = strlen(out);
    snprintf(out + n, cap - n, apart ? " field:N field:E field:S field:W" : " field:N,E,S,W");
    return;
  }
  int run[12], nrun = 0;
  for (int i = 1; i <= 12; i++) {
    int p = (start + i) % 12;
    if (apart && nrun && p % 3 == 0) { /* a corner: the run so far is one edge's */
      field_emit(kinds, run, nrun, out, cap);
      nrun = 0;
    }
    if (kinds[p] == 0) {
      run[nrun++] = p;
    } else if (nrun) {
      field_emit(kinds, run, nrun, out, cap);
      nrun = 0;
    }
  }
}

static carc_result define_printed(carc_engine *e, map_shape *m, const parse_aux *a, const char *tag,
                                  const char *notation, int x, int y, bool on_square) {
  char name[CARC_MAX_NAME];
  snprintf(name, sizeof name, "%s.%d.%d.%d", tag, m->nprinted, x, y);
  int t = carc_tile_type_find(e, name);
  if (t < 0) {
    const carc_result r = carc_tile_define(e, "map", name, 0, notation);
    if (r == CARC_ERR_MEMORY) return r; /* its message says so */
    if (r != CARC_OK) return perr(e, a, 1, 1, "printed piece at (%d,%d): %s", x, y, e->err);
    t = e->ntypes - 1;
    e->types[t].adhoc = 1;
  }
  if (m->nprinted >= (int)(sizeof m->printed / sizeof m->printed[0]))
    return perr(e, a, 1, 1, "too many printed pieces");
  map_printed *p = &m->printed[m->nprinted++];
  p->type = t;
  p->x = (int16_t)x;
  p->y = (int16_t)y;
  p->on_square = on_square;
  return CARC_OK;
}

/* Does free square (x, y) open like the plane's: is a tile beside it on
 * the frontier whenever one is? It does when it takes a tile and every tile
 * beside it would open it: no printed link on an edge between it and a
 * square that takes a tile, and no island square beside a square of another
 * land (an island square opens only from the island). Then, while it is
 * free, only printed pieces lie beside it, and what they demand of its tile
 * (map_need) is known before the game begins. */
static bool opens_like_plane(const map_shape *m, int x, int y) {
  if (!takes_tile(sq_kind(m, x, y))) return false;
  const map_square *q = &m->sq[y][x];
  for (int d = 0; d < 4; d++) {
    const int nx = x + dx_of(d), ny = y + dy_of(d), k = sq_kind(m, nx, ny);
    if (!takes_tile(k)) continue;
    if (q->link[d] >= 0 || m->sq[ny][nx].link[(d + 2) % 4] >= 0) return false;
    if ((q->kind == CARC_SQ_ISLAND) != (k == CARC_SQ_ISLAND)) return false;
  }
  return true;
}

/* How many of the eight squares around (x, y) a monastery needs filled:
 * those that take a tile and large-city squares. */
static int count_area_squares(const map_shape *m, int x, int y) {
  int n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      const int k = sq_kind(m, x + dx, y + dy);
      n += (dx || dy) && (takes_tile(k) || k == CARC_SQ_CITY);
    }
  return n;
}

static void set_after_mask(map_shape *m);
static void list_around_cities(map_shape *m);

/* The map's signal (a flag id + 1, or 0) and whether towns raise it (1;
 * 2: start squares too), with what depends on them: a square's side bits
 * (MAP_AFTER). */
void map_set_signal(map_shape *m, int signal, int towns) {
  m->signal = signal;
  m->signal_towns = towns;
  set_after_mask(m);
}

/* Which squares' tiles give map_after_place work: beside a large city
 * always; on an island with arms, or a town, when the map signals them. */
static void set_after_mask(map_shape *m) {
  m->after_mask = (uint8_t)(AFTER_CITY | (m->signal ? AFTER_ARMS : 0u) | (m->signal && m->signal_towns ? AFTER_TOWN : 0u) |
                            (m->signal && m->signal_towns > 1 ? AFTER_START : 0u));
  for (int y = 0; y < m->h; y++)
    for (int x = 0; x < m->w; x++) {
      map_square *q = &m->sq[y][x];
      q->sides = (uint16_t)(q->slow | (unsigned)q->closed << MAP_CLOSED_SHIFT | (q->after & m->after_mask ? MAP_AFTER : 0u));
    }
}

static carc_result make_printed(carc_engine *e, map_shape *m, const parse_aux *a,
                                const uint8_t (*cedge)[MAP_MAX_W][4]) {
  char nota[256];
  m->nprinted = 0;
  for (int ci = 0; ci < m->ncities; ci++) {
    const map_city *cy = &m->cities[ci];
    for (int y = cy->y; y < cy->y + cy->h; y++)
      for (int x = cy->x; x < cy->x + cy->w; x++) {
        int kinds[12]; /* 0 field, 1 road, 2 city */
        for (int d = 0; d < 4; d++) {
          int nx = x + dx_of(d), ny = y + dy_of(d);
          bool inner = on_grid(m, nx, ny) && m->sq[ny][nx].kind == CARC_SQ_CITY && m->sq[ny][nx].city == ci;
          int k = inner ? 2 : cedge[y][x][d];
          kinds[d * 3] = kinds[d * 3 + 2] = k == 2 ? 2 : 0;
          kinds[d * 3 + 1] = k;
        }
        size_t n = (size_t)snprintf(nota, sizeof nota, "city:");
        const char *sep = "";
        for (int d = 0; d < 4; d++)
          if (kinds[d * 3 + 1] == 2) {
            n += (size_t)snprintf(nota + n, sizeof nota - n, "%s%c", sep, edge_letters[d]);
            sep = ",";
          }
        if (x == cy->x && y == cy->y && cy->arms)
          n += (size_t)snprintf(nota + n, sizeof nota - n, "+arms=%d", cy->arms);
        for (int d = 0; d < 4; d++)
          if (kinds[d * 3 + 1] == 1) n += (size_t)snprintf(nota + n, sizeof nota - n, " road:%c", edge_letters[d]);
        field_runs(kinds, e->map_fields == CARC_MAP_FIELDS_APART, nota, sizeof nota);
        char tag[16];
        snprintf(tag, sizeof tag, "map.%c", cy->letter);
        carc_result r = define_printed(e, m, a, tag, nota, x, y, true);
        if (r != CARC_OK) return r;
      }
  }
  for (int i = 0; i < m->nlinks; i++) {
    map_link *l = &m->links[i];
    char arms[16] = "";
    if (l->arms) snprintf(arms, sizeof arms, "+arms=%d", l->arms);
    if (l->kind == LINK_ROAD) snprintf(nota, sizeof nota, "road:N%s field:Nr,E,S,W,Nl", arms);
    else if (l->kind == LINK_CITY) snprintf(nota, sizeof nota, "city:N%s field:E,S,W", arms);
    else snprintf(nota, sizeof nota, "road:N,S%s field:Nr,E,Sl field:Sr,W,Nl", arms);
    l->printed = (int16_t)m->nprinted;
    carc_result r = define_printed(e, m, a, l->kind == LINK_FERRY ? "map.ferry" : "map.abroad", nota,
                                   l->x[0], l->y[0], false);
    if (r != CARC_OK) return r;
    l->type = m->printed[m->nprinted - 1].type;
  }
  m->squares = m->halves = 0;
  for (int y = 0; y < m->h; y++)
    for (int x = 0; x < m->w; x++) {
      map_square *q = &m->sq[y][x];
      m->squares += takes_tile(q->kind);
      m->halves += q->kind == CARC_SQ_HALF;
      q->simple = takes_tile(q->kind) && q->kind != CARC_SQ_ISLAND;
      q->city_side = 0;
      for (int d = 0; d < 4; d++) {
        bool city = sq_kind(m, x + dx_of(d), y + dy_of(d)) == CARC_SQ_CITY;
        if (q->link[d] >= 0 || city) q->simple = 0;
        if (city) q->city_side |= (uint8_t)(1u << d);
      }
    }
  for (int y = 0; y < m->h; y++) /* once every square knows whether it is simple */
    for (int x = 0; x < m->w; x++) {
      map_square *q = &m->sq[y][x];
      q->after = (uint8_t)((q->city_side ? AFTER_CITY : 0) | (q->town ? AFTER_TOWN : 0) |
                           (q->kind == CARC_SQ_START ? AFTER_START : 0) |
                           (q->kind == CARC_SQ_ISLAND && q->arms ? AFTER_ARMS : 0));
      q->closed = q->slow = 0;
      q->plane_like = opens_like_plane(m, x, y);
      for (int d = 0; d < 4; d++) {
        const int nx = x + dx_of(d), ny = y + dy_of(d), k = sq_kind(m, nx, ny);
        if (q->link[d] < 0 && !takes_tile(k) && k != CARC_SQ_CITY) q->closed |= (uint8_t)(1u << d);
        else if (q->link[d] >= 0 || !opens_like_plane(m, nx, ny)) q->slow |= (uint8_t)(1u << d);
      }
      q->area_squares = (uint8_t)count_area_squares(m, x, y);
    }
  list_around_cities(m);
  set_after_mask(m);
  return CARC_OK;
}

static void template_free(carc_engine *e, map_template *t) {
  /* sizes as allocated: one byte more, so that an empty array is still a block */
  carc_mem(e, t->tiles, sizeof(board_tile) * (size_t)t->ntiles + 1, 0);
  carc_mem(e, t->faces, sizeof(tile_face) * (size_t)t->ntiles + 1, 0);
  carc_mem(e, t->segs, sizeof(seg_state) * (size_t)t->nsegs + 1, 0);
  carc_mem(e, t->seg_attr, sizeof(seg_attrs) * (size_t)t->nsegs + 1, 0);
  memset(t, 0, sizeof *t);
}

static void square_need(const carc_game *g, int x, int y, uint32_t *req, uint32_t *mask);

/* Places the printed pieces once on a scratch board and keeps that board:
 * every game of the engine starts from a copy of it. What they demand of
 * each square's tile is kept too (map_shape.need). */
static bool template_build(carc_engine *e) {
  map_shape *m = e->map;
  map_template *t = &m->tmpl;
  carc_game *g = carc_mem(e, NULL, 0, sizeof *g);
  if (!g) return false;
  memset(g, 0, sizeof *g);
  g->e = e;
  if (store_reserve(g, m->nprinted + 1, m->nprinted * CARC_MAX_SEGMENTS_PER_TILE + 1) != CARC_OK ||
      store_grid_cover(g, -1, -1, m->w, m->h) != CARC_OK) {
    store_free(g);
    carc_mem(e, g, sizeof *g, 0);
    return false;
  }
  g->nprinted = m->nprinted;
  for (int i = 0; i < m->nprinted; i++) {
    const map_printed *p = &m->printed[i];
    if (p->on_square) board_place(g, p->type, p->x, p->y, 0);
    else board_place_off(g, p->type, p->x, p->y);
  }
  /* A piece printed against a half square of a map played alone meets the
   * border there (no tile will ever lie on that square): its ports close, as
   * a tile's side facing the border does. Its ends lie on its N and S sides. */
  for (int i = 0; i < m->nlinks; i++) {
    const map_link *l = &m->links[i];
    for (int k = 0; k < (l->kind == LINK_FERRY ? 2 : 1); k++)
      if (!takes_tile(sq_kind(m, l->x[k], l->y[k]))) board_close_side(g, l->printed, k ? CARC_S : CARC_N);
  }
  /* A feature those closings complete (a route between two such squares) is
   * printed complete: it never scores, and no turn's scan of completed
   * features counts it as completed then. */
  for (int s = 0; s < g->nsegs; s++)
    if (feature_find(g, s) == s && feature_is_complete(g, s)) g->segs[s].flags |= SEG_SCORED;
  memset(m->need, 0, sizeof m->need);
  for (int y = 0; y < m->h; y++)
    for (int x = 0; x < m->w; x++)
      if (takes_tile(m->sq[y][x].kind)) square_need(g, x, y, &m->need[y + 1][x + 1].req, &m->need[y + 1][x + 1].mask);
  t->ntiles = g->ntiles;
  t->nsegs = g->nsegs;
  t->tiles = carc_mem(e, NULL, 0, sizeof(board_tile) * (size_t)g->ntiles + 1);
  t->faces = carc_mem(e, NULL, 0, sizeof(tile_face) * (size_t)g->ntiles + 1);
  t->segs = carc_mem(e, NULL, 0, sizeof(seg_state) * (size_t)g->nsegs + 1);
  t->seg_attr = carc_mem(e, NULL, 0, sizeof(seg_attrs) * (size_t)g->nsegs + 1);
  bool ok = t->tiles && t->faces && t->segs && t->seg_attr;
  if (ok) {
    memcpy(t->tiles, g->tiles, sizeof(board_tile) * (size_t)g->ntiles);
    memcpy(t->faces, g->tile_faces, sizeof(tile_face) * (size_t)g->ntiles);
    memcpy(t->segs, g->segs, sizeof(seg_state) * (size_t)g->nsegs);
    memcpy(t->seg_attr, g->seg_attr, sizeof(seg_attrs) * (size_t)g->nsegs);
  }
  store_free(g);
  carc_mem(e, g, sizeof *g, 0);
  return ok;
}

carc_result carc_engine_set_map(carc_engine *e, int n, const char *const *texts, const char *const *origins) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (n == 0) return (carc_result)engine_fail(e, CARC_ERR_ARGUMENT, "give one map, or two halves to join");
  if (n < 0 || n > 2 || !texts || !texts[0] || (n == 2 && !texts[1]))
    return (carc_result)engine_fail(e, CARC_ERR_ARGUMENT, "give one map, or two halves to join");
  if (e->map) return (carc_result)engine_fail(e, CARC_ERR_STATE, "the engine already has a map (%s)", e->map->name);
  if (engine_without_games(e, "map") != CARC_OK) return CARC_ERR_STATE;
  size_t shapes = (sizeof(map_shape) * 3 + 15) & ~(size_t)15; /* keep parse_aux aligned */
  size_t need = shapes + sizeof(parse_aux) * 2;
  char *mem = carc_mem(e, NULL, 0, need);
  if (!mem) return (carc_result)engine_fail(e, CARC_ERR_MEMORY, "out of memory reading a map");
  map_shape *m[3] = {(map_shape *)mem, (map_shape *)mem + 1, (map_shape *)mem + 2};
  parse_aux *a = (parse_aux *)(void *)(mem + shapes);
  memset(a, 0, sizeof(parse_aux) * 2);
  carc_result r = CARC_OK;
  int ntypes = e->ntypes;
  for (int i = 0; i < n && r == CARC_OK; i++) {
    a[i].origin = origins && origins[i] ? origins[i] : "map";
    r = parse_text(e, texts[i], m[i], &a[i]);
  }
  map_shape *use = m[0];
  const parse_aux *ua = &a[0];
  uint8_t (*cedge)[MAP_MAX_W][4] = a[0].cedge;
  if (r == CARC_OK && n == 2) {
    r = join_maps(e, m[2], m[0], &a[0], m[1], &a[1]);
    use = m[2];
    /* large-city outer edges of the east map move with it (only once the
     * join holds: a refused one may be wider than the grid) */
    const int ox = m[0]->w - 1;
    for (int y = 0; r == CARC_OK && y < m[1]->h; y++)
      for (int x = 1; x < m[1]->w; x++) memcpy(a[0].cedge[y][x + ox], a[1].cedge[y][x], 4);
  }
  if (r == CARC_OK) r = make_printed(e, use, ua, (const uint8_t (*)[MAP_MAX_W][4])cedge);
  map_shape *keep = r == CARC_OK ? carc_mem(e, NULL, 0, sizeof *keep) : NULL;
  if (!keep) { /* the printed pieces' types go too */
    types_rollback(e, ntypes);
    carc_mem(e, mem, need, 0);
    return r != CARC_OK ? r : (carc_result)engine_fail(e, CARC_ERR_MEMORY, "out of memory keeping a map");
  }
  *keep = *use;
  memset(&keep->tmpl, 0, sizeof keep->tmpl);
  e->map = keep;
  bool kept = template_build(e);
  int misfit = kept && e->start_type >= 0 ? map_start_misfit(e, e->start_type) : -1;
  if (kept && misfit >= 0) { /* named at its 'start' line: the west half's, or the east's after it */
    const int west = n == 2 ? m[0]->nstart : MAP_MAX_STARTS, half = misfit < west ? 0 : 1, i = misfit - half * west;
    perr(e, &a[half], a[half].start_line[i], a[half].start_col[i],
         "start square (%d,%d): the start tile %s fits it in no rotation (what is printed beside it rules each out)",
         e->map->start_x[misfit], e->map->start_y[misfit], e->types[e->start_type].name);
  }
  carc_mem(e, mem, need, 0);
  if (kept && misfit < 0) return CARC_OK;
  map_free(e);
  types_rollback(e, ntypes);
  return kept ? CARC_ERR_PARSE : (carc_result)engine_fail(e, CARC_ERR_MEMORY, "out of memory keeping a map");
}

/* The first start square that tile type `type` fits in no rotation, with
 * only the printed pieces around it (map_shape.need), or -1. */
int map_start_misfit(const carc_engine *e, int type) {
  const map_shape *m = e->map;
  const uint32_t *sig = e->types[type].sig;
  for (int i = 0; m && i < m->nstart; i++) {
    const map_need *nd = &m->need[m->start_y[i] + 1][m->start_x[i] + 1];
    bool fits = false;
    for (int r = 0; r < 4; r++) fits = fits || ((sig[r] ^ nd->req) & nd->mask) == 0;
    if (!fits) return i;
  }
  return -1;
}

carc_result carc_engine_map_setup(carc_engine *e, int followers, int tiles) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (!e->map) return (carc_result)engine_fail(e, CARC_ERR_STATE, "the engine has no map");
  if (engine_without_games(e, "carc_engine_map_setup") != CARC_OK) return CARC_ERR_STATE; /* a live game plays the map */
  if (followers < 0 || followers > CARC_MAX_MAP_FOLLOWERS)
    return (carc_result)engine_fail(e, CARC_ERR_ARGUMENT, "followers: %d is outside 1..%d (0 keeps the map's)", followers,
                                    CARC_MAX_MAP_FOLLOWERS);
  if (tiles < 0 || tiles > CARC_MAX_BOARD_TILES)
    return (carc_result)engine_fail(e, CARC_ERR_ARGUMENT, "tiles: %d is outside 1..%d (0 keeps the map's)", tiles, CARC_MAX_BOARD_TILES);
  if (followers) e->map->followers = followers;
  if (tiles) e->map->tiles_min = e->map->tiles_max = tiles;
  return CARC_OK;
}

carc_result carc_engine_map_fields(carc_engine *e, int mode) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (e->map)
    return (carc_result)engine_fail(e, CARC_ERR_STATE, "carc_engine_map_fields: the map (%s) is loaded already: "
                                    "set how its large cities join fields before it", e->map->name);
  if (mode != CARC_MAP_FIELDS_AROUND && mode != CARC_MAP_FIELDS_APART)
    return (carc_result)engine_fail(e, CARC_ERR_ARGUMENT, "carc_engine_map_fields: mode %d is neither "
                                    "CARC_MAP_FIELDS_AROUND (0) nor CARC_MAP_FIELDS_APART (1)", mode);
  e->map_fields = mode;
  return CARC_OK;
}

carc_result carc_engine_map_signal(carc_engine *e, int flag, int towns) {
  if (!e) return CARC_ERR_ARGUMENT;
  if (!e->map) return (carc_result)engine_fail(e, CARC_ERR_STATE, "the engine has no map");
  if (engine_without_games(e, "carc_engine_map_signal") != CARC_OK) return CARC_ERR_STATE;
  if (flag < -1 || flag >= e->nflags) return (carc_result)engine_fail(e, CARC_ERR_UNKNOWN, "no flag %d", flag);
  if (towns < 0 || towns > 2)
    return (carc_result)engine_fail(e, CARC_ERR_ARGUMENT, "towns is %d: 0 (none), 1 (towns) or 2 (towns and start squares)",
                                    towns);
  map_set_signal(e->map, flag + 1, towns);
  return CARC_OK;
}

void map_free(carc_engine *e) {
  if (e->map) template_free(e, &e->map->tmpl);
  if (e->map) carc_mem(e, e->map, sizeof *e->map, 0);
  e->map = NULL;
}

/* -------------------------------------------------------------- queries */

int carc_engine_map_info(const carc_engine *e, carc_map_info *out) {
  if (!e || !e->map) return 0;
  const map_shape *m = e->map;
  if (out) {
    memset(out, 0, sizeof *out);
    out->name = m->name;
    out->width = m->w;
    out->height = m->h;
    out->squares = m->squares;
    out->half_squares = m->halves;
    out->starts = m->nstart;
    out->starts_used = m->starts_used;
    out->tiles_min = m->tiles_min;
    out->tiles_max = m->tiles_max;
    out->followers = m->followers;
    out->large_cities = m->ncities;
    for (int i = 0; i < m->nlinks; i++) {
      out->ferries += m->links[i].kind == LINK_FERRY;
      out->abroad += m->links[i].kind != LINK_FERRY;
    }
    for (int y = 0; y < m->h; y++)
      for (int x = 0; x < m->w; x++) {
        out->islands += m->sq[y][x].kind == CARC_SQ_ISLAND;
        out->towns += m->sq[y][x].town;
      }
  }
  return 1;
}

int carc_map_square(const carc_engine *e, int x, int y) {
  if (!e || !e->map) return -1;
  return sq_kind(e->map, x, y);
}

int carc_map_square_town(const carc_engine *e, int x, int y) {
  if (!e || !e->map || !on_grid(e->map, x, y)) return 0;
  return e->map->sq[y][x].town;
}

int carc_map_square_arms(const carc_engine *e, int x, int y) {
  if (!e || !e->map || !on_grid(e->map, x, y)) return 0;
  return e->map->sq[y][x].arms;
}

const char *carc_map_square_name(const carc_engine *e, int x, int y) {
  if (!e || !e->map || !on_grid(e->map, x, y)) return NULL;
  const map_square *s = &e->map->sq[y][x];
  if (s->name >= 0) return e->map->names[s->name];
  if (s->city >= 0 && e->map->cities[s->city].name[0]) return e->map->cities[s->city].name;
  return NULL;
}

_Static_assert(LINK_ROAD + 1 == CARC_LINK_ROAD && LINK_CITY + 1 == CARC_LINK_CITY && LINK_FERRY + 1 == CARC_LINK_FERRY,
               "carc_map_link_at's kinds are the links' plus one");
int carc_map_link_at(const carc_engine *e, int x, int y, int edge, carc_map_link *out) {
  if (!e || !e->map || !on_grid(e->map, x, y) || edge < 0 || edge > 3 || e->map->sq[y][x].link[edge] < 0) return 0;
  const map_link *l = &e->map->links[e->map->sq[y][x].link[edge]];
  if (out) {
    const int end = link_end(l, x, y, edge), far = l->kind == LINK_FERRY ? 1 - end : end;
    *out = (carc_map_link){l->kind + 1, l->arms, l->x[far], l->y[far], l->d[far], l->name};
  }
  return 1;
}

const char *carc_map_square_kind_name(int kind) {
  return kind >= 0 && kind <= CARC_SQ_CITY ? sq_names[kind] : "?";
}

int map_followers(const carc_engine *e) { return e->map->followers ? e->map->followers : 7; }

int carc_board_printed_tiles(const carc_game *g) { return g ? g->nprinted : 0; }
int carc_game_last_tile(const carc_game *g) { return g ? g->last_tile : -1; }

carc_result carc_game_play_again(carc_game *g) {
  if (!g) return CARC_ERR_ARGUMENT;
  if (g->read_only) return txn_refuse(g); /* a turn hook may: not a handler or placement hook */
  txn_touch(g); /* a call that fails after this takes it back */
  g->s.again = 1;
  return CARC_OK;
}

/* ----------------------------------------------------- the board model */

/* The signature an edge of a free square must match, from what lies there. */
static void edge_need(const carc_game *g, int x, int y, int d, uint32_t *req, uint32_t *mask) {
  const map_shape *m = g->e->map;
  int nx = x + dx_of(d), ny = y + dy_of(d);
  int32_t v = board_square(g, nx, ny);
  uint32_t n;
  if (v >= 0) {
    const board_tile *bt = &g->tiles[v];
    n = (g->e->types[bt->type].sig[bt->rot] >> (8 * ((d + 2) % 4))) & 0x3F;
  } else if (on_grid(m, x, y) && m->sq[y][x].link[d] >= 0) {
    const map_link *l = &m->links[m->sq[y][x].link[d]];
    int le = link_end(l, x, y, d) ? CARC_S : CARC_N;
    n = (g->e->types[l->type].sig[0] >> (8 * le)) & 0x3F;
  } else {
    return;
  }
  uint32_t mirrored = ((n >> 4) & 3) | (n & (3 << 2)) | ((n & 3) << 4);
  *req |= mirrored << (8 * d);
  *mask |= 0x3Fu << (8 * d);
}

static void square_need(const carc_game *g, int x, int y, uint32_t *req, uint32_t *mask) {
  *req = *mask = 0;
  for (int d = 0; d < 4; d++) edge_need(g, x, y, d, req, mask);
}

/* Puts a free square on the frontier with what its neighbours demand. */
static void open_square(carc_game *g, int x, int y) {
  const map_shape *m = g->e->map;
  if (!takes_tile(sq_kind(m, x, y))) return;
  if (board_square(g, x, y) != -1) return; /* a tile, or on the frontier already */
  if (m->sq[y][x].plane_like) { /* no tile beside it (it would have opened it): printed pieces at most */
    frontier_add(g, x, y, m->need[y + 1][x + 1].req, m->need[y + 1][x + 1].mask);
    return;
  }
  uint32_t req, mask;
  square_need(g, x, y, &req, &mask);
  frontier_add(g, x, y, req, mask);
}

/* Every square around large city `ci` opens (a tile connected to it): the
 * list the map keeps, without the city's own squares and the sea. */
static void open_around_city(carc_game *g, int ci) {
  if (g->cities_opened & (1u << ci)) return; /* opening is idempotent: once is enough */
  g->cities_opened |= 1u << ci;
  const map_shape *m = g->e->map;
  for (int i = m->around_from[ci]; i < m->around_from[ci + 1]; i++)
    open_square(g, m->around[i] % MAP_MAX_W, m->around[i] / MAP_MAX_W);
}

/* map_shape.around: for each large city, the squares beside it that take a
 * tile, in the order its squares and their sides meet them, each once. */
static void list_around_cities(map_shape *m) {
  int n = 0;
  for (int ci = 0; ci < m->ncities; ci++) {
    const map_city *cy = &m->cities[ci];
    m->around_from[ci] = (int16_t)n;
    for (int y = cy->y; y < cy->y + cy->h; y++)
      for (int x = cy->x; x < cy->x + cy->w; x++)
        for (int d = 0; d < 4; d++) {
          const int nx = x + dx_of(d), ny = y + dy_of(d);
          if (!takes_tile(sq_kind(m, nx, ny))) continue;
          const uint16_t at = (uint16_t)(ny * MAP_MAX_W + nx);
          bool seen = false;
          for (int k = m->around_from[ci]; k < n && !seen; k++) seen = m->around[k] == at;
          if (!seen) m->around[n++] = at;
        }
  }
  m->around_from[m->ncities] = (int16_t)n;
}

/* Edge d of the tile just placed has no tile beside it; pos is the frontier
 * position of the square there, or -1. Out of line, as map_after_place: not
 * copied into each of board_place's four sides (board.c: join says why). */
__attribute__((noinline)) void map_side(carc_game *g, int ti, int d, int pos) {
  const map_shape *m = g->e->map;
  board_tile *bt = &g->tiles[ti];
  const tile_type *t = &g->e->types[bt->type];
  int x = bt->x, y = bt->y, nx = x + dx_of(d), ny = y + dy_of(d);
  bool printed = ti < g->nprinted;
  int link = on_grid(m, x, y) ? m->sq[y][x].link[d] : -1;
  if (link >= 0) {
    const map_link *l = &m->links[link];
    int end = link_end(l, x, y, d);
    const board_tile *lt = &g->tiles[l->printed];
    const tile_type *ltt = &g->e->types[lt->type];
    int le = end ? CARC_S : CARC_N;
    for (int k = 0; k < 3; k++) {
      int q = d * 3 + k;
      int a = bt->seg_base + tile_seg_at_board_port(t, bt->rot, q);
      int ls = tile_seg_at_board_port(ltt, 0, le * 3 + (2 - k));
      if (ltt->seg[ls].kind == CARC_FIELD) { /* no farm across */
        board_close_port(g, a);
      } else {
        board_join(g, a, lt->seg_base + ls);
      }
    }
    if (l->kind == LINK_FERRY && !printed) open_square(g, l->x[1 - end], l->y[1 - end]);
    return;
  }
  int k = sq_kind(m, nx, ny);
  if (!takes_tile(k)) { /* sea, border, waves, highlight, a lone half square */
    if (k != CARC_SQ_CITY) board_close_side(g, ti, d);
    return;
  }
  if (printed) return;
  const uint32_t need = t->turned[bt->rot].side_req[d], need_mask = 0x3Fu << (8 * ((d + 2) % 4));
  if (pos >= 0) { /* what else it needs was set when it opened */
    g->fr[pos].req |= need;
    g->fr[pos].mask |= need_mask;
    return;
  }
  /* an island square opens only from the island (or by a ferry) */
  if (k == CARC_SQ_ISLAND && sq_kind(m, x, y) != CARC_SQ_ISLAND) return;
  if (!m->sq[ny][nx].simple) {
    open_square(g, nx, ny);
    return;
  }
  /* a plain square: only the tile just placed lies beside it, as on the plane */
  frontier_add(g, nx, ny, need, need_mask);
}

/* What board_place does at each side of board tile ti on a map: the sides
 * it leaves to map_side (bits 0 to 3), those whose ports only close (from
 * MAP_CLOSED_SHIFT), and MAP_AFTER when map_after_place has work. A
 * printed piece leaves every side to map_side. */
unsigned map_sides(const carc_game *g, int ti) {
  const map_shape *m = g->e->map;
  const board_tile *bt = &g->tiles[ti];
  if (ti < g->nprinted || !on_grid(m, bt->x, bt->y)) return 0x0Fu | MAP_AFTER;
  return m->sq[bt->y][bt->x].sides;
}

/* After a real tile is placed: connect the large cities beside it. */
__attribute__((noinline)) void map_after_place(carc_game *g, int ti) {
  const map_shape *m = g->e->map;
  const board_tile *bt = &g->tiles[ti];
  if (ti < g->nprinted) return;
  if (m->signal) {
    const map_square *s = &m->sq[bt->y][bt->x];
    if ((s->town && m->signal_towns) || (s->kind == CARC_SQ_START && m->signal_towns > 1) ||
        (s->kind == CARC_SQ_ISLAND && s->arms))
      g->s.flags |= 1ull << (m->signal - 1);
  }
  if (!on_grid(m, bt->x, bt->y)) return;
  for (unsigned cs = m->sq[bt->y][bt->x].city_side; cs; cs &= cs - 1) {
    int d = __builtin_ctz(cs), nx = bt->x + dx_of(d), ny = bt->y + dy_of(d);
    open_around_city(g, m->sq[ny][nx].city);
  }
}

/* count_area_squares, kept per square of the map. */
int map_area_squares(const carc_game *g, int x, int y) {
  const map_shape *m = g->e->map;
  return on_grid(m, x, y) ? m->sq[y][x].area_squares : count_area_squares(m, x, y);
}

/* Places the printed pieces on an empty board (board_reset just ran): a copy
 * of the board the engine built once when the map was set. */
void map_place_printed(carc_game *g) {
  const map_template *t = &g->e->map->tmpl;
  g->nprinted = g->e->map->nprinted;
  memcpy(g->tiles, t->tiles, sizeof(board_tile) * (size_t)t->ntiles);
  memcpy(g->tile_faces, t->faces, sizeof(tile_face) * (size_t)t->ntiles);
  memcpy(g->segs, t->segs, sizeof(seg_state) * (size_t)t->nsegs);
  memcpy(g->seg_attr, t->seg_attr, sizeof(seg_attrs) * (size_t)t->nsegs);
  memset(g->tile_stamp, 0, sizeof(uint32_t) * (size_t)t->ntiles);
  memset(g->seg_stamp, 0, sizeof(uint32_t) * (size_t)t->nsegs);
  g->ntiles = t->ntiles;
  g->nsegs = t->nsegs;
  for (int s = 0; g->track_roots && s < t->nsegs; s++) {
    const seg_state *v = &g->segs[s];
    uint64_t bit = 1ull << (s & 63);
    bool open = (int)v->parent == s && (g->track_roots >> v->kind & 1) && v->open != 0;
    g->open_roots[s >> 6] = open ? g->open_roots[s >> 6] | bit : g->open_roots[s >> 6] & ~bit;
  }
  store_grid_mark(g);
  store_near_mark(g); /* printed monasteries, if any */
}

/* Does the tile fit (x, y) against every tile and printed link beside it,
 * whether or not the square is on the frontier (a start square at setup)? */
bool map_fits_square(const carc_game *g, int type, int x, int y, int rot) {
  uint32_t req, mask;
  square_need(g, x, y, &req, &mask);
  return ((g->e->types[type].sig[rot] ^ req) & mask) == 0;
}

bool map_is_start(const carc_game *g, int x, int y) {
  return sq_kind(g->e->map, x, y) == CARC_SQ_START;
}

/* The start tiles are the setup's, not a player's: a start square that
 * signals (a town in print, or any with signal_towns 2) raises no flag for
 * them. */
static carc_result setup_unsignalled(carc_game *g) {
  const map_shape *m = g->e->map;
  if (m->signal) g->s.flags &= ~(1ull << (m->signal - 1));
  return CARC_OK;
}

/* A new game on the map: printed pieces, the start tile and random tiles on
 * the start squares used (turned to fit), the bag cut to the map's count. */
carc_result map_setup(carc_game *g) {
  carc_engine *e = g->e;
  const map_shape *m = e->map;
  carc_result room = store_grid_cover(g, -1, -1, m->w, m->h);
  if (room != CARC_OK) return room;
  const int misfit = map_start_misfit(e, e->start_type); /* whichever the seed draws */
  if (misfit >= 0)
    return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, "the start tile fits no turn of start square (%d,%d)",
                                  m->start_x[misfit], m->start_y[misfit]);
  map_place_printed(g);
  int order[MAP_MAX_STARTS];
  for (int i = 0; i < m->nstart; i++) order[i] = i;
  if (!g->opt.no_bag) /* which start squares: drawn at random (scenarios: the first) */
    for (int i = 0; i < m->starts_used; i++) {
      int j = i + (int)game_random(g, (uint32_t)(m->nstart - i));
      int tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
  int sx = m->start_x[order[0]], sy = m->start_y[order[0]], rot = 0;
  while (rot < 3 && !map_fits_square(g, e->start_type, sx, sy, rot)) rot++; /* one fits: map_start_misfit */
  board_place(g, e->start_type, sx, sy, rot);
  bag_fill(g);
  if (g->opt.no_bag) return setup_unsignalled(g);
  int want = m->tiles_max ? m->tiles_max - 1 : g->bag_len; /* the start tile is one of them */
  if (want < g->bag_len) g->bag_len = want < 0 ? 0 : want;
  for (int i = 1; i < m->starts_used; i++) {
    int x = m->start_x[order[i]], y = m->start_y[order[i]], pick = -1, r = 0;
    for (int b = g->bag_pos; b < g->bag_len && pick < 0; b++)
      for (r = 0; r < 4; r++)
        if (map_fits_square(g, g->bag[b], x, y, r)) {
          pick = b;
          break;
        }
    if (pick < 0) continue;
    uint16_t t = g->bag[pick];
    g->bag[pick] = g->bag[g->bag_pos];
    g->bag[g->bag_pos++] = t;
    board_place(g, t, x, y, r);
  }
  return setup_unsignalled(g);
}

/* "the large city NAME" (or its letter) when (x, y) is one of its squares. */
bool map_city_label(const carc_game *g, int x, int y, char *out, size_t cap) {
  const map_shape *m = g->e->map;
  if (!m || sq_kind(m, x, y) != CARC_SQ_CITY) return false;
  const map_city *c = &m->cities[m->sq[y][x].city];
  if (c->name[0]) snprintf(out, cap, "the large city %s", c->name);
  else snprintf(out, cap, "the large city %c", c->letter);
  return true;
}

/* Has a ferry reached the island (island squares joined side by side) of
 * square (x, y): is a square of it open or taken? Then a square of it that
 * is not open waits for a tile beside it. Only for a refusal's message. */
static bool island_reached(const carc_game *g, int x, int y) {
  const map_shape *m = g->e->map;
  static const int cap = MAP_MAX_W * MAP_MAX_H;
  int16_t todo[MAP_MAX_W * MAP_MAX_H];
  uint8_t seen[MAP_MAX_H][MAP_MAX_W] = {{0}};
  int n = 0;
  todo[n++] = (int16_t)(y * MAP_MAX_W + x);
  seen[y][x] = 1;
  while (n > 0) {
    const int at = todo[--n], ax = at % MAP_MAX_W, ay = at / MAP_MAX_W;
    if (board_square(g, ax, ay) != -1) return true;
    for (int d = 0; d < 4; d++) {
      const int nx = ax + dx_of(d), ny = ay + dy_of(d);
      if (sq_kind(m, nx, ny) != CARC_SQ_ISLAND || seen[ny][nx] || n >= cap) continue;
      seen[ny][nx] = 1;
      todo[n++] = (int16_t)(ny * MAP_MAX_W + nx);
    }
  }
  return false;
}

/* Why a tile cannot go to (x, y) on the map, or CARC_OK to look further. */
carc_result map_explain(carc_game *g, int type, int x, int y, int rot) {
  const map_shape *m = g->e->map;
  int k = sq_kind(m, x, y);
  const char *tn = g->e->types[type].name;
  if (!on_grid(m, x, y))
    return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) is off the map (x 0..%d, y 0..%d)", x, y,
                                  m->w - 1, m->h - 1);
  const map_square *s = &m->sq[y][x];
  switch (k) {
    case CARC_SQ_CITY:
      return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) is part of the printed large city %s: no tile goes there",
                                    x, y, m->cities[s->city].name[0] ? m->cities[s->city].name : "");
    case CARC_SQ_WAVES:
      return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) has waves: no land tile goes there", x, y);
    case CARC_SQ_HIGHLIGHT:
      return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) is a Nordic highlight: no land tile goes there", x, y);
    case CARC_SQ_HALF:
      return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) is a half square: usable only when the two maps are joined", x, y);
    case CARC_SQ_NONE:
      return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, "square (%d,%d) is sea, not a square of the map", x, y);
    default: break;
  }
  int32_t v = board_square(g, x, y);
  int pos = square_frontier(v);
  bool open = pos >= 0;
  if (k == CARC_SQ_ISLAND && !open && v < 0)
    return (carc_result)game_fail(g, CARC_ERR_ILLEGAL, island_reached(g, x, y)
                                  ? "square (%d,%d) is on an island: it opens only from a tile beside it on the island"
                                  : "square (%d,%d) is on an island that no ferry connects yet", x, y);
  if (!open) return CARC_OK;
  uint32_t diff = (g->e->types[type].sig[rot] ^ g->fr[pos].req) & g->fr[pos].mask;
  for (int d = 0; d < 4; d++) {
    if (!((diff >> (8 * d)) & 0x3F) || s->link[d] < 0) continue;
    const map_link *l = &m->links[s->link[d]];
    static const char *const what[] = {"road abroad", "city abroad", "ferry route"};
    return (carc_result)game_fail(g, CARC_ERR_ILLEGAL,
                                  "tile %s at (%d,%d) rotation %d: the printed %s%s%s on its %c edge needs a %s there",
                                  tn, x, y, rot, what[l->kind], l->name[0] ? " to " : "", l->name, edge_letters[d],
                                  l->kind == LINK_CITY ? "city" : "road");
  }
  return CARC_OK;
}

/* svg.c - the board as an SVG picture.
 *
 * Tiles are drawn from their segments (fields, cities, roads, monasteries and
 * other area kinds, coats of arms, inns, cathedrals), figures as discs in the
 * players' colours; on a map also its squares, the sea, printed large cities
 * (they are tiles), roads and cities abroad and ferry routes. */
#include "internal.h"
#include "map.h"
#include "xml_char.h"
#include <stdio.h>
#include <string.h>

#define S 60           /* pixels a square */
#define TITLE_BAND 24  /* pixels above a map for its name, clear of the names along its north edge */
#define LABEL_FONT 9   /* pixels, the names of towns and of pieces abroad */
#define SMALLEST_FONT 6
#define CHAR_EM 0.6    /* a sans-serif character's width averaged over a name, in em, generously */
#define LABEL_ROOM (S - 4) /* a name's width at most: its square's, less a margin on each side */
#define ELLIPSIS "\xe2\x80\xa6"

/* The first `n` bytes of a name as XML text: the markup characters escaped,
 * and what XML 1.0 allows in no form (xml_char.h) as '?'. */
static void put_text_n(text_out *o, const char *s, size_t n) {
  const char *end = memchr(s, '\0', n);
  if (!end) end = s + n;
  while (s < end) {
    const unsigned char c = (unsigned char)*s;
    const int bytes = xml_char_bytes((const unsigned char *)s, (size_t)(end - s));
    if (c == '<') text_put(o, "&lt;");
    else if (c == '>') text_put(o, "&gt;");
    else if (c == '&') text_put(o, "&amp;");
    else if (c == '"') text_put(o, "&quot;");
    else if (bytes < 0) text_put(o, "?");
    else text_put(o, "%.*s", bytes, s);
    s += bytes < 0 ? -bytes : bytes;
  }
}

static void put_text(text_out *o, const char *s) { put_text_n(o, s, strlen(s)); }

static int utf8_chars(const char *s) {
  int n = 0;
  for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
  return n;
}

/* The bytes of the first `chars` characters of s (all of s if shorter). */
static size_t utf8_prefix(const char *s, int chars) {
  size_t n = 0;
  for (int c = 0; s[n]; n++)
    if (((unsigned char)s[n] & 0xC0) != 0x80 && c++ == chars) break;
  return n;
}

/* The font size, at most `font`, at which a name fits `room` pixels (widths
 * estimated with CHAR_EM), in tenths of a pixel; SMALLEST_FONT at least. */
static double label_font(const char *name, double font, double room) {
  const int chars = utf8_chars(name);
  if (chars * CHAR_EM * font <= room) return font;
  const double fits = (int)(room / (chars * CHAR_EM) * 10) / 10.0;
  return fits > SMALLEST_FONT ? fits : SMALLEST_FONT;
}

/* A name centred on x with its baseline at y, in at most `room` pixels at
 * font size `size` (from label_font), so that it never runs into its
 * neighbours: a name too long even at SMALLEST_FONT is cut short with an
 * ellipsis, the whole name kept in a <title> (shown when the pointer rests
 * on it). `style` holds the other attributes. */
static void put_label(text_out *o, const char *cls, double x, double y, double size, double room,
                      const char *style, const char *name) {
  text_put(o, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" font-size=\"%g\" text-anchor=\"middle\" %s>", cls, x, y,
           size, style);
  const int fits = (int)(room / (CHAR_EM * size) + 1e-9); /* label_font's size fits exactly */
  if (utf8_chars(name) <= fits) {
    put_text(o, name);
  } else { /* as many characters as fit beside the ellipsis */
    put_text_n(o, name, utf8_prefix(name, fits - 1));
    text_put(o, ELLIPSIS "<title>");
    put_text(o, name);
    text_put(o, "</title>");
  }
  text_put(o, "</text>");
}

static const char *const colours[CARC_MAX_PLAYERS] = {"#d62728", "#1f5fd6", "#2ca02c",
                                                      "#f2c418", "#222222", "#8c8c8c"};

/* Where board port p lies on a square (0..S), x and y. */
static void port_xy(int p, double *x, double *y) {
  static const double off[3] = {0.25, 0.5, 0.75};
  int e = p / 3, k = p % 3;
  switch (e) {
    case CARC_N: *x = off[k] * S; *y = 0; break;
    case CARC_E: *x = S; *y = off[k] * S; break;
    case CARC_S: *x = (1 - off[k]) * S; *y = S; break;
    default: *x = 0; *y = (1 - off[k]) * S; break;
  }
}

/* The corner points of edge e, clockwise. */
static void edge_corners(int e, double c[4]) {
  static const double pts[5][2] = {{0, 0}, {S, 0}, {S, S}, {0, S}, {0, 0}};
  c[0] = pts[e][0];
  c[1] = pts[e][1];
  c[2] = pts[e + 1][0];
  c[3] = pts[e + 1][1];
}

static unsigned seg_board_ports(const carc_game *g, const board_tile *bt, int s) {
  unsigned ports = g->e->types[bt->type].seg[s].ports, out = 0;
  for (int p = 0; p < 12; p++)
    if (ports & (1u << p)) out |= 1u << rot_port(p, bt->rot);
  return out;
}

/* The point where a segment's figure or mark stands, in square pixels. */
static void seg_anchor(const carc_game *g, const board_tile *bt, int s, double *ax, double *ay) {
  unsigned ports = seg_board_ports(g, bt, s);
  double sx = 0, sy = 0;
  int n = 0;
  for (int p = 0; p < 12; p++)
    if (ports & (1u << p)) {
      double x, y;
      port_xy(p, &x, &y);
      sx += x;
      sy += y;
      n++;
    }
  if (!n) {
    *ax = *ay = S / 2.0;
    return;
  }
  *ax = S / 2.0 + (sx / n - S / 2.0) * 0.6;
  *ay = S / 2.0 + (sy / n - S / 2.0) * 0.6;
}

static void shield(text_out *o, double x, double y, int n) {
  text_put(o, "<path class=\"arms\" d=\"M%.1f %.1fh8v5q0 5-4 7q-4-2-4-7z\" fill=\"#2c5aa0\" stroke=\"#fff\" stroke-width=\"1\"/>",
      x - 4, y - 6);
  if (n != 1) text_put(o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" fill=\"#fff\" text-anchor=\"middle\">%d</text>", x, y + 1, n);
}

static void draw_tile(text_out *o, const carc_game *g, int ti, int ox, int oy) {
  const carc_engine *e = g->e;
  const board_tile *bt = &g->tiles[ti];
  const tile_type *t = &e->types[bt->type];
  int px = (bt->x - ox) * S, py = (bt->y - oy) * S;
  bool printed = ti < g->nprinted;
  text_put(o, "<g class=\"tile%s\" data-type=\"", printed ? " printed" : "");
  put_text(o, t->name);
  text_put(o, "\" transform=\"translate(%d %d)\">", px, py);
  text_put(o, "<rect width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#557a2a\" stroke-width=\"0.5\"/>", S, S,
      printed ? "#a9c98a" : "#8cc152");
  /* water first, then cities, then roads on top */
  static const int order[3] = {CARC_WATER, CARC_CITY, CARC_ROAD};
  for (int pass = 0; pass < 3; pass++)
    for (int s = 0; s < t->nseg; s++) {
      const tile_segment *ts = &t->seg[s];
      if (ts->kind != order[pass]) continue;
      unsigned ports = seg_board_ports(g, bt, s);
      if (ts->kind == CARC_CITY || ts->kind == CARC_WATER) {
        const char *fill = ts->kind == CARC_CITY ? (printed ? "#b5651d" : "#d9a066") : "#5dade2";
        int edges = 0;
        for (int d = 0; d < 4; d++) edges += (ports >> (d * 3) & 7) == 7;
        for (int d = 0; d < 4; d++) {
          unsigned m = ports >> (d * 3) & 7;
          if (!m) continue;
          double c[4];
          edge_corners(d, c);
          if (m == 7 && edges == 1) { /* a cap: a trapezoid reaching a third of the way in */
            double mx = (c[0] + c[2]) / 2, my = (c[1] + c[3]) / 2;
            double nx = (S / 2.0 - mx) * 0.7, ny = (S / 2.0 - my) * 0.7;
            double ix = c[0] + (c[2] - c[0]) * 0.22 + nx, iy = c[1] + (c[3] - c[1]) * 0.22 + ny;
            double jx = c[0] + (c[2] - c[0]) * 0.78 + nx, jy = c[1] + (c[3] - c[1]) * 0.78 + ny;
            text_put(o, "<polygon class=\"%s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" stroke=\"#7a4a1a\" stroke-width=\"1\"/>",
                ts->kind == CARC_CITY ? "city" : "water", c[0], c[1], c[2], c[3], jx, jy, ix, iy, fill);
          } else if (m == 7) {
            text_put(o, "<polygon class=\"%s\" points=\"%.1f,%.1f %.1f,%.1f %d,%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"0.5\"/>",
                ts->kind == CARC_CITY ? "city" : "water", c[0], c[1], c[2], c[3], S / 2, S / 2, fill, fill);
          } else { /* half an edge */
            double mx = (c[0] + c[2]) / 2, my = (c[1] + c[3]) / 2;
            bool first = (m & 1) != 0;
            text_put(o, "<polygon class=\"%s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>",
                ts->kind == CARC_CITY ? "city" : "water", first ? c[0] : mx, first ? c[1] : my,
                first ? mx : c[2], first ? my : c[3], S / 2.0 + ((first ? c[0] : c[2]) - S / 2.0) * 0.4 + (mx - S / 2.0) * 0.2,
                S / 2.0 + ((first ? c[1] : c[3]) - S / 2.0) * 0.4 + (my - S / 2.0) * 0.2, fill);
          }
        }
      } else { /* road */
        int ends = 0;
        for (int p = 0; p < 12; p++) ends += (ports >> p) & 1;
        for (int p = 0; p < 12; p++) {
          if (!((ports >> p) & 1)) continue;
          double x, y;
          port_xy(p, &x, &y);
          double tx = ends == 2 ? S / 2.0 : S / 2.0 + (x - S / 2.0) * 0.25, ty = ends == 2 ? S / 2.0 : S / 2.0 + (y - S / 2.0) * 0.25;
          text_put(o, "<line class=\"road\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#6b5b45\" stroke-width=\"7\"/>"
                 "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#f4eedd\" stroke-width=\"4\"/>",
              x, y, tx, ty, x, y, tx, ty);
        }
        if (ends != 2) text_put(o, "<circle cx=\"%d\" cy=\"%d\" r=\"%.1f\" fill=\"#f4eedd\" stroke=\"#6b5b45\"/>", S / 2, S / 2,
                           ends == 1 ? 4.0 : 5.0);
      }
    }
  int inn = carc_attr_find(e, "inn"), cathedral = carc_attr_find(e, "cathedral");
  for (int s = 0; s < t->nseg; s++) {
    const tile_segment *ts = &t->seg[s];
    double ax, ay;
    seg_anchor(g, bt, s, &ax, &ay);
    if (ts->kind == CARC_MONASTERY) {
      text_put(o, "<g class=\"monastery\"><rect x=\"%d\" y=\"%d\" width=\"18\" height=\"16\" fill=\"#f0e6d2\" stroke=\"#5a3e1b\"/>"
             "<polygon points=\"%d,%d %d,%d %d,%d\" fill=\"#c0392b\"/></g>",
          S / 2 - 9, S / 2 - 6, S / 2 - 11, S / 2 - 6, S / 2 + 11, S / 2 - 6, S / 2, S / 2 - 16);
    } else if (ts->kind > CARC_MONASTERY) {
      text_put(o, "<circle class=\"area\" cx=\"%d\" cy=\"%d\" r=\"9\" fill=\"#f7dc6f\" stroke=\"#7d6608\"/>"
             "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\">%c</text>", S / 2, S / 2, S / 2, S / 2 + 3,
          e->kind_names[ts->kind][0]);
    }
    if (ts->symbols) shield(o, ts->kind == CARC_CITY ? ax : ax + 8, ts->kind == CARC_CITY ? ay : ay - 6, ts->symbols);
    if (inn >= 0 && tile_attr_value(ts->attr, ts->nattr, inn))
      text_put(o, "<rect class=\"inn\" x=\"%.1f\" y=\"%.1f\" width=\"9\" height=\"7\" fill=\"#e67e22\" stroke=\"#5a3e1b\"/>", ax + 4, ay - 10);
    if (cathedral >= 0 && tile_attr_value(ts->attr, ts->nattr, cathedral))
      text_put(o, "<path class=\"cathedral\" d=\"M%.1f %.1fh4v-5h4v5h4v4h-4v8h-4v-8h-4z\" fill=\"#7d3c98\"/>", ax - 6, ay - 2);
  }
  if (bt->token >= 0)
    text_put(o, "<rect class=\"token\" x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\" stroke=\"#000\"/>", S - 13, 3,
        bt->token_owner >= 0 ? colours[bt->token_owner % CARC_MAX_PLAYERS] : "#fff");
  /* figures on this tile */
  for (int f = 0; f < g->nfigs; f++) {
    const figure_state *fs = &g->figs[f];
    if (fs->seg < 0 || (int)g->segs[fs->seg].tile != ti) continue;
    double ax, ay;
    seg_anchor(g, bt, g->segs[fs->seg].idx, &ax, &ay);
    const figure_type *ft = &e->figs[fs->type];
    text_put(o, "<circle class=\"figure\" data-figure=\"");
    put_text(o, ft->name);
    text_put(o, "\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>", ax, ay,
        5 + ft->strength * 2, fs->owner >= 0 ? colours[fs->owner % CARC_MAX_PLAYERS] : "#ffffff",
        fs->owner >= 0 ? "#000" : "#6c3483");
  }
  text_put(o, "</g>\n");
}

static void draw_map(text_out *o, const carc_game *g, int ox, int oy) {
  const map_shape *m = g->e->map;
  for (int y = 0; y < m->h; y++)
    for (int x = 0; x < m->w; x++) {
      const map_square *s = &m->sq[y][x];
      int px = (x - ox) * S, py = (y - oy) * S;
      static const char *const fills[] = {NULL, "#efe6c8", "#efe6c8", "#efe6c8", "#f5eed8", "#7fb3d5",
                                          "#c39bd3", "#e8dcb5", NULL};
      const char *fill = fills[s->kind];
      if (!fill) continue;
      text_put(o, "<rect class=\"square %s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\"%s/>",
          carc_map_square_kind_name(s->kind), px, py, S, S, fill,
          s->kind == CARC_SQ_START ? "#c0392b" : "#b8a98a",
          s->kind == CARC_SQ_START ? " stroke-width=\"3\"" : s->kind == CARC_SQ_HALF ? " stroke-dasharray=\"4 3\"" : "");
      if (s->kind == CARC_SQ_WAVES)
        for (int k = 0; k < 3; k++)
          text_put(o, "<path d=\"M%d %dq7-6 14 0t14 0t14 0\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\"/>", px + 9,
              py + 16 + k * 14);
      if (s->kind == CARC_SQ_HIGHLIGHT)
        text_put(o, "<polygon points=\"%d,%d %d,%d %d,%d %d,%d\" fill=\"#6c3483\"/>", px + S / 2, py + 12, px + S - 14,
            py + S / 2, px + S / 2, py + S - 12, px + 14, py + S / 2);
      if (s->kind == CARC_SQ_TOWN || s->kind == CARC_SQ_START)
        text_put(o, "<path class=\"house\" d=\"M%d %dh12v-9l-6-6l-6 6z\" fill=\"#c0392b\"/>", px + S / 2 - 6, py + S / 2 + 8);
      if (s->kind == CARC_SQ_ISLAND && s->arms)
        for (int k = 0; k < s->arms; k++) shield(o, px + 14 + k * 12, py + S - 14, 1);
    }
  /* names, each within its square */
  for (int y = 0; y < m->h; y++)
    for (int x = 0; x < m->w; x++) {
      const map_square *s = &m->sq[y][x];
      if (s->name < 0) continue;
      const char *name = m->names[s->name];
      put_label(o, "name", (x - ox) * S + S / 2, (y - oy) * S + S - 3, label_font(name, LABEL_FONT, LABEL_ROOM),
                LABEL_ROOM, "fill=\"#3b2f1e\"", name);
    }
  text_put(o, "\n");
}

#define PIECE_REACH (S * 0.48)     /* a city abroad: its disc's centre 0.18 S out, radius 0.3 S */
#define PIECE_HALF_WIDTH (S * 0.3) /* that disc's radius; roads and their coats of arms are narrower */
#define LABEL_GAP 2.4

/* Where the name of a piece on edge `d`, whose middle is (ex, ey), has its
 * baseline: in the square beyond that edge (sea, or the margin around the
 * map), clear of the piece, which reaches PIECE_REACH into it and is
 * PIECE_HALF_WIDTH wide each side of the edge's middle line. Beyond a north
 * or south edge the name stands past the piece; beyond an east or west edge,
 * where the square beside the piece is too narrow for it, above the piece. */
static void link_label_at(int d, double ex, double ey, double size, double *x, double *y) {
  if (dx_of(d) == 0) {
    *x = ex;
    *y = dy_of(d) < 0 ? ey - PIECE_REACH - LABEL_GAP - 0.2 * size : ey + PIECE_REACH + LABEL_GAP + 0.8 * size;
  } else {
    *x = ex + dx_of(d) * S / 2.0;
    *y = ey - PIECE_HALF_WIDTH - LABEL_GAP - 0.2 * size;
  }
}

/* Printed pieces without a square: drawn outside their edge. */
static void draw_links(text_out *o, const carc_game *g, int ox, int oy) {
  const map_shape *m = g->e->map;
  for (int i = 0; i < m->nlinks; i++) {
    const map_link *l = &m->links[i];
    double ex[2], ey[2];
    for (int k = 0; k < (l->kind == LINK_FERRY ? 2 : 1); k++) {
      double x, y;
      port_xy(l->d[k] * 3 + 1, &x, &y);
      ex[k] = (l->x[k] - ox) * S + x;
      ey[k] = (l->y[k] - oy) * S + y;
    }
    double dx = dx_of(l->d[0]) * S * 0.45, dy = dy_of(l->d[0]) * S * 0.45;
    if (l->kind == LINK_FERRY) {
      text_put(o, "<path class=\"ferry\" d=\"M%.1f %.1fL%.1f %.1f\" stroke=\"#1b4f72\" stroke-width=\"3\" stroke-dasharray=\"8 5\" fill=\"none\"/>",
          ex[0], ey[0], ex[1], ey[1]);
      if (l->arms) shield(o, (ex[0] + ex[1]) / 2, (ey[0] + ey[1]) / 2, l->arms);
    } else if (l->kind == LINK_ROAD) {
      text_put(o, "<line class=\"abroad road\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#6b5b45\" stroke-width=\"6\"/>",
          ex[0], ey[0], ex[0] + dx, ey[0] + dy);
      if (l->arms) shield(o, ex[0] + dx * 0.6 + (dy ? 9 : 0), ey[0] + dy * 0.6 + (dx ? 9 : 0), l->arms);
    } else {
      text_put(o, "<circle class=\"abroad city\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#b5651d\" stroke=\"#7a4a1a\"/>",
          ex[0] + dx * 0.4, ey[0] + dy * 0.4, S * 0.3);
      if (l->arms) shield(o, ex[0] + dx * 0.5, ey[0] + dy * 0.5, l->arms);
    }
    if (l->name[0]) { /* a ferry's by its first end */
      double size = label_font(l->name, LABEL_FONT, LABEL_ROOM), x, y;
      link_label_at(l->d[0], ex[0], ey[0], size, &x, &y);
      put_label(o, "name", x, y, size, LABEL_ROOM, "fill=\"#1b2631\"", l->name);
    }
  }
  for (int i = 0; i < m->ncities; i++) {
    const map_city *c = &m->cities[i];
    if (!c->name[0]) continue;
    const double room = c->w * S - 4;
    put_label(o, "name city", (c->x - ox) * S + c->w * S / 2, (c->y - oy) * S + c->h * S / 2 + 4,
              label_font(c->name, 12, room), room,
              "font-weight=\"bold\" fill=\"#fff\" stroke=\"#5a2d0c\" stroke-width=\"0.6\"", c->name);
  }
  text_put(o, "\n");
}

size_t carc_game_render_svg(const carc_game *g, char *buf, size_t cap) {
  text_out o = {buf, buf ? cap : 0, 0};
  if (o.cap) buf[0] = '\0';
  if (!g) return 0;
  const map_shape *m = g->e->map;
  int minx, maxx, miny, maxy;
  if (m) {
    minx = -1;
    miny = -1;
    maxx = m->w;
    maxy = m->h;
  } else {
    minx = maxx = g->ntiles ? g->tiles[0].x : 0;
    miny = maxy = g->ntiles ? g->tiles[0].y : 0;
    for (int t = 0; t < g->ntiles; t++) {
      const board_tile *bt = &g->tiles[t];
      if (bt->x < minx) minx = bt->x;
      if (bt->x > maxx) maxx = bt->x;
      if (bt->y < miny) miny = bt->y;
      if (bt->y > maxy) maxy = bt->y;
    }
  }
  const int top = m ? TITLE_BAND : 0;
  int w = (maxx - minx + 1) * S, h = top + (maxy - miny + 1) * S + 24;
  text_put(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
          "font-family=\"sans-serif\">\n", w, h, w, h);
  text_put(&o, "<rect class=\"background\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", w, h, m ? "#aed6f1" : "#fbfaf5");
  if (m) {
    text_put(&o, "<text class=\"title\" x=\"8\" y=\"18\" font-size=\"14\" font-weight=\"bold\" fill=\"#1b2631\">");
    put_text(&o, m->name);
    text_put(&o, "</text>\n<g class=\"board\" transform=\"translate(0 %d)\">\n", top);
    draw_map(&o, g, minx, miny);
  }
  for (int t = 0; t < g->ntiles; t++)
    if (g->tiles[t].on_square) draw_tile(&o, g, t, minx, miny);
  if (m) {
    draw_links(&o, g, minx, miny);
    text_put(&o, "</g>\n");
  }
  /* scores */
  text_put(&o, "<g class=\"scores\" font-size=\"13\">");
  for (int p = 0; p < g->players; p++)
    text_put(&o, "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s %d</text>", 8 + p * 110, h - 7, colours[p], carc_player_name(p),
        g->s.score[p]);
  text_put(&o, "</g>\n</svg>\n");
  return o.len;
}

/* sim_read.c - reads a study summary back from its JSON (for `merge`): a
 * small JSON parser into a tree, then the integer fields by name. The
 * derived figures in the file are ignored; merge recomputes them. */
#include "sim.h"
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef enum { J_NULL, J_NUM, J_STR, J_ARR, J_OBJ, J_BOOL } jtype;
typedef struct jnode {
  jtype type;
  const char *key; size_t keylen;  /* member name inside an object */
  const char *s; size_t slen;      /* string (escapes kept raw) */
  int64_t i; int is_int;
  struct jnode *child, *next;
} jnode;

typedef struct parser {
  const char *p;
  jnode *pool; size_t used, cap;
  const char *err;
} parser;

static jnode *node(parser *ps) {
  if (ps->used == ps->cap) {
    ps->err = "summary too large";
    return NULL;
  }
  jnode *n = &ps->pool[ps->used++];
  memset(n, 0, sizeof *n);
  return n;
}

static void ws(parser *ps) {
  while (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\t' || *ps->p == '\r') ps->p++;
}

static int string(parser *ps, const char **s, size_t *len) {
  if (*ps->p != '"') return 0;
  const char *b = ++ps->p;
  while (*ps->p && *ps->p != '"') {
    if (*ps->p == '\\' && ps->p[1]) ps->p++;
    ps->p++;
  }
  if (*ps->p != '"') return 0;
  *s = b;
  *len = (size_t)(ps->p - b);
  ps->p++;
  return 1;
}

static jnode *value(parser *ps, int depth) {
  if (depth > 32) return ps->err = "nested too deeply", NULL;
  ws(ps);
  jnode *n = node(ps);
  if (!n) return NULL;
  char c = *ps->p;
  if (c == '{' || c == '[') {
    n->type = c == '{' ? J_OBJ : J_ARR;
    ps->p++;
    jnode **tail = &n->child;
    ws(ps);
    if (*ps->p == (c == '{' ? '}' : ']')) return ps->p++, n;
    for (;;) {
      const char *k = NULL;
      size_t kl = 0;
      if (c == '{') {
        ws(ps);
        if (!string(ps, &k, &kl)) return ps->err = "expected a member name", NULL;
        ws(ps);
        if (*ps->p != ':') return ps->err = "expected ':'", NULL;
        ps->p++;
      }
      jnode *v = value(ps, depth + 1);
      if (!v) return NULL;
      v->key = k, v->keylen = kl;
      *tail = v;
      tail = &v->next;
      ws(ps);
      if (*ps->p == ',') { ps->p++; continue; }
      if (*ps->p == (c == '{' ? '}' : ']')) { ps->p++; return n; }
      return ps->err = "expected ',' or a closing bracket", NULL;
    }
  }
  if (c == '"') {
    n->type = J_STR;
    if (!string(ps, &n->s, &n->slen)) return ps->err = "unterminated string", NULL;
    return n;
  }
  if (!strncmp(ps->p, "null", 4)) return ps->p += 4, n;
  if (!strncmp(ps->p, "true", 4)) return n->type = J_BOOL, n->i = 1, ps->p += 4, n;
  if (!strncmp(ps->p, "false", 5)) return n->type = J_BOOL, ps->p += 5, n;
  if (c == '-' || (c >= '0' && c <= '9')) {
    /* JSON's digits only: strtod alone would take "-inf", "nan" or "0x18" */
    const char *d = ps->p + (c == '-');
    if (*d < '0' || *d > '9') return ps->err = "a number without digits", NULL;
    n->type = J_NUM;
    char *end;
    errno = 0;
    long long v = strtoll(ps->p, &end, 10);
    n->is_int = errno == 0 && *end != '.' && *end != 'e' && *end != 'E';
    n->i = v;
    if (*end == 'x' || *end == 'X') return ps->err = "a number in hexadecimal", NULL;
    strtod(ps->p, &end);
    ps->p = end;
    return n;
  }
  return ps->err = "unexpected character", NULL;
}

static const jnode *get(const jnode *o, const char *key) {
  if (!o || o->type != J_OBJ) return NULL;
  size_t kl = strlen(key);
  for (const jnode *c = o->child; c; c = c->next)
    if (c->keylen == kl && !memcmp(c->key, key, kl)) return c;
  return NULL;
}

static const jnode *at(const jnode *a, int i) {
  if (!a || a->type != J_ARR) return NULL;
  const jnode *c = a->child;
  while (c && i--) c = c->next;
  return c;
}

static int count(const jnode *a) {
  int n = 0;
  if (a && a->type == J_ARR)
    for (const jnode *c = a->child; c; c = c->next) n++;
  return n;
}

/* What went wrong first, as a JSON path from the summary's root: `at` is
 * the object being read ("rulesets[1]"), the names passed are below it. */
typedef struct reader {
  char err[192];
  char at[48];
} reader;

static void fail(reader *rd, const char *what) {
  if (!rd->err[0]) snprintf(rd->err, sizeof rd->err, "%s%s%s", rd->at, rd->at[0] ? "." : "", what);
}

/* A name with an index or two: "seats[1].score.sum". */
static const char *path(char *buf, size_t cap, const char *fmt, int i, int j) {
  snprintf(buf, cap, fmt, i, j);
  return buf;
}

/* Every count and sum a study writes stays below SIM_SUM_LIMIT (2^62);
 * larger ones could overflow when summaries are added. */
#define NUM_LIMIT SIM_SUM_LIMIT

static int64_t num(reader *rd, const jnode *n, const char *what) {
  if (!n || n->type != J_NUM || !n->is_int || n->i >= NUM_LIMIT || n->i <= -NUM_LIMIT) {
    fail(rd, what);
    return 0;
  }
  return n->i;
}

/* A string member, its escapes undone (\uXXXX only below 0x80, as
 * sim_write_json writes them). */
static void text(reader *rd, const jnode *n, char *out, size_t cap, const char *what) {
  out[0] = 0;
  if (!n || n->type != J_STR || n->slen >= cap) {
    fail(rd, what);
    return;
  }
  size_t o = 0;
  for (size_t i = 0; i < n->slen; i++) {
    char c = n->s[i];
    if (c == '\\' && i + 1 < n->slen) {
      c = n->s[++i];
      if (c == 'n') c = '\n';
      else if (c == 't') c = '\t';
      else if (c == 'u' && i + 4 < n->slen) {
        char hex[5] = {n->s[i + 1], n->s[i + 2], n->s[i + 3], n->s[i + 4], 0};
        long v = strtol(hex, NULL, 16);
        if (v <= 0 || v >= 0x80) {
          fail(rd, what);
          return;
        }
        c = (char)v;
        i += 4;
      }
    }
    out[o++] = c;
  }
  out[o] = 0;
}

static void per_seat(reader *rd, const jnode *a, int players, int64_t *out, size_t stride, const char *what) {
  if (count(a) != players) {
    fail(rd, what);
    return;
  }
  char p_at[96];
  for (int p = 0; p < players; p++) {
    snprintf(p_at, sizeof p_at, "%s[%d]", what, p);
    *(int64_t *)((char *)out + stride * (size_t)p) = num(rd, at(a, p), p_at);
  }
}

/* A sum of squares is at least the square of the sum over the count
 * (Cauchy-Schwarz): less, and a spread would be the root of a negative. */
static bool squares_fit(int64_t sum, int64_t sq, int64_t n) {
  return sq >= 0 && (long double)sq * (long double)n >= (long double)sum * (long double)sum;
}

/* n values between lo and hi add up to between n * lo and n * hi. */
static bool mean_within(int64_t sum, int64_t n, int64_t lo, int64_t hi) {
  return lo <= hi && (long double)n * lo <= (long double)sum && (long double)sum <= (long double)n * hi;
}

/* Counts no study can write: refused, so that no rate exceeds 1 and no
 * spread is the root of a negative (which printed as -nan). */
static void check_side(reader *rd, const sim_side *s, int players) {
  const int64_t n = s->games;
  char w[64];
  if (n < 0) fail(rd, "games: below 0");
  else if (s->draws < 0 || s->draws > n) fail(rd, "draws: not within 0..games");
  else if (s->turns_sum < 0 || !squares_fit(s->turns_sum, s->turns_sq, n) ||
           (n && (s->turns_min < 0 || !mean_within(s->turns_sum, n, s->turns_min, s->turns_max))))
    fail(rd, "turns: sum, sum_sq, min and max disagree");
  if (s->tiles_sum < 0) fail(rd, "tiles.sum: below 0");
  if (s->aside_sum < 0) fail(rd, "set_aside.sum: below 0");
  int64_t in_aside = 0;
  for (int b = 0; b < SIM_ASIDE_HIST; b++) {
    if (s->aside_hist[b] < 0 || s->aside_hist[b] > n) fail(rd, "set_aside.histogram: a count not within 0..games");
    in_aside += s->aside_hist[b] > 0 ? s->aside_hist[b] : 0;
  }
  if (!rd->err[0] && in_aside != n) fail(rd, "set_aside.histogram: its counts do not add up to the games");
  for (int k = 0; k < s->nkinds; k++)
    if (s->kind_scorings[k] < 0) fail(rd, path(w, sizeof w, "kinds[%d].scorings: below 0", k, 0));
  for (int p = 0; p < players && !rd->err[0]; p++) {
    int64_t in_hist = 0;
    for (int b = 0; b < SIM_HIST; b++) {
      if (s->hist[p][b] < 0 || s->hist[p][b] > n)
        fail(rd, path(w, sizeof w, "seats[%d].score.histogram: a count not within 0..games", p, 0));
      in_hist += s->hist[p][b] > 0 ? s->hist[p][b] : 0;
    }
    if (rd->err[0]) break;
    if (s->wins[p] < 0 || s->wins[p] > n) fail(rd, path(w, sizeof w, "seats[%d].wins: not within 0..games", p, 0));
    else if (s->solo[p] < 0 || s->solo[p] > s->wins[p])
      fail(rd, path(w, sizeof w, "seats[%d].solo_wins: not within 0..wins", p, 0));
    else if (!squares_fit(s->score_sum[p], s->score_sq[p], n) ||
             (n && !mean_within(s->score_sum[p], n, s->score_min[p], s->score_max[p])))
      fail(rd, path(w, sizeof w, "seats[%d].score: sum, sum_sq, min and max disagree", p, 0));
    else if (in_hist != n)
      fail(rd, path(w, sizeof w, "seats[%d].score.histogram: its counts do not add up to the games", p, 0));
  }
}

static void read_side(reader *rd, const jnode *r, sim_side *s, int players, int64_t study_games) {
  char w[64];
  memset(s, 0, sizeof *s);
  s->games = num(rd, get(r, "games"), "games");
  if (s->games != study_games) fail(rd, "games: not the study's count"); /* first: the counts below follow it */
  s->draws = num(rd, get(r, "draws"), "draws");
  const jnode *seats = get(r, "seats");
  if (count(seats) != players) fail(rd, "seats");
  for (int p = 0; p < players && !rd->err[0]; p++) {
    const jnode *seat = at(seats, p), *sc = get(seat, "score");
    s->score_sum[p] = num(rd, get(sc, "sum"), path(w, sizeof w, "seats[%d].score.sum", p, 0));
    s->score_sq[p] = num(rd, get(sc, "sum_sq"), path(w, sizeof w, "seats[%d].score.sum_sq", p, 0));
    s->score_min[p] = s->games ? num(rd, get(sc, "min"), path(w, sizeof w, "seats[%d].score.min", p, 0)) : INT64_MAX;
    s->score_max[p] = s->games ? num(rd, get(sc, "max"), path(w, sizeof w, "seats[%d].score.max", p, 0)) : INT64_MIN;
    const jnode *h = get(sc, "histogram");
    if (!h || h->type != J_ARR) fail(rd, path(w, sizeof w, "seats[%d].score.histogram", p, 0));
    bool given[SIM_HIST] = {false};
    for (int b = 0; b < count(h); b++) {
      const jnode *pair = at(h, b);
      int64_t bin = num(rd, at(pair, 0), path(w, sizeof w, "seats[%d].score.histogram[%d][0]", p, b));
      if (bin < 0 || bin >= SIM_HIST) {
        fail(rd, path(w, sizeof w, "seats[%d].score.histogram[%d][0]: a bin out of range", p, b));
        break;
      }
      if (given[bin]) {
        fail(rd, path(w, sizeof w, "seats[%d].score.histogram[%d][0]: a bin given twice", p, b));
        break;
      }
      given[bin] = true;
      s->hist[p][bin] = num(rd, at(pair, 1), path(w, sizeof w, "seats[%d].score.histogram[%d][1]", p, b));
    }
    s->wins[p] = num(rd, get(seat, "wins"), path(w, sizeof w, "seats[%d].wins", p, 0));
    s->solo[p] = num(rd, get(seat, "solo_wins"), path(w, sizeof w, "seats[%d].solo_wins", p, 0));
  }
  const jnode *kinds = get(r, "kinds");
  s->nkinds = count(kinds);
  if (s->nkinds > CARC_MAX_KINDS) s->nkinds = 0, fail(rd, "kinds: too many");
  for (int k = 0; k < s->nkinds; k++) {
    const jnode *kn = at(kinds, k);
    text(rd, get(kn, "kind"), s->kind[k], SIM_NAME, path(w, sizeof w, "kinds[%d].kind", k, 0));
    s->kind_scorings[k] = num(rd, get(kn, "scorings"), path(w, sizeof w, "kinds[%d].scorings", k, 0));
    per_seat(rd, get(kn, "points"), players, &s->kind_points[0][k], sizeof s->kind_points[0],
             path(w, sizeof w, "kinds[%d].points", k, 0));
  }
  const jnode *hs = get(r, "handlers");
  s->nhandlers = count(hs);
  if (s->nhandlers > SIM_MAX_HANDLERS) s->nhandlers = 0, fail(rd, "handlers: too many");
  for (int h = 0; h < s->nhandlers; h++) {
    const jnode *hn = at(hs, h);
    text(rd, get(hn, "handler"), s->handler[h], SIM_NAME, path(w, sizeof w, "handlers[%d].handler", h, 0));
    per_seat(rd, get(hn, "points"), players, &s->handler_points[0][h], sizeof s->handler_points[0],
             path(w, sizeof w, "handlers[%d].points", h, 0));
  }
  per_seat(rd, get(r, "other_points"), players, s->other_points, sizeof s->other_points[0], "other_points");
  const jnode *t = get(r, "turns");
  s->turns_sum = num(rd, get(t, "sum"), "turns.sum");
  s->turns_sq = num(rd, get(t, "sum_sq"), "turns.sum_sq");
  s->turns_min = s->games ? num(rd, get(t, "min"), "turns.min") : INT64_MAX;
  s->turns_max = s->games ? num(rd, get(t, "max"), "turns.max") : INT64_MIN;
  s->tiles_sum = num(rd, get(get(r, "tiles"), "sum"), "tiles.sum");
  const jnode *a = get(r, "set_aside");
  s->aside_sum = num(rd, get(a, "sum"), "set_aside.sum");
  per_seat(rd, get(a, "histogram"), SIM_ASIDE_HIST, s->aside_hist, sizeof s->aside_hist[0], "set_aside.histogram");
  if (!rd->err[0]) check_side(rd, s, players);
}

static int read_tree(const jnode *root, sim_summary *out, char *err, size_t errcap) {
  reader rd = {{0}, {0}};
  char w[64];
  memset(out, 0, sizeof *out);
  const jnode *fmt = get(root, "format");
  if (!fmt || fmt->type != J_STR || fmt->slen != 19 || memcmp(fmt->s, "carcassonne-study-1", 19)) {
    snprintf(err, errcap, "not a study summary (no \"format\": \"carcassonne-study-1\")");
    return 0;
  }
  const jnode *st = get(root, "study"), *rules = get(st, "rules");
  sim_config *c = &out->cfg;
  c->against = count(rules) == 2;
  snprintf(rd.at, sizeof rd.at, "study");
  if (count(rules) < 1 || count(rules) > 2) fail(&rd, "rules: one or two");
  for (int r = 0; r <= c->against && !rd.err[0]; r++) {
    text(&rd, at(rules, r), c->rules[r], sizeof c->rules[r], path(w, sizeof w, "rules[%d]", r, 0));
    if (!strcmp(c->rules[r], "base")) c->rules[r][0] = 0;
  }
  c->players = (int)num(&rd, get(st, "players"), "players");
  if (c->players < 2 || c->players > SIM_SEATS) fail(&rd, "players: not within 2..5");
  const jnode *bots = get(st, "bots");
  if (count(bots) != c->players) fail(&rd, "bots: one a player");
  for (int p = 0; p < c->players && !rd.err[0]; p++) {
    char b[16];
    text(&rd, at(bots, p), b, sizeof b, path(w, sizeof w, "bots[%d]", p, 0));
    if ((c->bot[p] = sim_bot_parse(b)) < 0) fail(&rd, path(w, sizeof w, "bots[%d]: random or greedy", p, 0));
  }
  c->seed = (uint64_t)num(&rd, get(st, "seed"), "seed");
  c->games_total = num(&rd, get(st, "games"), "games");
  c->first = num(&rd, get(st, "first"), "first");
  c->count = num(&rd, get(st, "count"), "count");
  rd.at[0] = 0;
  const jnode *sets = get(root, "rulesets");
  if (count(sets) != c->against + 1) fail(&rd, "rulesets: one a study rule");
  for (int r = 0; r <= c->against && !rd.err[0]; r++) {
    snprintf(rd.at, sizeof rd.at, "rulesets[%d]", r);
    read_side(&rd, at(sets, r), &out->side[r], c->players, c->count);
  }
  if (c->against && !rd.err[0]) {
    snprintf(rd.at, sizeof rd.at, "against");
    const jnode *seats = get(get(root, "against"), "seats");
    sim_pair *p = &out->pair;
    p->same_winner = num(&rd, get(get(root, "against"), "same_winners"), "same_winners");
    if (count(seats) != c->players) fail(&rd, "seats: one a player");
    for (int q = 0; q < c->players && !rd.err[0]; q++) {
      const jnode *d = get(at(seats, q), "score_diff"), *wd = get(at(seats, q), "win_diff");
      p->diff_sum[q] = num(&rd, get(d, "sum"), path(w, sizeof w, "seats[%d].score_diff.sum", q, 0));
      p->diff_sq[q] = num(&rd, get(d, "sum_sq"), path(w, sizeof w, "seats[%d].score_diff.sum_sq", q, 0));
      p->wdiff_sum[q] = num(&rd, get(wd, "sum"), path(w, sizeof w, "seats[%d].win_diff.sum", q, 0));
      p->wdiff_sq[q] = num(&rd, get(wd, "sum_sq"), path(w, sizeof w, "seats[%d].win_diff.sum_sq", q, 0));
    }
  }
  rd.at[0] = 0;
  if (c->against && !rd.err[0]) { /* what the pair of rulesets could have written */
    const sim_pair *pp = &out->pair;
    const int64_t n = c->count;
    snprintf(rd.at, sizeof rd.at, "against");
    if (pp->same_winner < 0 || pp->same_winner > n) fail(&rd, "same_winners: not within 0..games");
    for (int q = 0; q < c->players; q++) {
      if (pp->wdiff_sum[q] < -n || pp->wdiff_sum[q] > n || !squares_fit(pp->wdiff_sum[q], pp->wdiff_sq[q], n))
        fail(&rd, path(w, sizeof w, "seats[%d].win_diff: not what games can give", q, 0));
      if (!squares_fit(pp->diff_sum[q], pp->diff_sq[q], n))
        fail(&rd, path(w, sizeof w, "seats[%d].score_diff: sum and sum_sq disagree", q, 0));
    }
    rd.at[0] = 0;
  }
  if (rd.err[0]) {
    snprintf(err, errcap, "bad or missing field in the summary: %s", rd.err);
    return 0;
  }
  return 1;
}

int sim_read_json(const char *json, sim_summary *out, char *err, size_t errcap) {
  if (!strncmp(json, "\xEF\xBB\xBF", 3)) json += 3; /* a byte-order mark some editors write */
  parser ps = {json, NULL, 0, 0, NULL};
  ps.cap = strlen(json) / 2 + 16; /* a node takes at least two characters */
  ps.pool = malloc(ps.cap * sizeof *ps.pool);
  if (!ps.pool) {
    snprintf(err, errcap, "out of memory");
    return 0;
  }
  jnode *root = value(&ps, 0);
  if (root) {
    ws(&ps);
    if (*ps.p) ps.err = "text after the summary", root = NULL;
  }
  int ok = 0;
  if (!root) {
    /* where the parse stopped, as an editor counts: line and column from 1,
     * a character of several UTF-8 bytes one column, a lone \r a line break */
    int line = 1, col = 1;
    for (const char *c = json; c < ps.p && *c; c++) {
      const bool brk = *c == '\n' || (*c == '\r' && c[1] != '\n');
      col = brk ? 1 : col + ((*c & 0xC0) != 0x80);
      line += brk;
    }
    const char *p = json;
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
    if (!*p) snprintf(err, errcap, "not valid JSON: the file is empty");
    else
      snprintf(err, errcap, "not valid JSON at line %d, column %d: %s%s", line, col, ps.err ? ps.err : "?",
               *ps.p ? "" : " (the text ends there: a cut file?)");
  } else {
    ok = read_tree(root, out, err, errcap);
  }
  free(ps.pool);
  return ok;
}

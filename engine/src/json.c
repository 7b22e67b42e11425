/* json.c - a tiny JSON reader (see json.h). */
#include "json.h"
#include <stdio.h>
#include <stdlib.h>

#define JSON_MAX_DEPTH 64
#define BLOCK_SIZE 16384

typedef struct block {
  struct block *next;
  size_t size;
} block;

typedef struct parser {
  json_doc *d;
  const char *s;
  size_t i;
  char *err;
  size_t errcap;
  bool failed;
  /* where the parse is: per open container, the member name (objects) or
   * element index (arrays) being read, so that a syntax error names the
   * same path a bad value does */
  int top;
  const char *key[JSON_MAX_DEPTH];
  int index[JSON_MAX_DEPTH];
} parser;

static void *arena(json_doc *d, size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (n > d->left) {
    size_t size = n + sizeof(block) + 16 > BLOCK_SIZE ? n + sizeof(block) + 16 : BLOCK_SIZE;
    block *b = carc_mem(d->e, NULL, 0, size);
    if (!b) return NULL;
    b->next = d->blocks;
    b->size = size;
    d->blocks = b;
    d->cur = (char *)b + ((sizeof(block) + 15) & ~(size_t)15);
    d->left = size - (size_t)(d->cur - (char *)b);
  }
  void *p = d->cur;
  d->cur += n;
  d->left -= n;
  return p;
}

void json_free(json_doc *d) {
  block *b = d->blocks;
  while (b) {
    block *n = b->next;
    carc_mem(d->e, b, b->size, 0);
    b = n;
  }
  d->blocks = NULL;
  d->cur = NULL;
  d->left = 0;
  d->root = NULL;
}

void json_where(const json_doc *d, size_t pos, int *line, int *col) {
  int l = 1, c = 1;
  for (size_t i = 0; i < pos && d->text[i]; i++) {
    if (d->text[i] == '\n') l = count_on(l), c = 1;
    else c = count_on(c);
  }
  *line = l;
  *col = c;
}

/* The parse's path, as a save's value errors spell it (tiles[3].x): member
 * names cut at 40 bytes between characters ("" for an empty one), the
 * path's end kept when it is long ("..." for what is left out). Control
 * bytes are the message's to clean (the save's loader does). */
static void path_text(const parser *p, char *out, size_t cap) {
  char full[JSON_MAX_DEPTH * 48];
  size_t n = 0;
  full[0] = '\0'; /* outside any container: no path */
  for (int k = 0; k < p->top && n + 48 < sizeof full; k++) {
    if (!p->key[k]) {
      n += (size_t)snprintf(full + n, sizeof full - n, "[%d]", p->index[k]);
      continue;
    }
    const size_t len = utf8_fit(p->key[k], 40);
    n += (size_t)snprintf(full + n, sizeof full - n, "%s%.*s%s", k > 0 ? "." : "", len ? (int)len : 2,
                          len ? p->key[k] : "\"\"", len < strlen(p->key[k]) ? "..." : "");
  }
  if (n < cap) {
    memcpy(out, full, n + 1);
    return;
  }
  /* the innermost part, where the error is, from a character's start */
  const char *tail = full + n - (cap - 5);
  while (((unsigned char)*tail & 0xC0) == 0x80) tail++;
  snprintf(out, cap, "...%s", tail);
}

static bool fail(parser *p, size_t pos, const char *what) {
  if (p->failed) return false;
  p->failed = true;
  int line, col;
  json_where(p->d, pos, &line, &col);
  if (!p->err || !p->errcap) return false;
  char path[200];
  path_text(p, path, sizeof path);
  if (path[0])
    snprintf(p->err, p->errcap, "JSON line %d, column %d, at %s: %s", line, col, path, what);
  else
    snprintf(p->err, p->errcap, "JSON line %d, column %d: %s", line, col, what);
  return false;
}

static void skip_ws(parser *p) {
  for (;;) {
    char c = p->s[p->i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') p->i++;
    else return;
  }
}

static json_value *node(parser *p, json_type t) {
  json_value *v = arena(p->d, sizeof *v);
  if (!v) {
    fail(p, p->i, "out of memory");
    return NULL;
  }
  memset(v, 0, sizeof *v);
  v->type = (uint8_t)t;
  v->pos = (uint32_t)p->i; /* json_parse: the text is shorter than 4 GiB */
  return v;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool read_hex4(parser *p, unsigned *out) {
  unsigned v = 0;
  for (int k = 0; k < 4; k++) {
    int h = hexval(p->s[p->i + (size_t)k]);
    if (h < 0) return fail(p, p->i, "bad \\u escape in a string");
    v = v * 16 + (unsigned)h;
  }
  p->i += 4;
  *out = v;
  return true;
}

/* Reads a string at p->i (the opening quote) into the arena. */
static const char *parse_string(parser *p, size_t *len) {
  size_t start = p->i++;
  size_t n = 0; /* decoded length is at most the raw length */
  while (p->s[p->i + n] && p->s[p->i + n] != '"') n += p->s[p->i + n] == '\\' && p->s[p->i + n + 1] ? 2 : 1;
  if (!p->s[p->i + n]) {
    fail(p, start, "unterminated string (unexpected end of input)");
    return NULL;
  }
  char *out = arena(p->d, n + 1);
  if (!out) {
    fail(p, start, "out of memory");
    return NULL;
  }
  size_t o = 0;
  for (;;) {
    unsigned char c = (unsigned char)p->s[p->i];
    if (c == '"') break;
    if (c < 0x20) {
      fail(p, p->i, "control character in a string");
      return NULL;
    }
    if (c != '\\') {
      out[o++] = (char)c;
      p->i++;
      continue;
    }
    char esc = p->s[p->i + 1];
    p->i += 2;
    switch (esc) {
      case '"': out[o++] = '"'; break;
      case '\\': out[o++] = '\\'; break;
      case '/': out[o++] = '/'; break;
      case 'b': out[o++] = '\b'; break;
      case 'f': out[o++] = '\f'; break;
      case 'n': out[o++] = '\n'; break;
      case 'r': out[o++] = '\r'; break;
      case 't': out[o++] = '\t'; break;
      case 'u': {
        unsigned cp;
        if (!read_hex4(p, &cp)) return NULL;
        if (cp >= 0xD800 && cp < 0xDC00 && p->s[p->i] == '\\' && p->s[p->i + 1] == 'u') {
          unsigned lo;
          p->i += 2;
          if (!read_hex4(p, &lo)) return NULL;
          if (lo < 0xDC00 || lo > 0xDFFF) {
            fail(p, p->i - 6, "bad surrogate pair in a string");
            return NULL;
          }
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        if (cp == 0) {
          fail(p, p->i - 6, "\\u0000 is not allowed in a string");
          return NULL;
        }
        /* at most 4 bytes; the escape took at least 6 raw characters */
        if (cp < 0x80) out[o++] = (char)cp;
        else if (cp < 0x800) {
          out[o++] = (char)(0xC0 | (cp >> 6));
          out[o++] = (char)(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
          out[o++] = (char)(0xE0 | (cp >> 12));
          out[o++] = (char)(0x80 | ((cp >> 6) & 0x3F));
          out[o++] = (char)(0x80 | (cp & 0x3F));
        } else {
          out[o++] = (char)(0xF0 | (cp >> 18));
          out[o++] = (char)(0x80 | ((cp >> 12) & 0x3F));
          out[o++] = (char)(0x80 | ((cp >> 6) & 0x3F));
          out[o++] = (char)(0x80 | (cp & 0x3F));
        }
        break;
      }
      default:
        fail(p, p->i - 2, "bad escape in a string");
        return NULL;
    }
  }
  p->i++; /* closing quote */
  out[o] = '\0';
  *len = o;
  return out;
}

static json_value *parse_value(parser *p, int depth);

/* Objects up to DUP_CHECKED members compare each new name with those before
 * it (the objects a save holds); a larger one is checked once it closes, its
 * names sorted, so that a parse stays O(n log n) and a name given twice is
 * refused in every object. */
#define DUP_CHECKED 256

static int cmp_member(const void *a, const void *b) {
  const json_value *x = *(const json_value *const *)a, *y = *(const json_value *const *)b;
  const int c = strcmp(x->key, y->key);
  return c ? c : (x->key_pos > y->key_pos) - (x->key_pos < y->key_pos);
}

/* Object v's first member (in the text) whose name an earlier member has,
 * or NULL; for objects past DUP_CHECKED members. False when out of memory. */
static bool later_duplicate(parser *p, const json_value *v, const json_value **dup) {
  const json_value **m = arena(p->d, sizeof *m * (size_t)v->count);
  if (!m) return false;
  int n = 0;
  for (const json_value *c = v->child; c; c = c->next) m[n++] = c;
  qsort(m, (size_t)n, sizeof *m, cmp_member);
  *dup = NULL;
  for (int i = 1; i < n; i++)
    if (strcmp(m[i - 1]->key, m[i]->key) == 0 && (!*dup || m[i]->key_pos < (*dup)->key_pos)) *dup = m[i];
  return true;
}

static json_value *parse_container(parser *p, int depth, bool object) {
  json_value *v = node(p, object ? JSON_OBJECT : JSON_ARRAY);
  if (!v) return NULL;
  if (depth >= JSON_MAX_DEPTH) {
    fail(p, p->i, "nested too deeply");
    return NULL;
  }
  char close = object ? '}' : ']';
  p->i++;
  skip_ws(p);
  json_value **tail = &v->child;
  if (p->s[p->i] == close) {
    p->i++;
    return v;
  }
  for (;;) {
    skip_ws(p);
    const char *key = NULL;
    size_t at = 0;
    if (object) {
      size_t klen;
      if (p->s[p->i] != '"') {
        fail(p, p->i, p->s[p->i] ? "expected a member name in quotes" : "unexpected end of input");
        return NULL;
      }
      at = p->i;
      key = parse_string(p, &klen);
      if (!key) return NULL;
      p->key[depth] = key;
      p->top = depth + 1;
      /* a name given twice is ambiguous: refused (here up to DUP_CHECKED
       * members, past them when the object closes) */
      for (const json_value *m = v->count < DUP_CHECKED ? v->child : NULL; m; m = m->next)
        if (strcmp(m->key, key) == 0) {
          fail(p, at, "duplicate member name");
          return NULL;
        }
      skip_ws(p);
      if (p->s[p->i] != ':') {
        fail(p, p->i, p->s[p->i] ? "expected ':' after a member name" : "unexpected end of input");
        return NULL;
      }
      p->i++;
    }
    p->key[depth] = key;
    p->index[depth] = v->count;
    p->top = depth + 1;
    json_value *c = parse_value(p, depth + 1);
    if (!c) return NULL;
    p->top = depth;
    c->key = key;
    c->key_pos = (uint32_t)at;
    *tail = c;
    tail = &c->next;
    v->count++;
    skip_ws(p);
    char ch = p->s[p->i];
    if (ch == ',') {
      p->i++;
      continue;
    }
    if (ch == close) {
      p->i++;
      if (object && v->count > DUP_CHECKED) {
        const json_value *dup;
        if (!later_duplicate(p, v, &dup)) {
          fail(p, p->i, "out of memory");
          return NULL;
        }
        if (dup) {
          p->key[depth] = dup->key;
          p->top = depth + 1;
          fail(p, dup->key_pos, "duplicate member name");
          return NULL;
        }
      }
      return v;
    }
    if (!ch) fail(p, p->i, "unexpected end of input");
    else fail(p, p->i, object ? "expected ',' or '}'" : "expected ',' or ']'");
    return NULL;
  }
}

static json_value *parse_number(parser *p) {
  json_value *v = node(p, JSON_NUMBER);
  if (!v) return NULL;
  if (p->s[p->i] == '-') {
    v->negative = 1;
    p->i++;
  }
  char c = p->s[p->i];
  if (c < '0' || c > '9') {
    fail(p, v->pos, "bad number");
    return NULL;
  }
  if (c == '0' && p->s[p->i + 1] >= '0' && p->s[p->i + 1] <= '9') {
    fail(p, v->pos, "leading zeros are not allowed in a number");
    return NULL;
  }
  uint64_t m = 0;
  while (p->s[p->i] >= '0' && p->s[p->i] <= '9') {
    unsigned d = (unsigned)(p->s[p->i] - '0');
    if (m > (UINT64_MAX - d) / 10) {
      fail(p, v->pos, "number too large");
      return NULL;
    }
    m = m * 10 + d;
    p->i++;
  }
  c = p->s[p->i];
  if (c == '.' || c == 'e' || c == 'E') {
    fail(p, v->pos, "only whole numbers are expected");
    return NULL;
  }
  v->magnitude = m;
  return v;
}

static bool literal(parser *p, const char *word) {
  size_t n = strlen(word);
  if (strncmp(p->s + p->i, word, n) != 0) return false;
  p->i += n;
  return true;
}

static json_value *parse_value(parser *p, int depth) {
  skip_ws(p);
  char c = p->s[p->i];
  json_value *v;
  switch (c) {
    case '{': return parse_container(p, depth, true);
    case '[': return parse_container(p, depth, false);
    case '"': {
      v = node(p, JSON_STRING);
      if (!v) return NULL;
      size_t len = 0;
      v->str = parse_string(p, &len);
      v->len = (uint32_t)len;
      return v->str ? v : NULL;
    }
    case 't': case 'f': case 'n':
      v = node(p, c == 'n' ? JSON_NULL : JSON_BOOL);
      if (!v) return NULL;
      if (literal(p, "true")) v->boolean = 1;
      else if (literal(p, "false")) v->boolean = 0;
      else if (!literal(p, "null")) {
        fail(p, p->i, "unexpected word (expected true, false or null)");
        return NULL;
      }
      return v;
    case '\0':
      fail(p, p->i, "unexpected end of input");
      return NULL;
    default:
      if (c == '-' || (c >= '0' && c <= '9')) return parse_number(p);
      fail(p, p->i, "unexpected character");
      return NULL;
  }
}

bool json_parse(json_doc *d, carc_engine *e, const char *text, char *err, size_t errcap) {
  memset(d, 0, sizeof *d);
  d->e = e;
  d->text = text ? past_bom(text) : ""; /* positions count from past it */
  parser p = {.d = d, .s = d->text, .err = err, .errcap = errcap};
  if (strlen(d->text) > (size_t)UINT32_MAX) /* the nodes keep 32-bit offsets */
    return fail(&p, 0, "the text is longer than 4 GiB");
  json_value *root = parse_value(&p, 0);
  if (!root) return false;
  skip_ws(&p);
  if (p.s[p.i]) return fail(&p, p.i, "unexpected text after the end of the document");
  d->root = root;
  return true;
}

const json_value *json_get(const json_value *obj, const char *key) {
  if (!obj || obj->type != JSON_OBJECT) return NULL;
  for (const json_value *c = obj->child; c; c = c->next)
    if (strcmp(c->key, key) == 0) return c;
  return NULL;
}

const json_value *json_at(const json_value *arr, int i) {
  if (!arr || arr->type != JSON_ARRAY || i < 0) return NULL;
  const json_value *c = arr->child;
  while (c && i-- > 0) c = c->next;
  return c;
}

const char *json_type_name(json_type t) {
  static const char *const names[] = {"null", "a boolean", "a number", "a string", "an array", "an object"};
  return (unsigned)t <= JSON_OBJECT ? names[t] : "?";
}

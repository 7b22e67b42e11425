/* util.c - memory through the engine's allocator, error messages, names. */
#include "internal.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void *carc_mem(carc_engine *e, void *p, size_t old, size_t size) {
  return e->alloc(e->alloc_ud, p, old, size);
}

static void vformat(char *dst, const char *fmt, va_list ap) {
  vsnprintf(dst, ERR_CAP, fmt, ap);
}

int engine_fail(carc_engine *e, carc_result r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vformat(e->err, fmt, ap);
  va_end(ap);
  return (int)r;
}

int game_fail(carc_game *g, carc_result r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vformat(g->err, fmt, ap);
  va_end(ap);
  return (int)r;
}

carc_result engine_without_games(carc_engine *e, const char *what) {
  const int n = atomic_load_explicit(&e->games, memory_order_relaxed);
  if (n == 0) return CARC_OK;
  return engine_fail(e, CARC_ERR_STATE, "%s: the engine has %d game%s alive, made without it (define it before the "
                     "first game)", what, n, n == 1 ? "" : "s");
}

/* Length of the UTF-8 sequence at s (1..4), or 0 if it is not one: no
 * over-long form, surrogate or code point past U+10FFFF. */
int utf8_len(const unsigned char *s) {
  const unsigned c = s[0];
  if (c < 0x80) return 1;
  int n = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (!n || c == 0xC0 || c == 0xC1 || c > 0xF4) return 0;
  for (int k = 1; k < n; k++)
    if ((s[k] & 0xC0) != 0x80) return 0;
  if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0) || (c == 0xF0 && s[1] < 0x90) ||
      (c == 0xF4 && s[1] >= 0x90))
    return 0;
  return n;
}

bool utf8_control(const unsigned char *s, int n) {
  return (n == 1 && (s[0] < 0x20 || s[0] == 0x7F)) || (n == 2 && s[0] == 0xC2 && s[1] < 0xA0);
}

void text_one_line(char *s) {
  unsigned char *p = (unsigned char *)s;
  while (*p) {
    const int n = utf8_len(p);
    if (n == 0 || utf8_control(p, n)) {
      const int skip = n ? n : 1;
      for (int k = 0; k < skip; k++) p[k] = '?';
      p += skip;
      continue;
    }
    p += n;
  }
}

size_t utf8_fit(const char *s, size_t max) {
  size_t n = strlen(s);
  if (n <= max) return n;
  while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80) max--;
  return max;
}

bool stack_pair_ok(int active, int rest, int cards) {
  if (active == 0) return rest == 0;
  if (active < 0 || active > cards || rest < 0) return false;
  unsigned seen = 1u << active;
  for (int k = 0; k < cards - 1; k++, rest >>= 4) {
    const int card = rest & 15;
    if (card < 1 || card > cards || (seen >> card & 1)) return false;
    seen |= 1u << card;
  }
  return rest == 0;
}

bool name_valid(const char *name) {
  const unsigned char *s = (const unsigned char *)name;
  size_t n = 0;
  while (s[n]) {
    const int k = utf8_len(s + n);
    if (k == 0 || utf8_control(s + n, k)) return false;
    n += (size_t)k;
  }
  return n > 0 && n < CARC_MAX_NAME;
}

void copy_name(char *dst, const char *src) {
  size_t n = strlen(src);
  if (n >= CARC_MAX_NAME) n = CARC_MAX_NAME - 1;
  memcpy(dst, src, n);
  dst[n] = '\0';
}

int name_index(char names[][CARC_MAX_NAME], int n, const char *name) {
  for (int i = 0; name && i < n; i++)
    if (strcmp(names[i], name) == 0) return i;
  return -1;
}

const char *carc_version(void) { return CARC_VERSION; }

const char *carc_result_name(carc_result r) {
  static const char *const names[] = {"ok", "bad argument", "parse error", "unknown name",
                                      "illegal move", "wrong phase", "out of memory",
                                      "script error", "limit reached"};
  return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "unknown result";
}

void text_put(text_out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) o->len += (size_t)n;
}

static void put_char(text_out *o, char c) {
  if (o->len + 1 < o->cap) {
    o->buf[o->len] = c;
    o->buf[o->len + 1] = '\0';
  }
  o->len++;
}

void text_put_json(text_out *o, const char *s) {
  put_char(o, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      put_char(o, '\\');
      put_char(o, (char)c);
    } else if (c < 0x20) {
      text_put(o, "\\u%04x", c);
    } else {
      put_char(o, (char)c);
    }
  }
  put_char(o, '"');
}

const char *json_quoted(char buf[JSON_QUOTED_CAP], const char *s) {
  text_out o = {buf, JSON_QUOTED_CAP, 0};
  text_put_json(&o, s);
  return buf;
}

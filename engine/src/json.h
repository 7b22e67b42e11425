/* json.h - a tiny JSON reader for saved games. Not API.
 *
 * Parses a whole text into a tree whose nodes live in one arena allocated
 * through the engine's allocator. Numbers keep their integer value exactly
 * (sign and 64-bit magnitude); fractions and exponents are rejected, since
 * nothing the engine saves needs them. Every node remembers its offset in
 * the text so that errors can name a line and column. */
#ifndef CARC_JSON_H
#define CARC_JSON_H

#include "internal.h"

typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

/* 64 bytes: a save's tree takes a node a value, so offsets and lengths
 * are 32 bits (json_parse refuses a text past 4 GiB). */
typedef struct json_value {
  uint8_t type;               /* json_type */
  uint8_t boolean;
  uint8_t negative;           /* numbers: sign and magnitude */
  uint32_t pos;               /* offset of the value's first character */
  uint32_t key_pos;           /* a member's: the offset of its name's opening quote */
  int count;                  /* arrays and objects: number of children */
  const char *key;            /* member name, for members of an object */
  uint64_t magnitude;
  const char *str;            /* strings: NUL-terminated, escapes decoded */
  uint32_t len;
  struct json_value *child, *next;
} json_value;

typedef struct json_doc {
  carc_engine *e;
  void *blocks;               /* arena blocks, linked */
  char *cur;
  size_t left;
  const char *text;
  json_value *root;
} json_doc;

/* Parses `text`; on failure returns false with a message naming the line and
 * column in err. json_free releases the tree in both cases. */
bool json_parse(json_doc *d, carc_engine *e, const char *text, char *err, size_t errcap);
void json_free(json_doc *d);
/* Line and column (1-based) of an offset in the parsed text. */
void json_where(const json_doc *d, size_t pos, int *line, int *col);
/* The first member named `key` of an object, or NULL. */
const json_value *json_get(const json_value *obj, const char *key);
/* The i-th element of an array, or NULL. */
const json_value *json_at(const json_value *arr, int i);
const char *json_type_name(json_type t);

#endif

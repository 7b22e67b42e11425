/* xml_char.h - which bytes of a name an SVG may hold as they are. Names
 * are the user's (a kind, a handler, a town): they may hold bytes that are
 * no UTF-8, or characters XML 1.0 allows in no form (controls other than
 * tab, line feed and return; surrogates; U+FFFE and U+FFFF), and one such
 * byte makes the whole picture unreadable. Header-only: the engine's board
 * picture and the program's pipeline picture both draw names. */
#ifndef CARC_XML_CHAR_H
#define CARC_XML_CHAR_H
#include <stddef.h>

/* The bytes of the character at s (1 to 4) when XML 1.0 allows it and it is
 * well-formed UTF-8 within `left` bytes. Otherwise show one '?' and go on
 * past minus the result: a character XML refuses (a control, U+FFFF ...)
 * as a whole, a byte that begins no character alone. DEL counts as a
 * control. */
static inline int xml_char_bytes(const unsigned char *s, size_t left) {
  const unsigned c = s[0];
  if (c < 0x80) return (c >= 0x20 && c != 0x7F) || c == '\t' || c == '\n' || c == '\r' ? 1 : -1;
  int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (!n || (size_t)n > left || c > 0xF4) return -1;
  unsigned cp = c & (0x7Fu >> n);
  for (int i = 1; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80) return -1;
    cp = cp << 6 | (s[i] & 0x3Fu);
  }
  static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000}; /* shorter forms are overlong */
  if (cp < least[n] || cp > 0x10FFFF) return -1;
  return (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF ? -n : n;
}

#endif

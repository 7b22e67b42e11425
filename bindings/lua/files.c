/* files.c - reading a user's text file, and showing its name in a message
 * (files.h). */
#define _POSIX_C_SOURCE 200809L /* open, fdopen */
#include "files.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *read_text_stream(FILE *f, size_t limit, size_t *len) {
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
    n += got;
    if (n > limit) {
      free(buf);
      buf = NULL;
      errno = EFBIG;
      break;
    }
    if (n + 1 >= cap) {
      char *more = realloc(buf, cap * 2);
      if (!more) free(buf);
      buf = more;
      cap *= 2;
    }
  }
  if (buf && ferror(f)) {
    free(buf);
    buf = NULL;
    errno = EIO;
  }
  if (!buf) return NULL;
  buf[n] = '\0';
  if (len) *len = n;
  return buf;
}

char *read_text_file(const char *path, size_t limit, size_t *len) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return NULL;
  struct stat st = {0};
  FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "rb") : NULL;
  if (!f) {
    const int why = S_ISDIR(st.st_mode) ? EISDIR : EINVAL; /* not a regular file */
    close(fd);
    errno = why;
    return NULL;
  }
  char *text = read_text_stream(f, limit, len);
  const int why = errno;
  fclose(f);
  errno = why;
  return text;
}

const char *shown_text(const char *s, char *buf, size_t cap) {
  size_t n = 0;
  for (; s[n] && n + 1 < cap; n++) buf[n] = (unsigned char)s[n] < 0x20 || s[n] == 0x7f ? '?' : s[n];
  while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--; /* cut short: between characters */
  buf[n] = '\0';
  return buf;
}

const char *read_failure(int err, const char *too_large) {
  return err == EISDIR ? "it is a folder, not a file"
         : err == EINVAL ? "it is not a regular file"
         : err == EFBIG ? too_large
         : err ? strerror(err) : "out of memory";
}

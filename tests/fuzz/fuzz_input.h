/* fuzz_input.h - helpers shared by the fuzz targets: libFuzzer hands bytes
 * without a terminating NUL; the engine's parsers take C strings or files. */
#ifndef CARC_FUZZ_INPUT_H
#define CARC_FUZZ_INPUT_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A NUL-terminated copy of the input (caller frees), or NULL. */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) return NULL;
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* Writes the input to a fresh file under TMPDIR with `suffix` (for the
 * loaders that take a path); writes the path into `path`. 0 on failure. */
static inline int fuzz_file(const uint8_t *data, size_t size, const char *suffix, char *path, size_t cap) {
  const char *dir = getenv("TMPDIR");
  snprintf(path, cap, "%s/carc-fuzz-%ld-XXXXXX%s", dir && *dir ? dir : "/tmp", (long)getpid(), suffix);
  int fd = mkstemps(path, (int)strlen(suffix));
  if (fd < 0) return 0;
  int ok = write(fd, data, size) == (ssize_t)size;
  close(fd);
  if (!ok) unlink(path);
  return ok;
}
#endif

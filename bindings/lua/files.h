/* files.h - reading a user's text file, and showing its name in a one-line
 * message. Shared by the Lua binding (maps, scenario files) and the
 * carcassonne program (saves, study summaries), which compiles files.c in:
 * the binding's shared library exports none of it. No Lua here. */
#ifndef CARC_FILES_H
#define CARC_FILES_H
#include <stddef.h>
#include <stdio.h>

/* A regular file's text, NUL-terminated and malloc'd, its length in *len;
 * NULL with errno set if it cannot be read: opened without blocking and
 * refused unless regular (EINVAL: a FIFO would wait for a writer for ever,
 * a device such as /dev/zero never ends; EISDIR: a folder), or longer than
 * `limit` bytes (EFBIG). */
char *read_text_file(const char *path, size_t limit, size_t *len);
/* The same for an open stream (standard input), read to its end. */
char *read_text_stream(FILE *f, size_t limit, size_t *len);
/* Why read_text_file failed, from the errno it left ("it is a folder, not
 * a file", "Permission denied" ...); `too_large` for a file past the limit. */
const char *read_failure(int err, const char *too_large);
/* `s` as a message shows it, in buf (which may be s): a control byte (a
 * newline in a file's name would split the line, an escape would reach the
 * terminal) as '?'. */
const char *shown_text(const char *s, char *buf, size_t cap);

#endif

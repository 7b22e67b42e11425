#define _DEFAULT_SOURCE
/* maps.c - `carcassonne maps`: lists the maps of the search path (or the
 * folders given) with their size, start squares and recommended tiles. */
#include "carc_lua.h"
#include "cli.h"
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>


static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int list_dir(const char *dir) {
  errno = 0;
  DIR *d = opendir(dir);
  if (!d) {
    char shown[1024];
    shown_text(dir, shown, sizeof shown);
    if (errno == ENOTDIR) /* a map file: its folder lists it */
      fprintf(stderr, "carcassonne maps: %s is a file, not a folder ('carcassonne maps FOLDER' lists a folder's "
              "maps)\n", shown);
    else fprintf(stderr, "carcassonne maps: cannot open the folder %s: %s\n", shown, strerror(errno));
    return 1;
  }
  char **names = NULL;
  int n = 0, cap = 0;
  bool full = false; /* out of memory: the list would be cut short */
  for (struct dirent *de; (de = readdir(d));) {
    size_t len = strlen(de->d_name);
    if (len <= 4 || strcmp(de->d_name + len - 4, ".map")) continue;
    if (n == cap) {
      const int more_cap = cap ? cap * 2 : 64;
      char **more = realloc(names, sizeof *names * (size_t)more_cap);
      if (!more) {
        full = true;
        break;
      }
      names = more;
      cap = more_cap;
    }
    if (!(names[n] = strdup(de->d_name))) {
      full = true;
      break;
    }
    n++;
  }
  closedir(d);
  char shown_dir[1024];
  shown_text(dir, shown_dir, sizeof shown_dir);
  if (full || n == 0) {
    if (full) fprintf(stderr, "carcassonne maps: out of memory listing the folder %s\n", shown_dir);
    else fprintf(stderr, "carcassonne maps: no maps (*.map files) in the folder %s\n", shown_dir);
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
    return 1;
  }
  qsort(names, (size_t)n, sizeof names[0], by_name);
  int bad = 0;
  printf("%-14s %-34s %7s %7s %6s %9s  %s\n", "map", "name", "size", "squares", "starts", "tiles", "printed");
  for (int i = 0; i < n; i++) {
    char path[1024], err[768];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    names[i][strlen(names[i]) - 4] = '\0';
    carc_engine *e = carc_engine_new(NULL, NULL);
    if (!e) {
      bad = 1;
      free(names[i]);
      continue;
    }
    char shown[256];
    shown_text(names[i], shown, sizeof shown);
    if (carc_map_file_load(e, path, NULL, err, sizeof err) != CARC_OK) {
      printf("%-14s error: %s\n", shown, err);
      bad = 1;
    } else {
      carc_map_info mi;
      carc_engine_map_info(e, &mi);
      char size[16], starts[16], tiles[16];
      snprintf(size, sizeof size, "%dx%d", mi.width, mi.height);
      snprintf(starts, sizeof starts, "%d of %d", mi.starts_used, mi.starts);
      snprintf(tiles, sizeof tiles, "%d-%d", mi.tiles_min, mi.tiles_max);
      /* the name in 34 bytes, cut between characters, padded as %-34s would */
      int cut = (int)strlen(mi.name) < 34 ? (int)strlen(mi.name) : 34;
      while (cut > 0 && ((unsigned char)mi.name[cut] & 0xC0) == 0x80) cut--;
      int chars = 0;
      for (int k = 0; k < cut; k++) chars += ((unsigned char)mi.name[k] & 0xC0) != 0x80;
      printf("%-14s %.*s%*s %7s %7d %6s %9s  %d large cit%s, %d abroad, %d ferr%s, %d island square%s, "
             "%d town%s%s\n", shown, cut, mi.name, 34 - chars, "", size, mi.squares, starts, tiles, mi.large_cities,
             mi.large_cities == 1 ? "y" : "ies", mi.abroad, mi.ferries, mi.ferries == 1 ? "y" : "ies",
             mi.islands, mi.islands == 1 ? "" : "s", mi.towns, mi.towns == 1 ? "" : "s",
             mi.half_squares ? ", half squares (joins another map)" : "");
    }
    carc_engine_free(e);
    free(names[i]);
  }
  free(names);
  return bad;
}

int cli_maps(int argc, char **argv) {
  if (argc > 0 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
    printf("usage: carcassonne maps [DIR...]\n"
           "Lists the maps (*.map) in the maps folder (see 'carcassonne paths'), or in each DIR: the\n"
           "name, size (columns x rows), squares that take a tile, start squares used of\n"
           "those printed, the recommended number of tiles and the printed pieces.\n"
           "A pair file (join WEST EAST) lists the two maps joined. A map that does not\n"
           "load is listed with its error (file:line:column), and the status is 1; so\n"
           "is it for a folder that holds no map.\n");
    return 0;
  }
  if (argc == 0) { /* the first folder of the search path for maps that exists */
    char dir[4096], last[4096] = "maps";
    for (int i = 0; carc_engine_search_path(NULL, "maps", i, dir, sizeof dir, NULL) > 0; i++) {
      DIR *d = opendir(dir);
      if (d) {
        closedir(d);
        return list_dir(dir);
      }
      memcpy(last, dir, sizeof last);
    }
    return list_dir(last);
  }
  int bad = 0;
  for (int i = 0; i < argc; i++) bad |= list_dir(argv[i]);
  return bad;
}

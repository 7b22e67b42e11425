/* records.c - what a game remembers for people: scoring records with their
 * breakdowns, the JSON-lines event log, and the board drawn as text. */
#include "internal.h"
#include <stdio.h>

const char *carc_player_name(int p) {
  static const char *const names[CARC_MAX_PLAYERS] = {"red", "blue", "green", "yellow", "black", "gray"};
  return p >= 0 && p < CARC_MAX_PLAYERS ? names[p] : "?";
}

int carc_game_scorings(const carc_game *g) { return g->nrecords; }

carc_result carc_game_pending_award(carc_game *g, int feature, int player, int *award, int *scores) {
  if (feature < 0 || feature >= g->nsegs)
    return game_fail(g, CARC_ERR_ARGUMENT, "no segment %d (the board has %d)", feature, g->nsegs);
  if (player < 0 || player >= g->players)
    return game_fail(g, CARC_ERR_ARGUMENT, "no player %d (players are 0..%d)", player, g->players - 1);
  int root = feature_find(g, feature);
  for (int i = 0; i < g->nstaged; i++) {
    const staged *st = &g->stage[i];
    if (st->root != root || !st->ran) continue;
    if (award) *award = st->award[player];
    if (scores) *scores = (st->scorers >> player) & 1;
    return CARC_OK;
  }
  return game_fail(g, CARC_ERR_STATE, "the feature of segment %d is not being scored", feature);
}

carc_result carc_game_scoring(const carc_game *g, int i, carc_scoring_info *out) {
  if (i < 0 || i >= g->nrecords || !out) return CARC_ERR_ARGUMENT;
  *out = g->records[i].info;
  return CARC_OK;
}

static const char *handler_name_by_seq(const carc_engine *e, int seq) {
  for (int i = 0; i < e->nhandlers; i++)
    if (e->handlers[i].seq == seq) return e->handlers[i].name;
  for (int p = 0; p < CARC_HOOK_COUNT; p++) /* records of carc_game_add_score name hooks */
    for (int i = 0; i < e->nhooks[p]; i++)
      if (e->hooks[p][i].seq == seq) return e->hooks[p][i].name;
  return "engine";
}

/* A record of `points` given to player `p` by carc_game_add_score, naming
 * the hook that runs (if any). False, with nothing appended, when out of
 * memory. */
bool record_added_score(carc_game *g, int p, int points) {
  if (!mem_grow(g->e, (void **)&g->records, &g->cap_records, g->nrecords + 1, sizeof(record)) ||
      !mem_grow(g->e, (void **)&g->changes, &g->cap_changes, g->nchanges + 1, sizeof(record_change)))
    return false;
  record_change *c = &g->changes[g->nchanges];
  c->handler = (int16_t)(g->hook_running - 1);
  c->field = -3;
  c->player = (int8_t)p;
  c->before = 0;
  c->after = points;
  record *rc = &g->records[g->nrecords];
  memset(rc, 0, sizeof *rc);
  rc->info.kind = -1;
  rc->info.reason = CARC_BY_HOOK;
  rc->info.feature = -1;
  rc->info.turn = g->turn;
  rc->info.total = points;
  rc->info.award[p] = points;
  rc->info.changes = 1;
  rc->first_change = g->nchanges;
  g->nrecords++;
  g->nchanges++;
  return true;
}

carc_result carc_game_scoring_change(const carc_game *g, int i, int j, carc_change *out) {
  if (i < 0 || i >= g->nrecords || !out) return CARC_ERR_ARGUMENT;
  const record *rc = &g->records[i];
  if (j < 0 || j >= rc->info.changes) return CARC_ERR_ARGUMENT;
  const record_change *c = &g->changes[rc->first_change + j];
  out->handler = handler_name_by_seq(g->e, c->handler);
  out->field = c->field;
  out->player = c->player;
  out->before = c->before;
  out->after = c->after;
  return CARC_OK;
}


static int handler_priority_by_name(const carc_engine *e, const char *name) {
  int i = carc_handler_find(e, name);
  return i >= 0 ? e->handlers[i].priority : 0;
}

/* A segment's board ports as the tile notation writes them, a whole side by
 * its letter. It tells apart two features of one kind whose records lie on
 * the same tile (a road's two fields). */
static void put_ports(text_out *o, unsigned ports) {
  const char *sep = "";
  for (int side = 0; side < 4; side++) {
    const unsigned three = ports >> (3 * side) & 7;
    for (int k = 0; k < 3; k++) {
      if (!(three >> k & 1) || (three == 7 && k != 1)) continue; /* a whole side: its letter once */
      text_put(o, "%s%s", sep, port_name(3 * side + k));
      sep = ",";
    }
  }
}

size_t carc_board_segment_ports_text(const carc_game *g, int segment_id, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  text_out o = {buf, cap, 0};
  if (cap) buf[0] = '\0';
  put_ports(&o, g ? carc_board_segment_ports(g, segment_id) : 0); /* no port: a segment that does not exist */
  return o.len;
}

size_t carc_game_describe_scoring(const carc_game *g, int i, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  text_out o = {buf, cap, 0};
  if (cap) buf[0] = '\0';
  if (i < 0 || i >= g->nrecords) return 0;
  const record *rc = &g->records[i];
  const carc_scoring_info *in = &rc->info;
  const carc_engine *e = g->e;
  if (in->reason == CARC_BY_HOOK) {
    int p = g->changes[rc->first_change].player;
    text_put(&o, "points from %s: %s %+d\n", handler_name_by_seq(e, g->changes[rc->first_change].handler),
             carc_player_name(p), in->total);
    return o.len;
  }
  const seg_state *root = &g->segs[in->feature];
  const board_tile *bt = &g->tiles[root->tile];
  text_put(&o, "%s at (%d,%d)", carc_kind_name(e, in->kind), bt->x, bt->y);
  const bool twin = e->types[bt->type].segs_of_kind[root->kind] & ~(1u << root->idx); /* another of its kind there */
  const unsigned ports = carc_board_segment_ports(g, in->feature);
  if (twin && ports) { /* a monastery-like segment has no port to name */
    text_put(&o, " [");
    put_ports(&o, ports);
    text_put(&o, "]");
  }
  text_put(&o, ", %s: value %d;", in->reason == CARC_COMPLETED ? "completed" : "final scoring", in->total);
  /* the scorers: what the last "scores" change left, so a scorer who
   * receives 0 points is shown as +0, not as nobody */
  int scorer[CARC_MAX_PLAYERS] = {0};
  for (int j = 0; j < in->changes; j++) {
    const record_change *c = &g->changes[rc->first_change + j];
    if (c->field == -2 && c->player >= 0 && c->player < CARC_MAX_PLAYERS) scorer[c->player] = c->after != 0;
  }
  int any = 0;
  for (int p = 0; p < g->players; p++)
    if (in->award[p] || scorer[p]) {
      text_put(&o, " %s %+d", carc_player_name(p), in->award[p]);
      any = 1;
    }
  if (!any) text_put(&o, " nobody scores");
  text_put(&o, "\n");
  const char *last = NULL;
  for (int j = 0; j < in->changes; j++) {
    const record_change *c = &g->changes[rc->first_change + j];
    if (c->field == CARC_CHANGE_RAN) continue; /* the text shows what changed */
    const char *name = handler_name_by_seq(e, c->handler);
    if (name != last) {
      text_put(&o, "%s  %3d %-34s", last ? "\n" : "", handler_priority_by_name(e, name), name);
      last = name;
    } else {
      text_put(&o, ",");
    }
    if (c->field >= 0)
      text_put(&o, " %s %d -> %d", carc_ctx_field_name((carc_ctx_field)c->field), c->before, c->after);
    else if (c->field == -1)
      text_put(&o, " strength %s %d -> %d", carc_player_name(c->player), c->before, c->after);
    else if (c->field == -2)
      text_put(&o, " %s %s", carc_player_name(c->player), c->after ? "scores" : "does not score");
    else
      text_put(&o, " award %s %d -> %d", carc_player_name(c->player), c->before, c->after);
  }
  if (last) text_put(&o, "\n");
  return o.len;
}

size_t carc_game_log(const carc_game *g, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  if (cap) {
    size_t n = g->log_len < cap - 1 ? g->log_len : cap - 1;
    if (n) memcpy(buf, g->log, n);
    buf[n] = '\0';
  }
  return g->log_len;
}

/* An empty map square, 5x3 characters: sea, land, town, waves ... */
static void map_square_picture(const carc_engine *e, int x, int y, char pic[32]) {
  static const char *const rows[] = {
      " ~ ~ \n~ ~ ~\n ~ ~ \n", "     \n  .  \n     \n", "     \n  t  \n     \n",
      "+   +\n  s  \n+   +\n", "     \n  i  \n     \n", "wwwww\nwwwww\nwwwww\n",
      " hhh \nhhhhh\n hhh \n", " : : \n: : :\n : : \n", "     \n     \n     \n"};
  int k = carc_map_square(e, x, y);
  memcpy(pic, rows[k < 0 || k > CARC_SQ_CITY ? 0 : k], 19);
  if (k == CARC_SQ_ISLAND && carc_map_square_arms(e, x, y)) pic[8] = (char)('0' + carc_map_square_arms(e, x, y) % 10);
}

/* Each tile is 5x3 characters; a figure shows as its player's number. On a
 * map every square of the map is drawn, empty ones by what they are. */
size_t carc_game_render_board(const carc_game *g, char *buf, size_t cap) {
  if (!buf) cap = 0; /* a NULL buffer only sizes, whatever cap says */
  text_out o = {buf, cap, 0};
  if (cap) buf[0] = '\0';
  int minx = 0, maxx = 0, miny = 0, maxy = 0;
  carc_map_info mi;
  bool on_map = carc_engine_map_info(g->e, &mi);
  if (on_map) { /* the whole map, whatever lies on it */
    maxx = mi.width - 1;
    maxy = mi.height - 1;
  }
  for (int t = on_map ? g->ntiles : 0; t < g->ntiles; t++) {
    const board_tile *bt = &g->tiles[t];
    if (bt->x < minx) minx = bt->x;
    if (bt->x > maxx) maxx = bt->x;
    if (bt->y < miny) miny = bt->y;
    if (bt->y > maxy) maxy = bt->y;
  }
  text_put(&o, "board x %d..%d, y %d..%d (north up; # city, = road, . field, ~ water, M monastery, "
      "* another area kind; centre + road through, o crossing, # large city; 1-6 a player's "
      "figure, n a neutral figure, T a token)\n", minx, maxx, miny, maxy);
  if (on_map)
    text_put(&o, "map %s (empty squares: . land, t town, s start, i island or its coats of arms, ~ sea, "
        "w waves, h highlight, : half square)\n", mi.name);
  for (int y = miny; y <= maxy; y++) {
    for (int row = 0; row < 3; row++) {
      for (int x = minx; x <= maxx; x++) {
        int t = carc_board_tile_at(g, x, y);
        char pic[32] = "     \n     \n     \n";
        if (t < 0 && on_map) map_square_picture(g->e, x, y, pic);
        if (t >= 0) {
          carc_tile_picture(g->e, g->tiles[t].type, g->tiles[t].rot, pic, sizeof pic);
          for (int f = 0; f < g->nfigs; f++) {
            const figure_state *fs = &g->figs[f];
            if (fs->seg < 0 || (int)g->segs[fs->seg].tile != t) continue;
            pic[6 + 1 + (fs->owner < 0 ? 2 : 0)] = fs->owner < 0 ? 'n' : (char)('1' + fs->owner);
          }
          if (g->tiles[t].token >= 0) pic[6 + 3] = 'T';
        }
        text_put(&o, "%.5s", pic + row * 6);
      }
      text_put(&o, "\n");
    }
  }
  return o.len;
}

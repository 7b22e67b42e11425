/* keys.c - the keys of a declaration's table (x:handler{}, x:hook{} ...),
 * and values as errors show them.
 * A key the declaration does not take is an error, never passed over: a
 * misspelt one (`kind` for `kinds`) would load, and the declaration would
 * then mean something else (apply to every kind). The error lists the keys
 * taken and, when one is a small edit away, suggests it. */
#include "binding.h"
#include "near.h"

/* Pushes "a, b, c". */
static void push_listing(lua_State *L, const char *const *names) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; names[i]; i++) {
    if (i) luaL_addstring(&b, ", ");
    luaL_addstring(&b, names[i]);
  }
  luaL_pushresult(&b);
}

int binding_unknown_key(lua_State *L, const char *what, const char *key, const char *const *names,
                        const char *taker, const char *listing) {
  char shown[CARC_MAX_NAME + 16];
  const char *near = binding_near_name(key, names);
  if (!listing) {
    push_listing(L, names);
    listing = lua_tostring(L, -1);
  }
  return luaL_error(L, "unknown %s key '%s'%s%s%s; %s takes %s", what, shown_text(key, shown, sizeof shown),
                    near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "", taker, listing);
}

void binding_check_keys(lua_State *L, int t, const char *what, const char *taker, const char *const *keys) {
  t = lua_absindex(L, t);
  for (lua_pushnil(L); lua_next(L, t); lua_pop(L, 1)) {
    if (lua_type(L, -2) != LUA_TSTRING) {
      push_listing(L, keys);
      luaL_error(L, "%s takes names as keys (%s), not a %s", taker, lua_tostring(L, -1), luaL_typename(L, -3));
    }
    const char *k = lua_tostring(L, -2);
    int i = 0;
    while (keys[i] && strcmp(keys[i], k)) i++;
    if (!keys[i]) binding_unknown_key(L, what, k, keys, taker, NULL);
  }
}

/* C.near_name(word, { name, ... }): the name a small edit away from word,
 * or nil (for the loader's own key checks). */
int carc_lua_near_name(lua_State *L) {
  size_t len;
  const char *word = luaL_checklstring(L, 1, &len);
  luaL_checktype(L, 2, LUA_TTABLE);
  if (strlen(word) != len) return 0; /* a NUL inside: no name is near */
  const char *names[64];
  int n = 0;
  for (; n < 63 && lua_rawgeti(L, 2, n + 1) == LUA_TSTRING; n++) names[n] = lua_tostring(L, -1);
  names[n] = NULL;
  const char *near = binding_near_name(word, names);
  if (near) lua_pushstring(L, near);
  else lua_pushnil(L);
  return 1;
}

/* A string as Lua source writes it: quoted, its quotes, backslashes and
 * control bytes escaped, cut after SHOWN_BYTES. */
enum { SHOWN_BYTES = 40 };
static void add_quoted(luaL_Buffer *b, const char *s, size_t n) {
  luaL_addchar(b, '"');
  for (size_t i = 0; i < n && i < SHOWN_BYTES; i++) {
    const unsigned char c = (unsigned char)s[i];
    char esc[8];
    if (c == '"' || c == '\\') {
      luaL_addchar(b, '\\');
      luaL_addchar(b, (char)c);
    } else if (c == '\n') {
      luaL_addstring(b, "\\n");
    } else if (c < 0x20 || c == 0x7f) {
      snprintf(esc, sizeof esc, "\\%03d", c);
      luaL_addstring(b, esc);
    } else {
      luaL_addchar(b, (char)c);
    }
  }
  luaL_addchar(b, '"');
  if (n > SHOWN_BYTES) luaL_addstring(b, "...");
}

const char *binding_push_value(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
  case LUA_TSTRING: {
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    add_quoted(&b, s, n);
    luaL_addstring(&b, " (a string)");
    luaL_pushresult(&b);
    break;
  }
  case LUA_TNUMBER:
    if (lua_tonumber(L, idx) != lua_tonumber(L, idx)) { /* NaN: "nan", not the C library's "-nan" */
      lua_pushliteral(L, "nan");
      break;
    }
    lua_pushvalue(L, idx);
    lua_tostring(L, -1); /* the copy becomes its text, as tostring writes it */
    break;
  case LUA_TBOOLEAN:
    lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false");
    break;
  case LUA_TNIL:
    lua_pushliteral(L, "nil");
    break;
  default:
    lua_pushfstring(L, "a %s", luaL_typename(L, idx));
  }
  return lua_tostring(L, -1);
}

lua_Integer binding_check_whole(lua_State *L, int idx, const char *what) {
  lua_Integer n;
  if (binding_whole(L, idx, &n)) return n;
  if (lua_type(L, idx) == LUA_TNUMBER)
    luaL_error(L, "%s takes whole numbers, not %s (math.floor or math.ceil makes one)", what,
               binding_push_value(L, idx));
  luaL_error(L, "%s takes whole numbers, not %s", what, binding_push_value(L, idx));
  return 0;
}

/* C.value_text(v): v as errors show it (binding_push_value), for the loader. */
int carc_lua_value_text(lua_State *L) {
  luaL_checkany(L, 1);
  binding_push_value(L, 1);
  return 1;
}

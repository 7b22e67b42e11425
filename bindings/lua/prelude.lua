-- prelude.lua - the loader of rulesets and expansions, run once in each
-- engine's Lua state with the binding's C primitives `C`. Expansion and
-- ruleset files run in sandboxes built here; they never see this chunk's
-- globals (debug, the real load).
local C = ...
local load, pairs, ipairs, type, error, tostring = load, pairs, ipairs, type, error, tostring
local next, rawget, rawlen = next, rawget, rawlen
local pcall, pack, unpack = pcall, table.pack, table.unpack
local getinfo = debug.getinfo
local fmt = string.format
-- The string library's own find, match, gmatch and gsub: the sandbox's are
-- guarded (guards.c), these are for the loader's fixed patterns only and never
-- leave this chunk, so no script can call them.
local find, match, gmatch, gsub = C.raw.find, C.raw.match, C.raw.gmatch, C.raw.gsub
C.raw = nil
-- The engine's own chunk name: where() in carc_lua.c skips its frames, so
-- no script's chunk may carry it (sandbox load, chunk_name). Lua shows a name
-- up to its first zero byte, so that is the part compared.
local OWN = { ["=prelude"] = true, ["@prelude"] = true }
local function own(name)
  return type(name) == "string" and OWN[match(name, "^[^\0]*")] or false
end

-- Nobody reaches the string library through a string's metatable.
getmetatable("").__metatable = false

local SAFE = { "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber",
               "tostring", "type", "xpcall", "rawequal", "rawget", "rawlen", "rawset",
               "getmetatable", "print", "_VERSION" }
local LIBS = { "string", "table", "math", "utf8" }
local real_setmetatable = setmetatable
local MAX_CHUNK = 1 << 20
local G = _G

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

local function sandbox()
  local env = {}
  for _, k in ipairs(SAFE) do env[k] = G[k] end
  for _, k in ipairs(LIBS) do env[k] = copy(G[k]) end
  env.math.random = C.random
  env.math.randomseed = C.randomseed
  -- The handler runs once the error has unwound, under the budget like any
  -- code: Lua runs a message handler with hooks off when the budget's own
  -- error calls it, so a handler that loops there would never end.
  env.xpcall = function(f, handler, ...)
    local r = pack(pcall(f, ...))
    if r[1] then return unpack(r, 1, r.n) end
    return false, handler(r[2])
  end
  -- finalizers would run outside the budgeted calls
  env.setmetatable = function(t, mt)
    if type(mt) == "table" and rawget(mt, "__gc") ~= nil then error("__gc is not allowed", 2) end
    return real_setmetatable(t, mt)
  end
  -- parsing runs in C, out of the budget's reach: chunks of at most 1 MiB
  env.load = function(chunk, name, _, e)
    if own(name) then return nil, fmt("load: the chunk name %q is the engine's own", name) end
    if type(chunk) == "string" then
      if #chunk > MAX_CHUNK then return nil, fmt("load: chunk too large (at most %d bytes)", MAX_CHUNK) end
    elseif type(chunk) == "function" then
      local read, total = chunk, 0
      chunk = function()
        local piece = read()
        if type(piece) == "string" then
          total = total + #piece
          if total > MAX_CHUNK then error(fmt("load: chunk too large (at most %d bytes)", MAX_CHUNK)) end
        end
        return piece
      end
    end
    return load(chunk, name, "t", e == nil and env or e)
  end
  env._G = env
  return env
end

-- The line of `text` that first mentions `word` (quoted first) within the
-- call that starts on line `from`, else `default`. The call ends before the
-- first later line indented no deeper than its first that does not start
-- with a closing bracket: a word in a comment below it, or in a later case,
-- is not the call's. (A key that is not a string has no name to look for.)
local function line_of(text, word, default, from)
  if not text or type(word) ~= "string" then return default end
  from = from or 1
  local lines, n, depth = {}, 0, nil
  for line in gmatch(text .. "\n", "(.-)\n") do
    n = n + 1
    if n >= from then
      local indent = #match(line, "^[ \t]*")
      if not depth then
        depth = indent
      elseif indent <= depth and not find(line, "^[ \t]*[})]") and find(line, "%S") then
        break
      end
      lines[#lines + 1] = line
    end
  end
  for _, w in ipairs({ '"' .. word .. '"', "'" .. word .. "'", word }) do
    for k, line in ipairs(lines) do
      if find(line, w, 1, true) then return from + k - 1 end
    end
  end
  return default
end

local function dirname(path)
  return match(path, "^(.*)/[^/]*$") or "."
end

-- `s` without its leading and trailing spaces, in linear time (the pattern
-- "^%s*(.-)%s*$" is quadratic on a long run of inner spaces).
local function trim(s)
  local _, e = find(s, "^%s*")
  local j = #s
  while j > e and find(s, "^%s", j) do j = j - 1 end
  return s:sub(e + 1, j)
end

-- A path as messages show it: without control bytes (a newline in a path
-- would split the messages naming it, an escape would reach the terminal),
-- and a long one by its end (its start would fill the message and cut off
-- what went wrong), from a character's first byte.
local function shown_file(path)
  path = gsub(path, "%c", "?")
  if #path <= 240 then return path end
  local from = #path - 200
  while from <= #path and find(path, "^[\128-\191]", from) do from = from + 1 end
  return "..." .. path:sub(from)
end

-- A chunk's name for the file at `path`: never the engine's own (a ruleset
-- file called "prelude" would otherwise pass for the loader), shown_file's.
local function chunk_name(path)
  path = shown_file(path)
  return own("@" .. path) and "@./" .. path or "@" .. path
end

-- Lua's message when a file does not load, naming the file: a syntax error's
-- does already ("file:line: ..."), a binary chunk's does not.
local function load_failed(err, path)
  local name = shown_file(path)
  if find(err, name .. ":", 1, true) == 1 then return err end
  if err == "C stack overflow" then return name .. ": tables or blocks nested too deeply (C stack overflow)" end
  return name .. ": " .. err .. (find(err, "binary chunk", 1, true) and ": rules are Lua source text" or "")
end

-- A key or value as a message shows it, without calling tostring on a
-- script's table (its __tostring would run in the loader).
local function shown(v)
  if type(v) == "string" then return v end
  if v ~= v then return "nan" end -- not the C library's "-nan"
  if type(v) == "number" or type(v) == "boolean" or v == nil then return tostring(v) end
  return "a " .. type(v)
end

-- A value as a ruleset writes it: a string quoted, so that "1" and 1 differ
-- (a line break as \n, so that the message stays one line).
local function quoted(v)
  if type(v) == "string" then return (gsub(fmt("%q", v), "\\\n", "\\n")) end
  return shown(v)
end

-- A value as Lua source writes it, with a string's type ("440" (a string)):
-- shown as 440 it would read as the number a message asks for.
local value_text = C.value_text

-- The loader reads a script's tables raw (next, rawget, rawlen): a metatable
-- on them (__pairs, __index, __len) never runs in the loader.
local function get(t, k)
  if type(t) == "table" then return rawget(t, k) end
  return nil
end
local function ilist(t)
  return function(_, i)
    i = i + 1
    local v = get(t, i)
    if v ~= nil then return i, v end
  end, t, 0
end

-- "unknown WHAT key 'K' (did you mean 'NEAR'?); TAKER takes a, b, ...", as
-- the binding says it of x:handler{} (keys.c): NEAR is the key of `keys` a
-- small edit away.
local function unknown_key(what, k, keys, taker)
  local near = C.near_name(k, keys)
  return fmt("unknown %s key '%s'%s; %s takes %s", what, shown_file(k),
    near and fmt(" (did you mean '%s'?)", near) or "", taker, table.concat(keys, ", "))
end

local OPTIONS = C.options   -- resolved options: OPTIONS[expansion][name]
local loaded = {}           -- expansion name -> true once loaded

-- The line of `source` that holds the first line of tile text `text`, given
-- to x:tiles on line `call`: the text may open on the call's line (a quoted
-- string), on the next (a [[ ]] string, whose first newline Lua drops), or
-- elsewhere (a variable): the nearest line holding it, else the next; and
-- whether a line holds it.
local function text_line(source, text, call)
  local first = trim(match(text, "^[^\n]*"))
  local best
  if source and first ~= "" then
    local n = 0
    for l in gmatch(source .. "\n", "(.-)\n") do
      n = n + 1
      if find(l, first, 1, true) and (not best or math.abs(n - call) < math.abs(best - call)) then best = n end
    end
  end
  return best or call + 1, best ~= nil
end

-- The keys x:map's setup table takes, in order and as a set.
local MAP_KEYS = { "followers", "tiles", "signal", "towns", "start_towns", "city_fields", followers = true,
  tiles = true, signal = true, towns = true, start_towns = true, city_fields = true }

-- An expansion's resolved options as its script sees them, `x.options`:
-- read through, never written, so that no call (a failed one included)
-- changes what game:option and a later ruleset read.
-- A userdata, so that rawset cannot reach it either; pairs walks the
-- options without handing out their table.
local function options_view(options)
  local function step(_, k) return next(options, k) end
  return C.read_only(options,
    function(_, k) error(fmt("x.options is read-only (writing '%s')", shown(k)), 2) end,
    function() return step, nil, nil end)
end

-- x:handler{} or x:hook{} (`what`) for expansion `name`. Lua names the line
-- of the call, `x:handler {`; a key the call does not take may stand lines
-- below it. With such a key, the engine's error (and its suggestion) names
-- the line that holds the key, within the call (line_of). Level 3 is the
-- expansion's code: declare, then x:handler, are below it.
local function declare(what, name, spec, source, file)
  for k in next, type(spec) == "table" and spec or {} do
    if type(k) == "string" and not C.keys[what][k] then
      local ok, err = pcall(C[what], name, spec)
      if ok then return end
      local info = getinfo(3, "Sl")
      local message = type(err) == "string" and gsub(err, "^prelude:%d+: ", "") or err
      local key = type(message) == "string" and match(message, "^unknown [%w_ ]- key '([%w_]+)'")
      local line = key and info and info.currentline > 0 and info.source == chunk_name(file)
        and line_of(source, key, nil, info.currentline)
      if line then error(fmt("%s:%d: %s", info.short_src, line, message), 0) end
      error(message, 0)
    end
  end
  C[what](name, spec)
end

-- Whether the lines of tile text `text` stand one after another in `source`
-- from line `first` on (a [[ ]] string, or a table of quoted rows), so that
-- one call padded to `first` gives each its own line. Also the source's
-- lines, for the other case (escaped line breaks in one quoted string).
local function text_follows(source, text, first)
  local src = {}
  for l in gmatch(source .. "\n", "(.-)\n") do src[#src + 1] = l end
  local i = 0
  for l in gmatch(text .. "\n", "(.-)\n") do
    local t = trim(l)
    if t ~= "" and not find(src[first + i] or "", t, 1, true) then return false, src end
    i = i + 1
  end
  return true, src
end

-- Tile text whose lines do not follow one another in the file, a line at a
-- time, each padded to the line of the file that holds it nearest the last
-- one (the call's line when none does: a generated line).
local function tiles_by_line(set, text, file, src, call)
  local at = call
  for l in gmatch(text .. "\n", "(.-)\n") do
    local t = trim(l)
    if t ~= "" and find(t, "#", 1, true) ~= 1 then
      local best
      for n, s in ipairs(src) do
        if find(s, t, 1, true) and (not best or math.abs(n - at) < math.abs(best - at)) then best = n end
      end
      at = best or call
      C.tiles(set, string.rep("\n", at - 1) .. l, file)
    end
  end
end

local function expansion_object(name, file, options, dir, source)
  local x = { name = name, options = options_view(options) }
  local function check(self, m)
    if not rawequal(self, x) then error(fmt("%s: use x:%s(...), not x.%s(...)", name, m, m), 3) end
  end
  function x.tiles(self, set, text)
    check(self, "tiles")
    if type(text) ~= "string" then
      error(fmt("x:tiles(set, text): text is the tiles' notation, a string, not a %s", type(text)), 2)
    end
    local call = getinfo(2, "l").currentline or 0
    local line, found = text_line(source, text, call)
    if found then -- text from the file (generated text, found nowhere, goes whole)
      local follows, src = text_follows(source, text, line)
      if not follows then return tiles_by_line(set, text, file, src, call) end
    end
    -- padded, so that the engine's line numbers are the file's
    C.tiles(set, string.rep("\n", line - 1) .. text, file)
  end
  function x.tile_attr(self, tile, attr, value)
    check(self, "tile_attr")
    C.tile_attr(tile, attr, value == nil and 1 or value)
  end
  function x.tile_split(self, tile, new_name, copies)
    check(self, "tile_split")
    C.tile_split(tile, new_name, copies)
  end
  function x.figure(self, def) check(self, "figure"); C.figure(def) end
  function x.token(self, def) check(self, "token"); C.token(def) end
  function x.kind(self, k) check(self, "kind"); C.kind(k) end
  function x.handler(self, spec) check(self, "handler"); declare("handler", name, spec, source, file) end
  function x.hook(self, spec) check(self, "hook"); declare("hook", name, spec, source, file) end
  function x.describe(self, fn) check(self, "describe"); C.describe(name, fn) end
  function x.var(self, v, range) check(self, "var"); return C.var(v, range) end
  function x.flag(self, f) check(self, "flag"); return C.flag(f) end
  function x.attr(self, a) check(self, "attr"); return C.attr(a) end
  function x.set_token_value(self, t, v) check(self, "set_token_value"); C.set_token_value(t, v) end
  -- the board becomes map `m` (a name looked up in the ruleset's folder and maps/, or a path)
  -- setup = { followers = N, tiles = N } overrides the map's recommendations (0: keep);
  -- setup.signal names a game flag the engine turns on when a tile goes on an
  -- island square with coats of arms (or, with setup.towns, on a town; with
  -- setup.start_towns as well, on a start square too); setup.city_fields
  -- ("around" or "apart") says how a large city's squares join fields
  function x.map(self, m, setup)
    check(self, "map")
    for k in next, type(setup) == "table" and setup or {} do
      if not MAP_KEYS[k] then
        error(type(k) == "string" and unknown_key("map", k, MAP_KEYS, "x:map(name, { ... })")
          or fmt("x:map(name, { ... }) takes names as keys (%s), not a %s", table.concat(MAP_KEYS, ", "), type(k)), 2)
      end
    end
    C.map(m, dir, get(setup, "followers") or 0, get(setup, "tiles") or 0, get(setup, "signal"), get(setup, "towns"),
      get(setup, "start_towns"), get(setup, "city_fields"))
  end
  return x
end

-- Defaults overridden by the ruleset's values; `where(word)` names the ruleset line.
local function resolve(name, declared, given, where)
  local out = {}
  declared = declared or {}
  for k, spec in next, declared do
    if type(spec) == "table" then out[k] = rawget(spec, "default") else out[k] = spec end
    local t = type(out[k])
    if t ~= "boolean" and t ~= "number" and t ~= "string" then
      error(fmt("expansion '%s': option '%s' has a %s for its default; an option is a boolean, a number or a "
        .. "string", name, shown(k), t), 3) -- the line of the expansion{} call
    end
  end
  for k, v in next, given or {} do
    local spec = rawget(declared, k)
    if spec == nil then
      local names = {}
      for n in next, declared do names[#names + 1] = n end
      table.sort(names)
      local near = type(k) == "string" and C.near_name(k, names)
      error(fmt("%s: expansion '%s' has no option '%s'%s; %s", where(k), name, shown(k),
        near and fmt(" (did you mean '%s'?)", near) or "",
        #names > 0 and "its options: " .. table.concat(names, ", ") or "it takes none"), 0)
    end
    local default = spec
    if type(spec) == "table" then default = rawget(spec, "default") end
    if type(v) ~= type(default) then
      error(fmt("%s: option '%s' of expansion '%s' takes a %s, not a %s", where(k), k, name,
        type(default), type(v)), 0)
    end
    local values = get(spec, "values")
    if values ~= nil then
      local ok = false
      for _, allowed in ilist(values) do ok = ok or rawequal(allowed, v) end
      if not ok then
        local list = {}
        for i, allowed in ilist(values) do list[i] = fmt("%q", allowed) end
        error(fmt("%s: option '%s' of expansion '%s' is one of %s, not %q", where(k), k, name,
          table.concat(list, ", "), shown(v)), 0)
      end
    end
    out[k] = v
  end
  return out
end

local load_expansion

-- The folders an expansion is looked for in: the ruleset's folder and its
-- parent, then the engine's search path for "expansions" (C.search_dirs).
-- Where a ruleset's expansions are looked for: its folder, its parent, the
-- search path for "expansions", then an `expansions` folder in its folder or
-- its parent (a project laid out as rules/ beside expansions/, the folders
-- `carcassonne test` skips). The shipped expansions come before the last two.
local function search_dirs(dir)
  local dirs, searched = { dir, dir .. "/.." }, {}
  for _, d in ipairs(C.search_dirs()) do
    dirs[#dirs + 1] = d
    searched[d] = true
  end
  dirs[#dirs + 1] = dir .. "/expansions"
  dirs[#dirs + 1] = dir .. "/../expansions"
  return dirs, searched
end

-- The expansions in `dirs` (files whose head calls expansion{}, read in C),
-- at most 63, the first folder's first: the names a misspelt one is
-- compared with.
local function expansion_names(dirs)
  local names, seen = {}, {}
  for _, dir in ipairs(dirs) do
    for _, n in ipairs(C.expansion_files(dir)) do
      if not seen[n] and #names < 63 and match(n, "^[%w_]+$") then names[#names + 1] = n end
      seen[n] = true
    end
  end
  return names
end

-- The keys expansion{} takes, in order and as a set.
local EXPANSION_KEYS = { "name", "requires", "options", name = true, requires = true, options = true }

-- rs: { dirs=, options=, where=function(word) -> "file:line", whole = the names
-- the ruleset lists in expansions (a list, and a set), tiles_now = the set of
-- those this ruleset has loaded for their tiles only }
-- With `tiles_only`, only the expansion's tiles are added (x:tiles, x:tile_attr);
-- its figures, tokens, handlers, hooks and map are left out. `by`: the
-- expansion whose requires= asked for this one.
load_expansion = function(name, rs, tiles_only, by)
  local state = loaded[name]
  if (state == "tiles" or state == "loading tiles") and not tiles_only then
    if not (rs.tiles_now and rs.tiles_now[name]) then
      error(fmt("%s: expansion '%s' was loaded for its tiles only by an earlier ruleset of this engine; "
        .. "it cannot be loaded whole now", rs.where(name), name), 0)
    end
    -- (the ruleset's whole ones never reach here: a name in both lists is refused)
    error(fmt("%s: expansion '%s' requires '%s' whole, which is loaded for its tiles only (tiles_only): "
      .. "list '%s' in expansions instead", rs.where(name), tostring(by), name, name), 0)
  end
  if state then return end
  if type(name) ~= "string" or not match(name, "^[%w_]+$") then
    error(fmt("%s: expansion names are words, not %s", rs.where(name),
      type(name) == "string" and fmt("%q", name) or shown(name)), 0)
  end
  local path, text, shown_path, a_ruleset, other
  for _, dir in ipairs(rs.dirs) do
    path = dir .. "/" .. name .. ".lua"
    text = C.read(path)
    -- a ruleset may share the name (rules/inns_cathedrals.lua): only files
    -- that call expansion{} are expansions
    if text and not find(text, "expansion%s*[{(]") then
      a_ruleset = a_ruleset or (find(text, "ruleset%s*[{(]") and path)
      other = other or path
      text = nil
    end
    if text then
      shown_path = rs.searched[dir] and ("expansions/" .. name .. ".lua") or shown_file(path)
      break
    end
  end
  if not text and a_ruleset then
    error(fmt("%s: '%s' is a ruleset (%s), not an expansion: load it as a ruleset (--rules %s)",
      rs.where(name), name, shown_file(a_ruleset), name), 0)
  end
  if not text and other then
    error(fmt("%s: unknown expansion '%s' (%s does not call expansion{}: not an expansion file)",
      rs.where(name), name, shown_file(other)), 0)
  end
  if not text then
    local where = {}
    for i, d in ipairs(rs.dirs) do where[i] = shown_file(d) end
    local near = C.near_name(name, expansion_names(rs.dirs))
    -- the suggestion before the folders: a long list is what a message cut short loses
    error(fmt("%s: unknown expansion '%s'%s (no %s.lua in %s)", rs.where(name), name,
      near and fmt("; did you mean '%s'?", near) or "", name, table.concat(where, ", ")), 0)
  end
  loaded[name] = tiles_only and "loading tiles" or "loading"
  if tiles_only and rs.tiles_now then rs.tiles_now[name] = true end
  local env = sandbox()
  local declared
  env.expansion = function(spec)
    if declared then error("expansion{} is called once per file", 2) end
    for k in next, type(spec) == "table" and spec or {} do
      if type(k) ~= "string" then
        error(fmt("expansion{} takes names as keys (%s), not a %s", table.concat(EXPANSION_KEYS, ", "),
          type(k)), 2)
      end
      if not EXPANSION_KEYS[k] then error(unknown_key("expansion", k, EXPANSION_KEYS, "expansion{}"), 2) end
    end
    if type(spec) ~= "table" or rawget(spec, "name") ~= name then
      error(fmt("expansion{name=...} must be %q (the file name)", name), 2)
    end
    local requires, options = rawget(spec, "requires"), rawget(spec, "options")
    if requires ~= nil and type(requires) ~= "table" then
      error(fmt("expansion{requires=...} is a list of expansion names, not a %s", type(requires)), 2)
    end
    if options ~= nil and type(options) ~= "table" then
      error(fmt("expansion{options=...} is a table of options, not a %s", type(options)), 2)
    end
    -- a tiles-only expansion's requirement that the ruleset lists in
    -- expansions is loaded whole now, with those listed before it first, so
    -- that the whole ones load in the order the list gives
    for _, r in ilist(requires) do
      if tiles_only and rs.whole and rs.whole[r] then
        for _, w in ipairs(rs.whole) do
          load_expansion(w, rs, false)
          if w == r then break end
        end
      else
        load_expansion(r, rs, tiles_only, name)
      end
    end
    local opts = resolve(name, options, get(rs.options, name), rs.where)
    OPTIONS[name] = opts
    declared = expansion_object(name, shown_path, opts, rs.dirs[1], text)
    if tiles_only then
      local full = declared
      local nothing = function() return 0 end
      declared = setmetatable({ name = name, options = options_view(opts) }, {
        __index = function(_, k)
          if k == "tiles" or k == "tile_attr" then
            return function(_, ...) return full[k](full, ...) end
          end
          return nothing
        end,
      })
    end
    return declared
  end
  local chunk, err = load(text, chunk_name(shown_path), "t", env)
  if not chunk then error(load_failed(err, shown_path), 0) end
  -- an error while it loads with a ruleset's options (a map that cannot be
  -- read ...) names the ruleset's line too, after the expansion's own
  local given = rs.where_option and rawget(rs.options, name) ~= nil
  if given then C.options_at(fmt("expansion '%s', with the options at %s", name, rs.where_option(name))) end
  chunk()
  if given then C.options_at(nil) end
  if not declared then error(fmt("%s: never calls expansion{}", shown_path), 0) end
  loaded[name] = tiles_only and "tiles" or true
end

local KEYS = { "expansions", "options", "order", "disable", "tiles_only", "final_order" }
for _, k in ipairs(KEYS) do KEYS[k] = true end
local KEY_LIST = table.concat(KEYS, ", ")

-- Applies a ruleset table. `dir` is the ruleset's folder; `file`/`text`/`line`
-- name it in errors (`line`: where the ruleset{} or scenario{} call starts;
-- a word is looked for from there on, not in the comments above it). Every
-- key and value is checked before anything loads, reading the script's
-- tables raw (ilist, next, rawget); the lists are copied then, so what loads
-- is what was checked.
local function apply(spec, dir, file, text, line)
  local function where(word)
    if not text and line == 0 then return file end
    return fmt("%s:%d", file, line_of(text, word, line, line))
  end
  -- an expansion's name under options = { ... } (it is in expansions too)
  local function where_option(name)
    if not text and line == 0 then return file end
    return fmt("%s:%d", file, line_of(text, name, line, line_of(text, "options", line, line)))
  end
  if type(spec) ~= "table" then error(fmt("%s:%d: ruleset{} takes a table", file, line), 0) end
  for k in next, spec do
    if type(k) ~= "string" then
      error(fmt("%s: ruleset keys are names (%s), got a %s", where(k), KEY_LIST, type(k)), 0)
    end
    if not KEYS[k] then
      error(fmt("%s: %s", where(k), unknown_key("ruleset", k, KEYS, "ruleset{}")), 0)
    end
  end
  -- each key's shape, before anything loads: a value of another shape would
  -- be skipped unseen or fail later without the ruleset's line
  local lists = {}
  for _, k in ipairs { "expansions", "tiles_only", "disable", "final_order" } do
    local list = rawget(spec, k)
    if list ~= nil and type(list) ~= "table" then
      error(fmt('%s: %s is a list of names, { "...", ... }, not a %s', where(k), k, type(list)), 0)
    end
    local n, entries = list and rawlen(list) or 0, 0
    for i, name in next, list or {} do
      if math.type(i) ~= "integer" or i < 1 or i > n then
        error(fmt('%s: %s is a list of names, { "...", ... }; %s is not a position in it', where(k), k,
          shown(i)), 0)
      end
      if type(name) ~= "string" then
        error(fmt("%s: %s[%d] is a name, not a %s", where(k), k, i, type(name)), 0)
      end
      entries = entries + 1
    end
    if entries ~= n then -- a nil inside: what follows it would be dropped unseen
      error(fmt('%s: %s is a list of names, { "...", ... }, with no gaps: it has %d of %d', where(k), k,
        entries, n), 0)
    end
    lists[k] = {}
    local seen = {}
    for i = 1, n do
      local name = rawget(list, i)
      -- a name twice is a slip (final_order's kinds are checked by the engine, once they exist)
      if seen[name] and k ~= "final_order" then
        error(fmt("%s: %s names '%s' twice (at %d and %d): list it once", where(name), k, name, seen[name], i), 0)
      end
      seen[name], lists[k][i] = seen[name] or i, name
    end
  end
  for _, k in ipairs { "options", "order" } do
    local t = rawget(spec, k)
    if t ~= nil and type(t) ~= "table" then
      error(fmt("%s: %s is a table keyed by %s, not a %s", where(k), k,
        k == "options" and "expansion name" or "handler name", type(t)), 0)
    end
  end
  local options = {}
  for name, opts in next, rawget(spec, "options") or {} do
    if type(name) ~= "string" then
      error(fmt("%s: options: keys are expansion names (strings), got a %s", where("options"), type(name)), 0)
    end
    if type(opts) ~= "table" then
      error(fmt("%s: options for '%s' are a table of its options, not a %s", where_option(name), name,
        type(opts)), 0)
    end
    options[name] = {}
    for k, v in next, opts do
      if type(k) ~= "string" then
        error(fmt("%s: options for '%s': keys are option names (strings), got a %s", where_option(name), name,
          type(k)), 0)
      end
      options[name][k] = v
    end
  end
  local order = {}
  for name, prio in next, rawget(spec, "order") or {} do
    if type(name) ~= "string" then
      error(fmt("%s: order: keys are handler names (strings), got a %s", where("order"), type(name)), 0)
    end
    if math.type(prio) ~= "integer" or prio < 0 or prio > 999 then
      error(fmt("%s: order[%q] is %s; a priority is a whole number in 0..999", where(name), name,
        value_text(prio)), 0)
    end
    order[#order + 1] = { name, prio }
  end
  local dirs, searched = search_dirs(dir)
  local listed = {}
  for _, name in ipairs(lists.expansions) do listed[#listed + 1], listed[name] = name, true end
  for _, name in ipairs(lists.tiles_only) do
    if listed[name] then
      error(fmt("%s: expansion '%s' is in both expansions and tiles_only: list it once", where(name), name), 0)
    end
  end
  local rs = { dirs = dirs, searched = searched, options = options, where = where, where_option = where_option,
               whole = listed, tiles_now = {} }
  for name, given in next, options do
    if not listed[name] then
      local near = C.near_name(name, lists.expansions) -- a typo on either side
      error(fmt("%s: options for '%s', which is not in expansions%s", where_option(name), name,
        near and fmt(" (expansions lists '%s': is one of the two misspelt?)", near) or ""), 0)
    end
    -- An expansion an earlier ruleset loaded into this engine stays as it
    -- is: its handlers took their values from its options when declared.
    local have = loaded[name] == true and OPTIONS[name]
    for k, v in next, have and given or {} do
      if have[k] == nil then
        error(fmt("%s: expansion '%s' has no option '%s'", where_option(name), name, k), 0)
      end
      if not rawequal(have[k], v) then
        error(fmt("%s: expansion '%s' is loaded already; its options cannot change (option '%s' is %s, not %s)",
          where_option(name), name, k, quoted(have[k]), quoted(v)), 0)
      end
    end
  end
  for _, name in ipairs(lists.tiles_only) do load_expansion(name, rs, true) end
  for _, name in ipairs(lists.expansions) do load_expansion(name, rs) end
  for _, o in ipairs(order) do
    local ok, err = C.move(o[1], o[2])
    if not ok then error(fmt("%s: order: %s", where(o[1]), err), 0) end
  end
  for _, name in ipairs(lists.disable) do
    local ok, err = C.disable(name)
    if not ok then error(fmt("%s: disable: %s", where(name), err), 0) end
  end
  if rawget(spec, "final_order") ~= nil then -- after the expansions: they may add kinds
    local ok, err, name = C.final_order(lists.final_order)
    if not ok then error(fmt("%s: %s", where(name or "final_order"), err), 0) end
  end
end

-- the binding copies `loaded` before a load and puts it back if the load fails
local M = { loaded = loaded }

function M.load_ruleset(path)
  local text, why = C.read(path)
  local name = shown_file(path)
  if not text then error(fmt("%s: cannot read the ruleset (%s)", name, why or "?"), 0) end
  local env = sandbox()
  local spec, line
  env.expansion = function()
    error(fmt("%s is an expansion file, not a ruleset: name it in a ruleset's expansions = { ... } "
      .. "(or, on the command line, use --expansions NAME)", name), 0)
  end
  env.ruleset = function(t)
    local at = getinfo(2, "l").currentline or -1
    if at < 1 then at = getinfo(3, "l") and getinfo(3, "l").currentline or 1 end -- called through pcall
    if at < 1 then at = 1 end
    if line ~= nil then
      error(fmt("%s:%d: a second ruleset{} (the first at line %d): a file holds one", name, at, line), 0)
    end
    if type(t) ~= "table" then -- ruleset(nil) read as a file that never calls ruleset{}
      error(fmt("%s:%d: ruleset{ ... } takes a table, not %s", name, at, t == nil and "nil" or type(t)), 0)
    end
    spec, line = t, at
  end
  local chunk, err = load(text, chunk_name(path), "t", env)
  if not chunk then error(load_failed(err, path), 0) end
  chunk()
  if spec == nil then error(fmt("%s: never calls ruleset{}", name), 0) end
  apply(spec, dirname(path), name, text, line)
end

function M.load_table(spec, dir, origin, line)
  line = math.tointeger(tonumber(line)) or 0
  apply(spec, dir, shown_file(origin), C.read(origin), line)
end

-- A comma-separated list of expansion names, as a ruleset listing them would.
function M.load_list(list)
  local names = {}
  for name in gmatch(list, "[^,]+") do
    name = trim(name)
    if name ~= "" then names[#names + 1] = name end
  end
  if #names == 0 then error("no expansion names given (a list such as \"inns_cathedrals,mage_witch\")", 0) end
  apply({ expansions = names }, ".", "--expansions", nil, 0)
end

function M.load_expansion(name, dir)
  local dirs, searched = search_dirs(dir)
  load_expansion(name, { dirs = dirs, searched = searched, options = {},
                         where = function() return name end })
end

return M

-- prelude.lua - the loader of rulesets and expansions, run once in each
-- engine's Lua state with the binding's C primitives `C`. Expansion and
-- ruleset files run in sandboxes built here; they never see this chunk's
-- globals (debug, the real load).
local C = ...
local load, pairs, ipairs, type, error, tostring = load, pairs, ipairs, type, error, tostring
local pcall, pack, unpack = pcall, table.pack, table.unpack
local getinfo = debug.getinfo
local fmt = string.format

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

-- The line of `text` that first mentions `word` (quoted first), else `default`.
local function line_of(text, word, default, from)
  if text then
    for _, w in ipairs({ '"' .. word .. '"', "'" .. word .. "'", word }) do
      local n = 0
      for line in (text .. "\n"):gmatch("(.-)\n") do
        n = n + 1
        if n >= (from or 1) and line:find(w, 1, true) then return n end
      end
    end
  end
  return default
end

local function dirname(path)
  return path:match("^(.*)/[^/]*$") or "."
end

local OPTIONS = C.options   -- resolved options: OPTIONS[expansion][name]
local loaded = {}           -- expansion name -> true once loaded

-- The line of `source` that holds the first line of tile text `text`, given
-- to x:tiles on line `call`: the text may open on the call's line (a quoted
-- string), on the next (a [[ ]] string, whose first newline Lua drops), or
-- elsewhere (a variable): the nearest line holding it, else the next.
local function text_line(source, text, call)
  local first = text:match("^[^\n]*"):match("^%s*(.-)%s*$")
  local best
  if source and first ~= "" then
    local n = 0
    for l in (source .. "\n"):gmatch("(.-)\n") do
      n = n + 1
      if l:find(first, 1, true) and (not best or math.abs(n - call) < math.abs(best - call)) then best = n end
    end
  end
  return best or call + 1
end

local function expansion_object(name, file, options, dir, source)
  local x = { name = name, options = options }
  local function check(self, m)
    if self ~= x then error(fmt("%s: use x:%s(...), not x.%s(...)", name, m, m), 3) end
  end
  function x.tiles(self, set, text)
    check(self, "tiles")
    if type(text) ~= "string" then
      error(fmt("x:tiles(set, text): text is the tiles' notation, a string, not a %s", type(text)), 2)
    end
    local line = text_line(source, text, getinfo(2, "l").currentline or 0)
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
  function x.handler(self, spec) check(self, "handler"); C.handler(name, spec) end
  function x.hook(self, spec) check(self, "hook"); C.hook(name, spec) end
  function x.describe(self, fn) check(self, "describe"); C.describe(name, fn) end
  function x.var(self, v) check(self, "var"); return C.var(v) end
  function x.flag(self, f) check(self, "flag"); return C.flag(f) end
  function x.attr(self, a) check(self, "attr"); return C.attr(a) end
  function x.set_token_value(self, t, v) check(self, "set_token_value"); C.set_token_value(t, v) end
  -- the board becomes map `m` (a name looked up in the ruleset's folder and maps/, or a path)
  -- setup = { followers = N, tiles = N } overrides the map's recommendations (0: keep);
  -- setup.signal names a game flag the engine turns on when a tile goes on an
  -- island square with coats of arms (or, with setup.towns, on a town)
  function x.map(self, m, setup)
    check(self, "map")
    setup = setup or {}
    C.map(m, dir, setup.followers or 0, setup.tiles or 0, setup.signal, setup.towns)
  end
  return x
end

-- Defaults overridden by the ruleset's values; `where(word)` names the ruleset line.
local function resolve(name, declared, given, where)
  local out = {}
  declared = declared or {}
  for k, spec in pairs(declared) do
    if type(spec) == "table" then out[k] = spec.default else out[k] = spec end
  end
  for k, v in pairs(given or {}) do
    local spec = declared[k]
    if spec == nil then
      error(fmt("%s: expansion '%s' has no option '%s'", where(k), name, tostring(k)), 0)
    end
    local default = spec
    if type(spec) == "table" then default = spec.default end
    if type(v) ~= type(default) then
      error(fmt("%s: option '%s' of expansion '%s' takes a %s, not a %s", where(k), k, name,
        type(default), type(v)), 0)
    end
    if type(spec) == "table" and spec.values then
      local ok = false
      for _, allowed in ipairs(spec.values) do ok = ok or allowed == v end
      if not ok then
        local list = {}
        for i, allowed in ipairs(spec.values) do list[i] = fmt("%q", allowed) end
        error(fmt("%s: option '%s' of expansion '%s' is one of %s, not %q", where(k), k, name,
          table.concat(list, ", "), tostring(v)), 0)
      end
    end
    out[k] = v
  end
  return out
end

local load_expansion

-- The folders an expansion is looked for in: the ruleset's folder and its
-- parent, then the engine's search path for "expansions" (C.search_dirs).
local function search_dirs(dir)
  local dirs, searched = { dir, dir .. "/.." }, {}
  for _, d in ipairs(C.search_dirs()) do
    dirs[#dirs + 1] = d
    searched[d] = true
  end
  return dirs, searched
end

-- rs: { dirs=, options=, where=function(word) -> "file:line" }
-- With `tiles_only`, only the expansion's tiles are added (x:tiles, x:tile_attr);
-- its figures, tokens, handlers, hooks and map are left out.
load_expansion = function(name, rs, tiles_only)
  if loaded[name] == "tiles" and not tiles_only then
    error(fmt("%s: expansion '%s' is loaded for its tiles only; list it in expansions or in tiles_only, "
      .. "not both", rs.where(name), name), 0)
  end
  if loaded[name] then return end
  if type(name) ~= "string" or not name:match("^[%w_]+$") then
    error(fmt("%s: expansion names are words, not %q", rs.where(tostring(name)), tostring(name)), 0)
  end
  local path, text, shown
  for _, dir in ipairs(rs.dirs) do
    path = dir .. "/" .. name .. ".lua"
    text = C.read(path)
    -- a ruleset may share the name (rules/inns_cathedrals.lua): only files
    -- that call expansion{} are expansions
    if text and not text:find("expansion%s*[{(]") then text = nil end
    if text then
      shown = rs.searched[dir] and ("expansions/" .. name .. ".lua") or path
      break
    end
  end
  if not text then
    error(fmt("%s: unknown expansion '%s' (no %s.lua in %s)", rs.where(name), name, name,
      table.concat(rs.dirs, ", ")), 0)
  end
  loaded[name] = "loading"
  local env = sandbox()
  local declared
  env.expansion = function(spec)
    if declared then error("expansion{} is called once per file", 2) end
    if type(spec) ~= "table" or spec.name ~= name then
      error(fmt("expansion{name=...} must be %q (the file name)", name), 2)
    end
    for _, r in ipairs(spec.requires or {}) do load_expansion(r, rs, tiles_only) end
    local opts = resolve(name, spec.options, rs.options[name], rs.where)
    OPTIONS[name] = opts
    declared = expansion_object(name, shown, opts, rs.dirs[1], text)
    if tiles_only then
      local full = declared
      local nothing = function() return 0 end
      declared = setmetatable({ name = name, options = opts }, {
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
  local chunk, err = load(text, "@" .. shown, "t", env)
  if not chunk then error(err, 0) end
  chunk()
  if not declared then error(fmt("%s: never calls expansion{}", shown), 0) end
  loaded[name] = tiles_only and "tiles" or true
end

local KEYS = { expansions = true, options = true, order = true, disable = true, tiles_only = true }

-- Applies a ruleset table. `dir` is the ruleset's folder; `file`/`text`/`line`
-- name it in errors.
local function apply(spec, dir, file, text, line)
  local function where(word)
    if not text and line == 0 then return file end
    return fmt("%s:%d", file, line_of(text, word, line))
  end
  -- an expansion's name under options = { ... } (it is in expansions too)
  local function where_option(name)
    if not text and line == 0 then return file end
    return fmt("%s:%d", file, line_of(text, name, line, line_of(text, "options", line)))
  end
  if type(spec) ~= "table" then error(fmt("%s:%d: ruleset{} takes a table", file, line), 0) end
  for k in pairs(spec) do
    if not KEYS[k] then
      error(fmt("%s: unknown ruleset key '%s' (expansions, options, order, disable, tiles_only)", where(k),
        tostring(k)), 0)
    end
  end
  -- each key's shape, before anything loads: a value of another shape would
  -- be skipped unseen or fail later without the ruleset's line
  for _, k in ipairs { "expansions", "tiles_only", "disable" } do
    local list = spec[k]
    if list ~= nil and type(list) ~= "table" then
      error(fmt('%s: %s is a list of names, { "...", ... }, not a %s', where(k), k, type(list)), 0)
    end
    for i, name in pairs(list or {}) do
      if math.type(i) ~= "integer" or i < 1 or i > #list then
        error(fmt('%s: %s is a list of names, { "...", ... }; %s is not a position in it', where(k), k,
          tostring(i)), 0)
      end
      if type(name) ~= "string" then
        error(fmt("%s: %s[%d] is a name, not a %s", where(k), k, i, type(name)), 0)
      end
    end
  end
  for _, k in ipairs { "options", "order" } do
    if spec[k] ~= nil and type(spec[k]) ~= "table" then
      error(fmt("%s: %s is a table keyed by %s, not a %s", where(k), k,
        k == "options" and "expansion name" or "handler name", type(spec[k])), 0)
    end
  end
  for name, opts in pairs(spec.options or {}) do
    if type(opts) ~= "table" then
      error(fmt("%s: options for '%s' are a table of its options, not a %s", where_option(name), tostring(name),
        type(opts)), 0)
    end
  end
  local dirs, searched = search_dirs(dir)
  local options = spec.options or {}
  local rs = { dirs = dirs, searched = searched, options = options, where = where }
  local listed = {}
  for _, name in ipairs(spec.expansions or {}) do listed[name] = true end
  for name in pairs(options) do
    if not listed[name] then
      error(fmt("%s: options for '%s', which is not in expansions", where_option(name), tostring(name)), 0)
    end
  end
  for _, name in ipairs(spec.tiles_only or {}) do load_expansion(name, rs, true) end
  for _, name in ipairs(spec.expansions or {}) do load_expansion(name, rs) end
  for name, prio in pairs(spec.order or {}) do
    if math.type(prio) ~= "integer" or prio < 0 or prio > 999 then
      error(fmt("%s: order[%q] is %s; a priority is a whole number in 0..999", where(name),
        tostring(name), tostring(prio)), 0)
    end
    local ok, err = C.move(name, prio)
    if not ok then error(fmt("%s: order: %s", where(name), err), 0) end
  end
  for _, name in ipairs(spec.disable or {}) do
    local ok, err = C.disable(name)
    if not ok then error(fmt("%s: disable: %s", where(name), err), 0) end
  end
end

-- the binding copies `loaded` before a load and puts it back if the load fails
local M = { loaded = loaded }

function M.load_ruleset(path)
  local text = C.read(path)
  if not text then error(fmt("%s: cannot read the ruleset", path), 0) end
  local env = sandbox()
  local spec, line
  env.expansion = function()
    error(fmt("%s is an expansion file, not a ruleset: name it in a ruleset's expansions = { ... } "
      .. "(or, on the command line, use --expansions NAME)", path), 0)
  end
  env.ruleset = function(t)
    spec, line = t, getinfo(2, "l").currentline or 1
  end
  local chunk, err = load(text, "@" .. path, "t", env)
  if not chunk then error(err, 0) end
  chunk()
  if spec == nil then error(fmt("%s: never calls ruleset{}", path), 0) end
  apply(spec, dirname(path), path, text, line)
end

function M.load_table(spec, dir, origin, line)
  line = math.tointeger(tonumber(line)) or 0
  apply(spec, dir, origin, C.read(origin), line)
end

-- A comma-separated list of expansion names, as a ruleset listing them would.
function M.load_list(list)
  local names = {}
  for name in list:gmatch("[^,]+") do
    name = name:match("^%s*(.-)%s*$")
    if name ~= "" then names[#names + 1] = name end
  end
  if #names == 0 then error("--expansions: no expansion names given", 0) end
  apply({ expansions = names }, ".", "--expansions", nil, 0)
end

function M.load_expansion(name, dir)
  local dirs, searched = search_dirs(dir)
  load_expansion(name, { dirs = dirs, searched = searched, options = {},
                         where = function() return name end })
end

return M

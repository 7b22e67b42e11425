-- Leaves marks in the tables it is lent: keys and a metatable on a hook's
-- args and on args.award, and (when asked) a write to x.options. Every call
-- counts in lent_args.dirty what it finds of an earlier call's marks.
-- luacheck: read globals expansion
local x = expansion { name = "lent_args", options = { mode = "a" } }
x:var("lent_args.dirty")
x:var("lent_args.scored")        -- feature_scored calls
x:var("lent_args.fail")          -- 1: the tile_placed hook fails after its marks
x:var("lent_args.write_options") -- 1: the turn_end hook writes x.options.mode; 2: with rawset;
                                 -- 3: into the table pairs walks, if it gives one

local function forge() return "forged" end

local function marked(args)
  return getmetatable(args) ~= nil or rawget(args, "left") ~= nil or rawget(args, "k100") ~= nil
end

local function count(game, found)
  if found then game:set_var("lent_args.dirty", game:var("lent_args.dirty") + 1) end
end

x:hook { point = "placement", name = "judge", fn = function(_, args)
  args.left = true -- a read-only game, but its args are its own to scribble on
  return true
end }

x:hook { point = "tile_placed", name = "mark", fn = function(game, args)
  count(game, marked(args) or rawget(args, "award") ~= nil)
  args.left = true
  for i = 1, 100 do args["k" .. i] = i end -- more keys than the binding empties in place
  setmetatable(args, { __index = forge })
  if game:var("lent_args.fail") == 1 then error("fails after leaving its marks") end
end }

x:hook { point = "feature_scored", name = "award", fn = function(game, args)
  count(game, marked(args) or getmetatable(args.award) ~= nil or rawget(args.award, 5) ~= nil)
  game:set_var("lent_args.scored", game:var("lent_args.scored") + 1)
  args.award[5] = 99
  setmetatable(args.award, { __index = forge })
  args.left = true
end }

x:hook { point = "turn_end", name = "check", fn = function(game, args)
  -- a placement's square and rotation, or the last scoring's award, stay theirs
  count(game, marked(args) or rawget(args, "x") ~= nil or rawget(args, "rotation") ~= nil
    or rawget(args, "award") ~= nil or args.feature == "forged")
  local write = game:var("lent_args.write_options")
  if write == 1 then x.options.mode = "changed" end
  if write == 2 then rawset(x.options, "mode", "changed") end
  if write == 3 then
    local _, t = pairs(x.options)
    if type(t) == "table" then t.mode = "changed" end
    for k, v in pairs(x.options) do game:set_var("lent_args.scored", (k == "mode" and v == "a") and 100 or -1) end
  end
end }

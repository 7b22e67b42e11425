-- An expansion for tests/scenarios/binding/tile_names.lua: a placement hook
-- and a batched one that refuse every square unless they are told the
-- drawn tile's name, for tile types defined after the ruleset loaded (a
-- scenario's one-line notation makes one named adhocN).
-- luacheck: read globals expansion
local x = expansion { name = "tile_names", requires = {}, options = { batch = false } }
local function named(tile) return tile == "A" or (type(tile) == "string" and tile:find("^adhoc%d+$") ~= nil) end
if x.options.batch then
  x:hook { point = "placement", name = "see", batch = true, fn = function(_, args)
    for i = 1, args.count do args.refuse[i] = not named(args.tile) end
  end }
else
  x:hook { point = "placement", name = "see", fn = function(_, args)
    if named(args.tile) then return true end
    return false, "the hook was told the tile " .. tostring(args.tile)
  end }
end

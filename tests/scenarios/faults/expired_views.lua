-- A view kept past its scenario's life fails cleanly ("this game view has
-- expired") instead of reading freed memory. A kept view keeps its scenario
-- alive, but once both are garbage in the same cycle, a finalizer can still
-- reach the view after the scenario's own finalizer freed the game.
-- The runner holds a case's scenarios until the case ends, so the view is
-- kept in one case and the garbage is collected in the next.

local seen = {}
local kept

case("keep a game view and a tile view in an object with a finalizer", function()
  -- marked for finalization before the scenario, so finalized after it
  kept = setmetatable({}, { __gc = function(h)
    seen.ok, seen.err = pcall(function() return h.view.players end)
    seen.tile_ok, seen.tile_err = pcall(function() return h.tile.x end)
  end })
  local s = scenario{ players = 2 }
  s:place("A", 1, 0, 1)
  kept.view = s:game()
  kept.tile = kept.view:tile_at(1, 0)
  if kept.view.players ~= 2 or kept.tile.x ~= 1 then error("the views do not answer") end
end)

case("the kept view kept its scenario alive into the next case", function()
  if kept.view.players ~= 2 or kept.tile.x ~= 1 then error("the kept views lost their scenario") end
end)

case("once the scenario is collected the kept views have expired", function()
  kept = nil
  collectgarbage()
  collectgarbage()
  if seen.ok == nil then error("the finalizer did not run") end
  if seen.ok then error("the game view answered after its scenario was collected") end
  if seen.tile_ok then error("the tile view answered after its scenario was collected") end
  if not tostring(seen.err):find("this game view has expired", 1, true) then error(tostring(seen.err)) end
  if not tostring(seen.tile_err):find("this tile view has expired", 1, true) then error(tostring(seen.tile_err)) end
end)

-- A scenario's metatable is locked: a script that reached its __gc could
-- free the game under a running method (expect_error's function called it,
-- and the method then read the freed game).
case("a scenario's metatable is locked", function()
  local s = scenario{ players = 2 }
  assert(getmetatable(s) == "locked", "the metatable is reachable: " .. tostring(getmetatable(s)))
  s:expect_error(function()
    local mt = getmetatable(s)
    return mt.__gc(s)
  end, "attempt to call a nil value")
  s:place("A", 1, 0, 1)
  s:expect_scores{ 0, 0 }
end)

-- Placement hooks are told the drawn tile's name (args.tile), also for a
-- tile type defined after the ruleset loaded: here a scenario's one-line
-- notation, which defines one named adhocN (rules/tile_names.lua refuses
-- every square when the name is missing).
-- luacheck: read globals case scenario

case("a placement hook, one call a square and batched, knows a one-line notation tile's name", function()
  for _, rules in ipairs { "rules/tile_names_one.lua", "rules/tile_names_batch.lua" } do
    local s = scenario { players = 2, rules = rules }
    s:place("A", -1, 0, 3)
    s:place("road:E,W field:Wr,N,El field:Er,S,Wl", 1, 0, 0)
    assert(s:game():tile_at(1, 0), rules .. ": the tile is not on (1,0)")
  end
end)

-- A pointers source declared on fields, with ferries: a field's pointer
-- along a road that runs onto a ferry route finds no field of its kind
-- there, as on a tile's road beside it (rules/field_pointers.lua; the demo
-- map's straight ferry (5,5)S - (5,7)N).
-- luacheck: read globals case scenario

case("a field's pointer at a ferry route does not hold", function()
  for _, rules in ipairs { "rules/field_pointers_on.lua", "rules/field_pointers_off.lua" } do
    local s = scenario { players = 2, rules = rules }
    s:place("field:N,E,S,W", 5, 4, 0)
    s:place("FP1", 5, 5, 0) -- road south onto the route; the field around it points south
    s:follower(1, 5, 5, "field")
    s:end_turn()
    s:final_scoring()
    -- the field scores nothing (no completed city), and its pointer adds nothing
    s:expect_scores { 0, 0 }
  end
end)

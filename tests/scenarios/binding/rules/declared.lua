-- Declarative handlers (set / add / sub / halve, by reason): no Lua call.
local x = expansion { name = "declared", options = { broken = "" } }
local broken = x.options.broken
if broken == "" then
  x:handler {
    name = "mix", priority = 450, kinds = { "road" },
    set = { adjust = 7 }, add = { total = "adjust" }, halve = "total",
  }
  x:handler {
    name = "by_reason", priority = 460, kinds = { "road" },
    completed = { add = { total = 100 } },
    final = { set = { total = -5 }, halve = { "total" } },
  }
elseif broken == "both" then
  x:handler { name = "both", priority = 450, add = { total = 1 }, fn = function() end }
elseif broken == "field" then
  x:handler { name = "field", priority = 450, add = { count_original = 1 } }
elseif broken == "sources" then
  x:tile_attr("D", "declared_mark", 1)
  x:handler { name = "roads", priority = 350, kinds = { "road" }, add = { adjust = { tiles_with_kind = "road" } } }
  x:handler {
    name = "less", priority = 450, kinds = { "road" },
    sub = { total = { tiles_with_kind = "city" }, adjust = { tiles_with_attr = "declared_mark" } },
  }
elseif broken == "present" then
  x:handler { name = "semi", priority = 350, kinds = { "city" }, set = { adjust = "semicircular_tiles" } }
  x:handler { name = "jury", priority = 150, kinds = { "city" }, strength = { present = 1 } }
elseif broken == "strength" then
  x:handler { name = "strength", priority = 150, strength = { present = -1 } }
elseif broken == "source" then
  x:handler { name = "source", priority = 450, add = { total = { tiles_with = "road" } } }
elseif broken == "kind" then
  x:handler { name = "kind", priority = 450, sub = { total = { tiles_with_kind = "lake" } } }
elseif broken == "when" then
  x:var("declared.road_card")
  x:handler {
    name = "when", priority = 450, kinds = { "road", "city" }, add = { total = 10 },
    when = { road = { var = "declared.road_card", equals = 2 } },
  }
elseif broken == "when_fn" then
  x:handler { name = "when_fn", priority = 450, fn = function() end, when = { road = { var = "v", equals = 1 } } }
elseif broken == "when_kind" then
  x:handler { name = "when_kind", priority = 450, add = { total = 1 }, when = { lake = { var = "v", equals = 1 } } }
elseif broken == "pointers_turn" then
  x:handler { name = "pointers_turn", priority = 450, add = { total = { pointers = { sign = 4 } } } }
elseif broken == "pointers_worth" then
  x:handler { name = "pointers_worth", priority = 450, add = { total = { pointers = { sign = 1 }, worth = 2 } } }
elseif broken == "pointers_ferries" then
  x:handler { name = "pointers_ferries", priority = 450,
              add = { total = { pointers = { sign = 1 }, ferries = "yes" } } }
elseif broken == "pointers_empty" then
  x:handler { name = "pointers_empty", priority = 450, add = { total = { pointers = {} } } }
elseif broken == "pointers_border" then
  x:handler { name = "pointers_border", priority = 450, add = { total = { pointers = { sign = 1 }, border_ends = 1 } } }
elseif broken == "pointers_key" then
  x:handler { name = "pointers_key", priority = 450, add = { total = { pointers = { sign = 1 }, ferry = true } } }
elseif broken == "kinds_set" then -- a set where a list goes: read as empty, it let every kind through
  x:handler { name = "kinds_set", priority = 450, kinds = { city = true }, add = { total = 100 } }
elseif broken == "reasons_gap" then
  x:handler { name = "reasons_gap", priority = 450, reasons = { [2] = "final" }, add = { total = 100 } }
elseif broken == "when_unknown" then -- a misspelt variable would stay 0
  x:var("declared.mode")
  x:handler { name = "when_unknown", priority = 450, add = { total = 1 },
              when = { road = { var = "declared.mdoe", equals = 1 } } }
elseif broken == "flag_unknown" then
  x:flag("declared.on")
  x:handler { name = "flag_unknown", priority = 450, flag = "declared.onn", add = { total = 1 } }
elseif broken == "halve_gap" then -- read up to its gap, the list dropped "total"
  x:handler { name = "halve_gap", priority = 450, halve = { "count", nil, "total" } }
elseif broken == "halve_twice" then
  x:handler { name = "halve_twice", priority = 450, halve = { "total", "total" } }
elseif broken == "name_empty" then
  x:handler { name = "", priority = 450, add = { total = 1 } }
elseif broken == "when_key" then -- a misspelt key beside the right ones
  x:var("declared.mode")
  x:handler { name = "when_key", priority = 450, add = { total = 1 },
              when = { road = { var = "declared.mode", equals = 1, equls = 2 } } }
elseif broken == "when_range" then -- the variable never holds 7: the steps would never apply
  x:var("declared.card", { min = 0, max = 3 })
  x:handler { name = "when_range", priority = 450, add = { total = 1 },
              when = { road = { var = "declared.card", equals = 7 } } }
elseif broken == "when_range_late" then -- the same, the range given after the handler
  x:var("declared.card")
  x:handler { name = "when_range_late", priority = 450, add = { total = 1 },
              when = { road = { var = "declared.card", equals = 7 } } }
  x:var("declared.card", { min = 0, max = 3 })
elseif broken == "when_outside" then -- the filter lets no road through
  x:var("declared.mode")
  x:handler { name = "when_outside", priority = 450, kinds = { "city" }, add = { total = 1 },
              when = { road = { var = "declared.mode", equals = 1 } } }
elseif broken == "reason_dead" then -- completed steps, but only final scorings come through
  x:handler { name = "reason_dead", priority = 450, reasons = { "final" },
              completed = { add = { total = 1 } }, final = { add = { total = 2 } } }
elseif broken == "huge" then -- 3 road tiles + 999,999,999 passes the limit of a scoring's fields
  x:handler { name = "huge", priority = 450, kinds = { "road" }, add = { total = 999999999 } }
elseif broken == "large" then -- within a scoring's limit, past a player's with 100 points more
  x:handler { name = "large", priority = 450, kinds = { "road" }, add = { total = 999999990 } }
  x:handler { name = "late", priority = 700, kinds = { "road" }, set = { total = 0 } } -- after the award
elseif broken == "hook_push" then -- a hook's points, with the scoring's award still to come
  x:hook { point = "feature_scored", name = "push", fn = function(game) game:add_score(1, 999999999) end }
elseif broken == "when_empty" then -- names no kind: every kind is "another kind"
  x:var("declared.mode")
  x:handler { name = "when_empty", priority = 450, add = { total = 100 }, when = {} }
elseif broken == "field_completed" then -- a field is scored at the end only
  x:handler { name = "field_completed", priority = 450, kinds = { "farm" }, completed = { add = { total = 1 } } }
elseif broken == "field_fn_completed" then
  x:handler { name = "field_fn_completed", priority = 450, kinds = { "field", "water" }, reasons = { "completed" },
              fn = function() end }
elseif broken == "whole_floats" then -- 450.0 is 450, as Lua's own conversions take it
  x:var("declared.card")
  x:handler { name = "whole_floats", priority = 450.0, kinds = { "road" }, add = { total = 5.0 },
              when = { road = { var = "declared.card", equals = 1.0 } } }
  x:handler { name = "farm_when", priority = 450, kinds = { "farm" }, add = { total = 10 },
              when = { farm = { var = "declared.card", equals = 1 } } }
elseif broken == "fraction" then
  x:handler { name = "fraction", priority = 450, add = { total = 5.5 } }
elseif broken == "hook_dip" then -- two final roads of 10^9 staged; the hook takes 10^9 at a time
  x:handler { name = "billion", priority = 450, kinds = { "road" }, set = { total = 1000000000 } }
  x:hook { point = "final_scoring", name = "dip", fn = function(game)
    game:add_score(1, -1000000000) -- -10^9 now, 10^9 once the roads are added: allowed
    game:add_score(1, -1000000000) -- -2 * 10^9 now: refused, whatever comes after
  end }
elseif broken == "when_farm_field" then -- "farm" is the field: one kind named twice
  x:var("declared.mode")
  x:handler { name = "when_farm_field", priority = 450, add = { total = 1 },
              when = { farm = { var = "declared.mode", equals = 1 }, field = { var = "declared.mode", equals = 2 } } }
elseif broken == "priority_true" then
  x:handler { name = "priority_true", priority = true, add = { total = 1 } }
elseif broken == "mixed" then
  x:handler { name = "mixed", priority = 450, add = { total = 1 }, final = { set = { total = 0 } } }
end

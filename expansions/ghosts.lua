-- Ghosts: a ghost added to a player's followers on a feature costs that
-- player points when the feature is scored, if the player scores it (has
-- the majority): 2 in a completed city, 1 elsewhere and at the final
-- scoring. The penalty changes what each player receives, not the feature's
-- value, so it runs in the player stage, after base.award (600).
--
-- Readings (options, see docs/expansions/ghosts.md):
--   floor = "score"   (default, the rules' text) a player may receive negative
--                     points for the feature, but his score never drops below
--                     0 through a ghost penalty (his score where it stands,
--                     with the features scored before in the same turn or
--                     final scoring: ctx:score_so_far);
--           "feature" a player's points for the feature never go below 0.
--   city_penalty = 2  points a ghost costs in a completed city (the Land
--                     Surveyors' community rules, Example 3: "2 ghosts x 2
--                     points"; 1: the final-scoring table's -1 everywhere).
--   per_player = 3    ghosts each player has.
--   strength = 0      what a ghost adds to its owner's majority (0: nothing).
-- A ghost is a figure placed instead of a follower, on the tile just placed,
-- like a follower but on a feature that may already be occupied. The rules
-- texts give no tiles; this project adds none.
-- luacheck: read globals expansion

local x = expansion {
  name = "ghosts",
  requires = {},
  options = {
    floor = { default = "score", values = { "score", "feature" } },
    city_penalty = 2,
    per_player = 3,
    strength = 0,
  },
}

x:figure {
  name = "ghost",
  strength = x.options.strength,
  per_player = x.options.per_player,
  occupies = false,
  placement = "follower",
  kinds = { "road", "city", "field", "monastery" },
}

local by_score = x.options.floor == "score"
local city_penalty = x.options.city_penalty
if math.type(city_penalty) ~= "integer" or city_penalty < 0 or city_penalty > 100 then
  error("option 'city_penalty' must be a whole number from 0 to 100", 0)
end
local city_rate = city_penalty == 1 and "" or " (" .. city_penalty .. " in a completed city)"

x:handler {
  name = "penalty",
  priority = 610,
  figure = "ghost",
  reasons = { "completed", "final" },
  describe = "Ghosts: -1 point / ghost" .. city_rate .. " of a player with the majority"
    .. (by_score and " (his score never below 0)" or " (his points for the feature never below 0)"),
  fn = function(ctx)
    local rate = ctx.kind == "city" and ctx.reason == "completed" and city_penalty or 1
    local ghosts = {}
    for _, f in ipairs(ctx.feature:figures()) do
      if f.type == "ghost" and f.owner then ghosts[f.owner] = (ghosts[f.owner] or 0) + 1 end
    end
    for p = 1, ctx.players do
      local n = ghosts[p]
      if n and ctx:scores(p) then
        local award = ctx:award(p) - n * rate
        local floor = by_score and -ctx:score_so_far(p) or 0
        if award < floor then award = floor end
        ctx:set_award(p, award)
      end
    end
  end,
}

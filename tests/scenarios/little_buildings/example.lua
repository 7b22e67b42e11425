-- The worked example of the Little Buildings rules: Red places a tile with a
-- shed and completes a road and a city.
--   road: 5 tiles + 2 buildings = 7
--   city: 3 tiles * 2 + 1 coat of arms * 2 = 8, + 2 buildings = 10
--   Black's farm then holds 3 buildings, Blue's monastery 2.
-- Five players (1 red, 2 blue, 3 green, 4 yellow, 5 black): 3 buildings
-- each, one of every type.
--
-- Board (x east, y south; rN = rotation N):
--
--            x=-1        x=0         x=1         x=2        x=3
--   y=-1                             M r2        E r3
--                                    city S,E    city W
--                                    +arms       [Red knight]
--                                    [yellow]
--   y= 0     A r3        D (start)   D  <- Red   U r1       W r0
--            monastery   city N      places it   road E-W   road end W
--            road E      road E-W    [Red shed]  [Red road]
--            [Blue monk] [Red house]
--            [Black farmer: south field of D]
--   y= 1                 E r2        E r2        E r2
--                        cap S       cap S       cap S
--                        [green]
--
-- Road: A(-1,0), D(0,0), D(1,0), U(2,0), W(3,0) = 5 tiles; buildings on
--   (0,0) and (1,0) = 2 -> 5 + 2 = 7.
-- City: D(1,0), M(1,-1), E(2,-1) = 3 tiles, 1 arms (M) -> 8; buildings on
--   (1,0) and (1,-1) = 2 -> 10.
-- Farm: all fields of A(-1,0), D(0,0) (both), D(1,0) (both), U(2,0),
--   W(3,0), E(2,-1), and the three E r2 caps join into one farm (M's field
--   at (1,-1) is cut off by its city and touches no other tile). Buildings
--   on its tiles: (0,0), (1,0), (0,1) = 3. Completed cities it touches:
--   the 3-tile city only (D(0,0)'s cap and the three caps at y=1 are open)
--   -> at the end 3 + 3 = 6.
-- Monastery A(-1,0): its 3x3 area holds (-1,0), (0,0), (0,1) = 3 tiles;
--   buildings on (0,0), (0,1) = 2 -> at the end 3 + 2 = 5.

local RULES = "../rules/lb_basic.lua"

case("Little Buildings worked example: road 7, city 10, farm 3 buildings, monastery 2", function()
  local s = scenario { rules = RULES, players = 5 }
  s:place("A", -1, 0, 3)
  s:place("E", 0, 1, 2)
  s:place("E", 1, 1, 2)
  s:place("E", 2, 1, 2)
  s:place("U", 2, 0, 1)
  s:place("W", 3, 0, 0)
  s:place("E", 2, -1, 3)
  s:place("M", 1, -1, 2)
  s:follower(1, 2, 0, "road")
  s:follower(1, 2, -1, "city")
  s:follower(2, -1, 0, "monastery")
  s:follower(5, 0, 0, 3)            -- D's segment 3: the field south of the road
  s:token(1, "house", 0, 0)
  s:token(3, "tower", 0, 1)
  s:token(4, "shed", 1, -1)
  s:end_turn()
  s:expect_scores { 0, 0, 0, 0, 0 }
  -- Red's turn: the tile that completes the road and the city, with a shed.
  s:place("D", 1, 0, 0)
  s:token(1, "shed", 1, 0)
  s:end_turn()
  s:expect_scores { 17, 0, 0, 0, 0 }
  s:expect_change("little_buildings.buildings", "total", 7)
  s:expect_change("little_buildings.buildings", "total", 10)
  s:final_scoring()
  -- Blue: 3 + 2 = 5; Black: 1 completed city * 3 + 3 buildings = 6.
  s:expect_scores { 17, 5, 0, 0, 6 }
end)

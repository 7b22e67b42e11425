# `carcassonne bench` as a user runs it: its JSON parses and says what was
# asked, --compare gives ratios, and impossible requests fail with one line.
execute_process(COMMAND ${CLI} bench --games 4 --players 3 --tiles 144 --compare base --json
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bench --json --compare failed (${rc}): ${err}")
endif()
string(JSON nruns LENGTH "${out}" runs)
string(JSON players GET "${out}" runs 0 players)
string(JSON tiles GET "${out}" runs 1 tiles_per_game)
string(JSON ratio GET "${out}" ratio_per_tile)
if(NOT nruns EQUAL 2 OR NOT players EQUAL 3 OR NOT tiles MATCHES "^14[0-4]\\." OR ratio STREQUAL "")
  message(FATAL_ERROR "bench JSON does not say what was asked: ${out}")
endif()
execute_process(COMMAND ${CLI} bench --games 2 --bot greedy
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "greedy bots" OR NOT out MATCHES "calls into Lua")
  message(FATAL_ERROR "bench --bot greedy failed (${rc}): ${out}${err}")
endif()
foreach(bad "--tiles;0" "--tiles;20000000" "--checksum;--tiles;20000000" "--bot;clever" "--players;7"
            "--games;0")
  execute_process(COMMAND ${CLI} bench ${bad} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "^carcassonne bench: ")
    message(FATAL_ERROR "bench ${bad} was not rejected with a clear message: ${rc} ${err}")
  endif()
endforeach()
# the largest game the range takes is one the board holds (16777216 was
# taken, then refused: the engine keeps room for one tile more)
execute_process(COMMAND ${CLI} bench --tiles 16777216 ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err STREQUAL "carcassonne bench: --tiles takes 72 to 16777215\n")
  message(FATAL_ERROR "bench --tiles 16777216: ${rc} ${err}")
endif()
# the checksum's series fixes its players and bots and prints one line: the
# options of a measured run are refused with it, and its own without it
foreach(case "--checksum;--players;3|--players" "--checksum;--bot;greedy|--bot" "--checksum;--json|--json"
             "--checksum;--compare;base|--compare")
  string(REPLACE "|" ";" case "${case}")
  list(POP_BACK case opt)
  execute_process(COMMAND ${CLI} bench ${case} --games 2 OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 2 OR NOT out STREQUAL "" OR NOT err MATCHES "^carcassonne bench: ${opt} does not go with --checksum")
    message(FATAL_ERROR "bench ${case}: ${rc} '${out}' ${err}")
  endif()
endforeach()
execute_process(COMMAND ${CLI} bench --greedy-every 3 --games 2 OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT out STREQUAL "" OR NOT err STREQUAL "carcassonne bench: --greedy-every goes with --checksum\n")
  message(FATAL_ERROR "bench --greedy-every without --checksum: ${rc} '${out}' ${err}")
endif()
foreach(mode "" "--checksum")
  execute_process(COMMAND ${CLI} bench ${mode} --tiles 20000000 ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT err MATCHES "--tiles takes 72 to 16777215\n")
    message(FATAL_ERROR "bench ${mode} --tiles 20000000 does not name the limit: ${err}")
  endif()
endforeach()
# no fixed board size: a game of 10,000 tiles (the base mix repeated) plays to its end
execute_process(COMMAND ${CLI} bench --games 2 --tiles 10000 --json
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bench --tiles 10000 failed (${rc}): ${err}")
endif()
string(JSON tiles GET "${out}" runs 0 tiles_per_game)
if(tiles LESS 9990)
  message(FATAL_ERROR "a 10,000-tile game placed only ${tiles} tiles: ${out}")
endif()
# on a map, tiles placed are counted, not the map's printed pieces (they are
# its board): Veldmark with the base tiles places at most the bag's 72
execute_process(COMMAND ${CLI} bench --games 4 --rules ${SRC}/expansions/maps/veldmark_base.lua --json
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
string(JSON tiles GET "${out}" runs 0 tiles_per_game)
if(NOT rc EQUAL 0 OR tiles GREATER 72 OR tiles LESS 60)
  message(FATAL_ERROR "bench on a map counted ${tiles} tiles a game (printed pieces included?): ${err}")
endif()
# a game whose tiles could gather more coats of arms in one city than a
# feature counts (32 bits) is refused when it starts, naming the numbers
execute_process(COMMAND ${CLI} bench --games 1 --tiles 2200000 --rules ${SRC}/tests/limits/arms_rules.lua
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "2200004 tiles with up to 999 coats of arms each could gather more than 2147483647")
  message(FATAL_ERROR "bench with 2,200,004 tiles of 999 arms was not refused: ${rc} ${err}")
endif()

# Runs the CLI the way a user would and checks what it prints.

# Writes ruleset `path` holding `text`; 'pipeline --rules' must refuse it
# with a message matching `pattern` (`what` says which promise broke).
function(expect_ruleset_refused path text pattern what)
  file(WRITE "${path}" "${text}")
  execute_process(COMMAND ${CLI} pipeline --rules "${path}" OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: ${rc} ${err}")
  endif()
endfunction()

execute_process(COMMAND ${CLI} play --players 3 --seed 1 OUTPUT_VARIABLE a RESULT_VARIABLE ra)
execute_process(COMMAND ${CLI} play --players 3 --seed 1 OUTPUT_VARIABLE b RESULT_VARIABLE rb)
if(NOT ra EQUAL 0 OR NOT rb EQUAL 0)
  message(FATAL_ERROR "play failed: ${ra} ${rb}")
endif()
if(NOT a STREQUAL b)
  message(FATAL_ERROR "play --players 3 --seed 1 printed different output on two runs")
endif()
if(NOT a MATCHES "final scores: red [0-9]+ blue [0-9]+ green [0-9]+")
  message(FATAL_ERROR "play output has no final scores line")
endif()
execute_process(COMMAND ${CLI} play --players 9 RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "--players takes 2 to 5")
  message(FATAL_ERROR "bad --players was not rejected with a clear message: ${rc} ${err}")
endif()
# Output that cannot all be written (a full disk) is an error, not a success.
if(EXISTS /dev/full)
  execute_process(COMMAND ${CLI} play --seed 1 OUTPUT_FILE /dev/full RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "cannot write the output")
    message(FATAL_ERROR "play to a full disk succeeded: ${rc} ${err}")
  endif()
endif()
# Tile types by the tens of thousands: a map's printed pieces past type
# 32,767 play (they had wrapped to a negative id: a crash), and a type past
# CARC_MAX_TILE_TYPES is refused at its line (it had wrapped to another type).
execute_process(COMMAND ${CLI} play --rules ${SRC}/tests/limits/many_types_map_rules.lua --seed 1
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "final scores: red [0-9]+ blue [0-9]+")
  message(FATAL_ERROR "a map after 32,768 tile types did not play: ${rc} ${err}")
endif()
execute_process(COMMAND ${CLI} tiles --rules ${SRC}/tests/limits/too_many_types_rules.lua
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "many_types.lua:7: .*an engine holds at most 65535 tile types")
  message(FATAL_ERROR "a tile type past 65,535 was not refused at its line: ${rc} ${err}")
endif()
execute_process(COMMAND ${CLI} frobnicate RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "unknown command")
  message(FATAL_ERROR "unknown command accepted")
endif()
foreach(cmd play tiles pipeline explain bench test maps render simulate merge)
  execute_process(COMMAND ${CLI} ${cmd} --help RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "usage: carcassonne ${cmd}")
    message(FATAL_ERROR "${cmd} --help failed")
  endif()
endforeach()
execute_process(COMMAND ${CLI} tiles OUTPUT_VARIABLE out)
if(NOT out MATCHES "24 tile types, 72 tiles")
  message(FATAL_ERROR "tiles does not list the 72 base tiles")
endif()

# ---- the CLI says what it means (one check per point) ----
# An unknown option is named as unknown; a known one without its value says so.
foreach(cmd play tiles pipeline explain bench)
  execute_process(COMMAND ${CLI} ${cmd} --frobnicate 3 RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "unknown option '--frobnicate'")
    message(FATAL_ERROR "${cmd}: an unknown option was not named: ${err}")
  endif()
endforeach()
# Every option a command's --help names, misspelt (its first letter dropped),
# is refused with that option suggested; a spelling like none is not.
# (merge's help names simulate's --shard, which merge does not take.)
foreach(cmd play tiles pipeline explain bench render merge simulate)
  execute_process(COMMAND ${CLI} ${cmd} --help OUTPUT_VARIABLE out)
  string(REGEX MATCHALL "--[a-z][a-z-]*" named "${out}")
  list(REMOVE_DUPLICATES named)
  if(cmd STREQUAL "merge")
    list(REMOVE_ITEM named --shard)
  endif()
  list(LENGTH named n)
  if(n EQUAL 0)
    message(FATAL_ERROR "${cmd} --help names no option")
  endif()
  foreach(option ${named})
    string(SUBSTRING "${option}" 3 -1 rest)
    execute_process(COMMAND ${CLI} ${cmd} --${rest} x RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
    if(NOT rc EQUAL 2 OR NOT err MATCHES "unknown option '--${rest}'; did you mean '${option}'\\?")
      message(FATAL_ERROR "${cmd} --${rest}: '${option}' was not suggested: ${rc} ${err}")
    endif()
  endforeach()
  execute_process(COMMAND ${CLI} ${cmd} --zqxw RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR err MATCHES "did you mean")
    message(FATAL_ERROR "${cmd} --zqxw: ${rc} ${err}")
  endif()
endforeach()
# an option's control bytes are shown as '?', on one line
execute_process(COMMAND ${CLI} play "--se\ned" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "^carcassonne play: unknown option '--se\\?ed'; did you mean '--seed'\\?[^\n]*\n$")
  message(FATAL_ERROR "a newline in an unknown option: ${rc} ${err}")
endif()
execute_process(COMMAND ${CLI} play --seed RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "option '--seed' is missing its value")
  message(FATAL_ERROR "play --seed without a value: ${err}")
endif()
# Limits are stated in --help, and the whole stated range is accepted.
execute_process(COMMAND ${CLI} play --help OUTPUT_VARIABLE out)
if(NOT out MATCHES "0 to 18446744073709551615" OR NOT out MATCHES "2 to 5 players")
  message(FATAL_ERROR "play --help does not state the limits of --seed and --players")
endif()
execute_process(COMMAND ${CLI} bench --help OUTPUT_VARIABLE out)
if(NOT out MATCHES "--games N +1 to 100000000")
  message(FATAL_ERROR "bench --help does not state the limit of --games")
endif()
execute_process(COMMAND ${CLI} play --seed 18446744073709551615 RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "seed 18446744073709551615")
  message(FATAL_ERROR "play refused the largest seed its help states")
endif()
execute_process(COMMAND ${CLI} play --seed -1 RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "--seed takes a whole number from 0 to")
  message(FATAL_ERROR "play --seed -1 was not refused with the limits: ${err}")
endif()
# An expansion file where a ruleset is expected is named as such.
execute_process(COMMAND ${CLI} play --rules ${SRC}/expansions/mage_witch.lua RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "is an expansion file, not a ruleset" OR err MATCHES "attempt to call")
  message(FATAL_ERROR "an expansion passed as a ruleset: ${err}")
endif()
# One expansion (or several) without a ruleset file.
execute_process(COMMAND ${CLI} play --expansions inns_cathedrals,mage_witch --seed 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "draws IC_" OR NOT out MATCHES "draws MW_")
  message(FATAL_ERROR "play --expansions inns_cathedrals,mage_witch: ${rc} ${err}")
endif()
# The turn lines are a table: " draws " and " places at " stand at the same
# offsets on every line, whatever the tile's name (maps and expansions have
# long ones) or the turn's number of digits (past turn 99).
function(expect_turn_columns_aligned)
  execute_process(COMMAND ${CLI} play ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  string(REPLACE ";" " " args "${ARGN}")
  string(REGEX MATCHALL "\nturn [^\n]*" lines "${out}")
  list(LENGTH lines n)
  if(NOT rc EQUAL 0 OR n LESS 2)
    message(FATAL_ERROR "play ${args}: ${rc}, ${n} turn lines")
  endif()
  list(GET lines 0 first)
  foreach(column " draws " " places at ")
    string(FIND "${first}" "${column}" want)
    foreach(line ${lines})
      string(FIND "${line}" "${column}" at)
      if(NOT at EQUAL want)
        message(FATAL_ERROR "play ${args}: '${column}' at ${at}, not ${want} as on turn 1, in:${line}")
      endif()
    endforeach()
  endforeach()
endfunction()
expect_turn_columns_aligned(--rules ${SRC}/expansions/maps/veldmark.lua --seed 7)
expect_turn_columns_aligned(--rules ${SRC}/expansions/default.lua --players 5 --seed 3)
execute_process(COMMAND ${CLI} play --expansions nosuch RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "unknown expansion 'nosuch'")
  message(FATAL_ERROR "play --expansions nosuch: ${err}")
endif()
# test on a folder without scenarios fails.
file(MAKE_DIRECTORY ${TMP}/empty_scenarios)
execute_process(COMMAND ${CLI} test ${TMP}/empty_scenarios RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "no scenario cases found")
  message(FATAL_ERROR "test on an empty folder passed: ${rc} ${out} ${err}")
endif()
# Every printed line is true: a scoring with a scorer never says "nobody
# scores"; expansions describe their own state (no empty line); the board
# legend names every symbol the board uses.
execute_process(COMMAND ${CLI} play --rules ${SRC}/expansions/default.lua --players 3 --seed 5
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play with the default ruleset failed")
endif()
if(out MATCHES "nobody scores\n[^\n]*base.majority[^\n]* scores")
  message(FATAL_ERROR "a scoring says nobody scores and then that a player scores")
endif()
if(out MATCHES "active tiles now *\n" OR NOT out MATCHES "  land_surveyors: active tiles: city [a-z_]+, road [a-z_]+, monastery [a-z_]+\n")
  message(FATAL_ERROR "the Land Surveyors' state line is missing or empty")
endif()
execute_process(COMMAND ${CLI} play --seed 5 OUTPUT_VARIABLE out)
if(out MATCHES "land_surveyors")
  message(FATAL_ERROR "play without expansions prints expansion state")
endif()
string(REGEX MATCH "board x [^\n]*" legend "${out}")
foreach(sym "# city" "= road" ". field" "~ water" "M monastery" "+ road through" "o crossing"
        "1-6 a player's figure" "n a neutral figure" "T a token")
  string(FIND "${legend}" "${sym}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the board legend misses '${sym}': ${legend}")
  endif()
endforeach()
# Docs speak for themselves.
file(GLOB_RECURSE docs ${SRC}/docs/*.md ${SRC}/README.md)
foreach(d ${docs})
  file(READ ${d} text)
  string(TOLOWER "${text}" text)
  foreach(phrase "project brief" "the brief" "proposed architecture" "../shared")
    string(FIND "${text}" "${phrase}" at)
    if(at GREATER -1)
      message(FATAL_ERROR "${d} says '${phrase}'")
    endif()
  endforeach()
endforeach()

# Endless input is refused, not read on; a full disk is reported; a
# folder of maps is listed whole, however many it holds.
if(EXISTS /dev/zero)
  foreach(cmd "render;/dev/zero" "merge;/dev/zero" "play;--map;/dev/zero")
    execute_process(COMMAND ${CLI} ${cmd} OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
    if(rc EQUAL 0 OR NOT err MATCHES "/dev/zero: (it is larger than 64 MiB|cannot read the map|it is not a regular file)")
      message(FATAL_ERROR "'${cmd}' did not refuse an endless file: ${rc} ${err}")
    endif()
  endforeach()
endif()
# A describe function gets the game read-only: its score and its draw from
# the game's generator fail, and the game plays as it does without it.
execute_process(COMMAND ${CLI} play --players 2 --seed 1
                --rules ${SRC}/tests/scenarios/faults/rules/r_describe_writes.lua
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
execute_process(COMMAND ${CLI} play --players 2 --seed 1 OUTPUT_VARIABLE plain)
string(REGEX MATCH "final scores: [^\n]*" want "${plain}")
string(REGEX MATCH "final scores: [^\n]*" got "${out}")
if(NOT rc EQUAL 0 OR NOT got STREQUAL want OR NOT out MATCHES "add_score: the game is read-only"
   OR NOT out MATCHES "math.random: the game's generator is read-only")
  message(FATAL_ERROR "a describe function changed the game: '${got}' against '${want}' (${rc})")
endif()
# An expansion that fails loading on an option a ruleset gave it names the
# ruleset's line as well as its own.
file(WRITE ${TMP}/nomap.lua "ruleset {\n  expansions = { \"maps\" },\n  options = { maps = { map = \"no_such_map\" } },\n}\n")
execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/nomap.lua ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "map 'no_such_map' not found"
   OR NOT err MATCHES "\\(expansion 'maps', with the options at [^\n]*nomap.lua:3\\)")
  message(FATAL_ERROR "a map option that fails does not name the ruleset's line: ${rc} ${err}")
endif()
# A FIFO named as a ruleset or an expansion is refused, not waited on for a
# writer that never comes.
find_program(MKFIFO mkfifo)
if(MKFIFO)
  file(REMOVE_RECURSE ${TMP}/fifo)
  file(MAKE_DIRECTORY ${TMP}/fifo)
  execute_process(COMMAND ${MKFIFO} ${TMP}/fifo/pipe_rules.lua ${TMP}/fifo/pipe_exp.lua)
  file(WRITE ${TMP}/fifo/r.lua "ruleset { expansions = { \"pipe_exp\" } }\n")
  execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/fifo/pipe_rules.lua ERROR_VARIABLE err
                  RESULT_VARIABLE rc TIMEOUT 60)
  if(rc EQUAL 0 OR NOT err MATCHES "pipe_rules.lua: cannot read the ruleset")
    message(FATAL_ERROR "a FIFO as a ruleset was not refused: ${rc} ${err}")
  endif()
  execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/fifo/r.lua ERROR_VARIABLE err
                  RESULT_VARIABLE rc TIMEOUT 60)
  if(rc EQUAL 0 OR NOT err MATCHES "r.lua:1: unknown expansion 'pipe_exp'")
    message(FATAL_ERROR "a FIFO as an expansion was not refused: ${rc} ${err}")
  endif()
  execute_process(COMMAND ${CLI} play --map ${TMP}/fifo/pipe_rules.lua ERROR_VARIABLE err
                  RESULT_VARIABLE rc TIMEOUT 60)
  if(rc EQUAL 0 OR NOT err MATCHES "pipe_rules.lua: cannot read the map: it is not a regular file")
    message(FATAL_ERROR "a FIFO as a map was not refused: ${rc} ${err}")
  endif()
  execute_process(COMMAND ${CLI} test ${TMP}/fifo/pipe_rules.lua OUTPUT_QUIET ERROR_VARIABLE err
                  RESULT_VARIABLE rc TIMEOUT 60)
  if(rc EQUAL 0 OR NOT err MATCHES "pipe_rules.lua' is not a file or a folder")
    message(FATAL_ERROR "a FIFO as a scenario file was not refused: ${rc} ${err}")
  endif()
endif()
# An error names the line in the ruleset{} or scenario{} call, not an earlier
# comment (or an earlier case) that mentions the same word.
expect_ruleset_refused(${TMP}/lines_rules.lua
  "-- once we used the \"nope\" expansion\n\nruleset {\n  expansions = { \"nope\" },\n}\n"
  "lines_rules.lua:4: unknown expansion 'nope'" "a ruleset's error named the wrong line")
# A long path is shown by its end: what went wrong stays in the message.
string(REPEAT "d" 200 long_d)
string(REPEAT "e" 200 long_e)
string(REPEAT "f" 200 long_f)
file(MAKE_DIRECTORY ${TMP}/${long_d}/${long_e}/${long_f})
expect_ruleset_refused(${TMP}/${long_d}/${long_e}/${long_f}/r.lua "ruleset { expansions = { \"nope\" } }\n"
  "\\.\\.\\.f+/r.lua:1: unknown expansion 'nope' \\(no nope.lua in \\.\\.\\." "a long ruleset path hid the error")
expect_ruleset_refused(${TMP}/two_rulesets.lua
  "ruleset { expansions = { \"ghosts\" } }\nruleset { expansions = { \"pigs\" } }\n"
  "two_rulesets.lua:2: a second ruleset\\{\\} \\(the first at line 1\\)"
  "a second ruleset{} in one file was not refused")
file(WRITE ${TMP}/lines_scen.lua "-- tests the \"nope\" expansion\ncase('a', function()\n  scenario { rules = { expansions = { 'nope' } } }\nend)\ncase('b', function()\n  scenario { rules = { expansions = { 'nope' } } }\nend)\ncase('c', function()\n  local x = 'no' .. 'pe'\n  scenario { rules = { expansions = { x } } }\nend)\n-- nope, again\n")
execute_process(COMMAND ${CLI} test ${TMP}/lines_scen.lua OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT out MATCHES "lines_scen.lua:3: unknown expansion 'nope'"
   OR NOT out MATCHES "lines_scen.lua:6: unknown expansion 'nope'"
   OR NOT out MATCHES "lines_scen.lua:10: unknown expansion 'nope'")
  message(FATAL_ERROR "a scenario's ruleset error named the wrong line: ${rc} ${out}")
endif()
# A NUL byte in a save or a map is refused: the text would end there unseen.
find_program(PRINTF printf)
if(PRINTF)
  execute_process(COMMAND ${CLI} play --seed 2 --save ${TMP}/nul_save.json OUTPUT_QUIET RESULT_VARIABLE rc)
  file(READ ${TMP}/nul_save.json save)
  execute_process(COMMAND ${PRINTF} "%s\\000trailing" "${save}" OUTPUT_FILE ${TMP}/nul_save.json)
  execute_process(COMMAND ${CLI} render ${TMP}/nul_save.json OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "nul_save.json: it holds a NUL byte")
    message(FATAL_ERROR "a save with a NUL byte after its end was read: ${rc} ${err}")
  endif()
  file(READ ${SRC}/maps/demo.map map)
  execute_process(COMMAND ${PRINTF} "%s\\000" "${map}" OUTPUT_FILE ${TMP}/nul.map)
  execute_process(COMMAND ${CLI} play --map ${TMP}/nul.map OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "nul.map: cannot read the map: it holds a NUL byte")
    message(FATAL_ERROR "a map with a NUL byte was read: ${rc} ${err}")
  endif()
endif()
# A project laid out as the runner's message says: rules/ and expansions/
# beside the scenarios; rulesets in rules/ and inline ones find expansions/.
file(REMOVE_RECURSE ${TMP}/proj)
file(MAKE_DIRECTORY ${TMP}/proj/rules ${TMP}/proj/expansions)
file(WRITE ${TMP}/proj/expansions/flat_bonus.lua "local x = expansion { name = 'flat_bonus' }\n"
     "x:handler { name = 'bonus', priority = 430, kinds = { 'road' }, add = { total = 2 } }\n")
file(WRITE ${TMP}/proj/rules/r.lua "ruleset { expansions = { 'flat_bonus' } }\n")
file(WRITE ${TMP}/proj/t.lua "local function road(s)\n  s:follower(1, 0, 0, 'road')\n"
     "  s:place('A', 1, 0, 1)\n  s:place('A', -1, 0, 3)\n  s:end_turn()\nend\n"
     "case('by path', function()\n  local s = scenario { rules = 'rules/r.lua' }\n  road(s)\n"
     "  s:expect_scores { 5, 0 }\nend)\n"
     "case('inline', function()\n  local s = scenario { rules = { expansions = { 'flat_bonus' } } }\n"
     "  road(s)\n  s:expect_scores { 5, 0 }\nend)\n")
execute_process(COMMAND ${CLI} test ${TMP}/proj OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\n2 passed, 0 failed")
  message(FATAL_ERROR "a project of rules/ beside expansions/: ${rc} ${out}")
endif()
# ... after the shipped expansions: a local file of a shipped name is not taken
file(WRITE ${TMP}/proj/expansions/ghosts.lua "error('the local ghosts.lua was loaded') expansion { name = 'ghosts' }\n")
file(WRITE ${TMP}/proj/rules/g.lua "ruleset { expansions = { 'ghosts' } }\n")
execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/proj/rules/g.lua OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "ghosts.penalty")
  message(FATAL_ERROR "a local expansions/ghosts.lua came before the shipped one: ${rc} ${err}")
endif()
# "default" is a ruleset: --rules takes its name, --expansions says what it is.
execute_process(COMMAND ${CLI} pipeline --rules default OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "land_surveyors.citizens_jury")
  message(FATAL_ERROR "--rules default did not load the default ruleset: ${rc} ${err}")
endif()
execute_process(COMMAND ${CLI} pipeline --expansions default OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "'default' is a ruleset \\([^)]*default.lua\\), not an expansion: load it as a ruleset")
  message(FATAL_ERROR "--expansions default did not say it names a ruleset: ${rc} ${err}")
endif()
# Links that loop back to a folder of scenarios: each folder is walked once.
file(REMOVE_RECURSE ${TMP}/loop)
file(MAKE_DIRECTORY ${TMP}/loop)
file(WRITE ${TMP}/loop/t.lua "case('one', function() assert(1 + 1 == 2) end)\n")
file(CREATE_LINK . ${TMP}/loop/a SYMBOLIC)
file(CREATE_LINK . ${TMP}/loop/b SYMBOLIC)
execute_process(COMMAND ${CLI} test ${TMP}/loop OUTPUT_VARIABLE out RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\n1 passed, 0 failed")
  message(FATAL_ERROR "a folder with two links to itself: ${rc} ${out}")
endif()
# A scenario file may start with a byte order mark and a "#!" line, as Lua
# files may; a FIFO inside a walked folder is passed over; a tree deeper
# than the walk goes is a failure, not a crash.
file(REMOVE_RECURSE ${TMP}/walk)
file(MAKE_DIRECTORY ${TMP}/walk)
string(ASCII 239 187 191 bom)
file(WRITE ${TMP}/walk/bom.lua "${bom}#!/usr/bin/env carcassonne-test\ncase('bom', function() assert(debug == nil or true) end)\n")
if(MKFIFO)
  execute_process(COMMAND ${MKFIFO} ${TMP}/walk/pipe.lua)
endif()
set(deep ${TMP}/walk/deep)
foreach(i RANGE 1 70)
  string(APPEND deep "/a")
endforeach()
file(MAKE_DIRECTORY ${deep})
execute_process(COMMAND ${CLI} test ${TMP}/walk OUTPUT_VARIABLE out RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 1 OR NOT out MATCHES "ok   [^\n]*bom.lua: bom" OR NOT out MATCHES "folders nested deeper than 64"
   OR NOT out MATCHES "\n1 passed, 1 failed")
  message(FATAL_ERROR "a BOM and #! line, a FIFO and a deep tree in a walked folder: ${rc} ${out}")
endif()
# A newline in a file's name is shown as '?': each message stays one line.
file(REMOVE_RECURSE ${TMP}/nl)
file(MAKE_DIRECTORY ${TMP}/nl)
file(WRITE "${TMP}/nl/r\nx.lua" "ruleset { expansions = { \"inns_cathedrals\" } }\nlocal x = nil + 1\n")
file(WRITE "${TMP}/nl/s\nx.lua" "case('fails', function() assert(1 == 2) end)\n")
execute_process(COMMAND ${CLI} pipeline --rules "${TMP}/nl/r\nx.lua" ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "r\\?x.lua:2: attempt to perform arithmetic")
  message(FATAL_ERROR "a newline in a ruleset's name was printed as it is: ${rc} ${err}")
endif()
execute_process(COMMAND ${CLI} test "${TMP}/nl/s\nx.lua" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT out MATCHES "FAIL [^\n]*s\\?x.lua:1: fails\n    [^\n]*s\\?x.lua:1: assertion failed")
  message(FATAL_ERROR "a newline in a scenario file's name was printed as it is: ${rc} ${out}")
endif()
expect_ruleset_refused("${TMP}/nl/u\nx.lua" "ruleset { expansions = { \"nope\" } }\n"
  "u\\?x.lua:1: unknown expansion 'nope' \\(no nope.lua in [^\n]*nl, "
  "a newline in a ruleset's name reached a loader message")
# a file that does not load is named: Lua names it in a syntax error only
string(ASCII 27 esc)
expect_ruleset_refused(${TMP}/binary.lua "${esc}Lua compiled"
  "^carcassonne pipeline: [^\n]*binary.lua: attempt to load a binary chunk \\(mode is 't'\\): rules are Lua source text\n$"
  "a binary chunk given as a ruleset")
string(REPEAT "{" 300 open)
string(REPEAT "}" 300 close)
expect_ruleset_refused(${TMP}/deep.lua "return ${open}${close}\n"
  "^carcassonne pipeline: [^\n]*deep.lua: tables or blocks nested too deeply \\(C stack overflow\\)\n$"
  "a ruleset nested too deeply")
# a file of the expansion's name that is not an expansion is named as such
file(WRITE ${TMP}/notexp/oddone.lua "return 1\n")
expect_ruleset_refused(${TMP}/notexp/r.lua "ruleset { expansions = { \"oddone\" } }\n"
  "r.lua:1: unknown expansion 'oddone' \\([^\n]*oddone.lua does not call expansion{}: not an expansion file\\)"
  "a file of an expansion's name that is not one")
# a scenario case that allocates without end fails at the scenario file's
# memory cap (it grew to the machine's memory), and the next case runs; the
# failure names the case's own line (it named the line of the case that
# failed before it)
file(WRITE ${TMP}/grow/grow.lua "case(\"fails first\", function() error(\"on purpose\") end)\n"
  "case(\"grows\", function()\n  local t, s = {}, string.rep(\"x\", 1 << 20)\n"
  "  for i = 1, 1e9 do t[i] = s .. i end\nend)\ncase(\"next\", function() assert(1 + 1 == 2) end)\n")
execute_process(COMMAND ${CLI} test ${TMP}/grow/grow.lua OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                TIMEOUT 300)
if(NOT rc EQUAL 1 OR NOT out MATCHES "FAIL [^\n]*grow.lua:2: grows\n    the case ran out of memory: a scenario file's own code holds at most 1024 MiB\nok   [^\n]*grow.lua: next\n1 passed, 2 failed\n$")
  message(FATAL_ERROR "a scenario case allocating without end: ${rc} ${out} ${err}")
endif()
# an expansion's describe text reaches the terminal with its control bytes
# shown as '?' (an escape sequence would drive the terminal)
file(WRITE ${TMP}/esc/esc.lua "local x = expansion { name = \"esc\" }\n"
  "x:describe(function() return \"state \\27[31mRED\\27[0m\" end)\n")
file(WRITE ${TMP}/esc/r.lua "ruleset { expansions = { \"esc\" } }\n")
execute_process(COMMAND ${CLI} play --rules ${TMP}/esc/r.lua OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR out MATCHES "${esc}" OR NOT out MATCHES "esc: state \\?\\[31mRED\\?\\[0m")
  message(FATAL_ERROR "an expansion's describe text with escapes: ${rc} ${out}")
endif()
# c-api.md: one line each; a describe text's line breaks are blanks and a
# NUL in it a '?' (the rest of the text was lost at the NUL)
file(WRITE ${TMP}/nl2/nl2.lua "local x = expansion { name = \"nl2\" }\n"
  "x:describe(function() return \"two\\nlines\\r\\0end\" end)\n")
file(WRITE ${TMP}/nl2/r.lua "ruleset { expansions = { \"nl2\" } }\n")
execute_process(COMMAND ${CLI} play --rules ${TMP}/nl2/r.lua OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES " nl2: two lines \\?end\n")
  message(FATAL_ERROR "an expansion's describe text over lines: ${rc} ${out}")
endif()
# a map and a pair file that an editor began with a UTF-8 byte order mark
# play as without it
string(ASCII 239 187 191 bom)
foreach(m demo ostwald_west ostwald_east)
  file(READ ${SRC}/maps/${m}.map text)
  file(WRITE ${TMP}/bom/${m}.map "${bom}${text}")
endforeach()
file(WRITE ${TMP}/bom/pair.map "${bom}join ostwald_west ostwald_east\n")
foreach(m demo pair)
  set(plain ${SRC}/maps/${m}.map)
  if(m STREQUAL "pair")
    set(plain ${SRC}/maps/ostwald.map)
  endif()
  execute_process(COMMAND ${CLI} play --map ${plain} --seed 3 OUTPUT_VARIABLE want RESULT_VARIABLE rc1)
  execute_process(COMMAND ${CLI} play --map ${TMP}/bom/${m}.map --seed 3 OUTPUT_VARIABLE got ERROR_VARIABLE err
                  RESULT_VARIABLE rc2)
  if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0 OR NOT got STREQUAL want)
    message(FATAL_ERROR "the map ${m} after a byte order mark: ${rc1} ${rc2} ${err}")
  endif()
endforeach()
# a ruleset and an expansion an editor began with a byte order mark load
# (Lua's own loadfile skips one too)
file(WRITE ${TMP}/bom/bomx.lua "${bom}local x = expansion { name = \"bomx\" }\n"
  "x:describe(function() return \"loaded\" end)\n")
file(WRITE ${TMP}/bom/r_bom.lua "${bom}ruleset { expansions = { \"bomx\" } }\n")
execute_process(COMMAND ${CLI} play --rules ${TMP}/bom/r_bom.lua OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES " bomx: loaded\n")
  message(FATAL_ERROR "a ruleset and an expansion after a byte order mark: ${rc} ${err}")
endif()
# a pair file naming a pair file is said to be one (the engine's "'join'
# belongs in a pair file" confused a user who had written one)
foreach(m ostwald ostwald_west ostwald_east)
  configure_file(${SRC}/maps/${m}.map ${TMP}/pp/${m}.map COPYONLY)
endforeach()
file(WRITE ${TMP}/pp/pp.map "join ostwald ostwald_east\n")
execute_process(COMMAND ${CLI} play --map ${TMP}/pp/pp.map OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "pp.map:1:1: [^\n]*ostwald.map is a pair file itself \\(its 'join' at line [0-9]+\\): a pair joins two maps\n$")
  message(FATAL_ERROR "a pair of a pair: ${rc} ${err}")
endif()
# placement hooks that refuse every square the drawn tile fits: the bot's
# error names the tile and the hook (it named neither)
file(WRITE ${TMP}/never/never.lua "local x = expansion { name = \"never\" }\n"
  "x:hook { point = \"placement\", name = \"nowhere\", priority = 100, fn = function() return false end }\n")
file(WRITE ${TMP}/never/r.lua "ruleset { expansions = { \"never\" } }\n")
execute_process(COMMAND ${CLI} play --rules ${TMP}/never/r.lua OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "^carcassonne play: no legal placement for the drawn tile [A-Z]+: it fits the board, and the placement hook 'never.nowhere' refuses every square it fits\n$")
  message(FATAL_ERROR "placement hooks refusing every square: ${rc} ${err}")
endif()
configure_file(${SRC}/maps/demo.map "${TMP}/nl/ok\nFAKE.map" COPYONLY)
execute_process(COMMAND ${CLI} maps ${TMP}/nl OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT out MATCHES "\nok\\?FAKE +Lindenmark")
  message(FATAL_ERROR "a newline in a map file's name split the maps listing: ${rc} ${out}")
endif()
# a folder without a map is said so, with status 1 (it sorted an empty list
# through a null pointer, and printed only the header with status 0)
file(MAKE_DIRECTORY ${TMP}/nomaps)
execute_process(COMMAND ${CLI} maps ${TMP}/nomaps OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT out STREQUAL "" OR NOT err MATCHES "^carcassonne maps: no maps \\(\\*\\.map files\\) in the folder [^\n]*nomaps\n$")
  message(FATAL_ERROR "maps on a folder without maps: ${rc} '${out}' '${err}'")
endif()
# a long path is shown by its end, so that the reason after it is not cut
# from the message (the engine's messages hold 512 bytes); a folder given as
# a map says so
string(REPEAT "a_rather_long_folder_name/" 22 deep)
foreach(case "--rules;${TMP}/${deep}gone.lua;^carcassonne play: ruleset '\\.\\.\\.[^']*/gone.lua' not found: no such file"
             "--map;${TMP}/${deep}gone.map;^carcassonne play: map file '\\.\\.\\.[^']*/gone.map' not found\n$"
             "--map;${TMP}/a_folder.map;a_folder.map: cannot read the map: it is a folder, not a file")
  list(POP_BACK case want)
  file(MAKE_DIRECTORY ${TMP}/a_folder.map)
  execute_process(COMMAND ${CLI} play ${case} ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "${want}")
    message(FATAL_ERROR "play ${case}: ${rc} ${err}")
  endif()
endforeach()
# ... and a ruleset in a deep folder naming a map that is not there keeps its
# own file and line at the message's end; a pair naming a missing map says which
file(MAKE_DIRECTORY ${TMP}/${deep})
file(WRITE ${TMP}/${deep}r.lua "ruleset { expansions = { 'maps' }, options = { maps = { map = 'nowhere' } } }\n")
file(WRITE ${TMP}/${deep}pair.map "join demo missing_east\n")
file(WRITE ${TMP}/${deep}r2.lua "ruleset { expansions = { 'maps' }, options = { maps = { map = 'pair' } } }\n")
foreach(case "r.lua;map 'nowhere' not found \\(no such .map file in \\.\\.\\.[^\n]*with the options at [^\n]*/r.lua:1\\)"
             "r2.lua;pair.map:1:1: the pair's east map 'missing_east' is not there[^\n]*r2.lua:1\\)")
  list(POP_FRONT case file)
  execute_process(COMMAND ${CLI} play --rules ${TMP}/${deep}${file} ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "${case}")
    message(FATAL_ERROR "play --rules ${file} in a deep folder: ${rc} ${err}")
  endif()
endforeach()
execute_process(COMMAND ${CLI} play --map "${TMP}/nl/m\nx" ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "map file '[^\n]*m\\?x' not found\n")
  message(FATAL_ERROR "a newline in a map's name was printed as it is: ${rc} ${err}")
endif()
if(EXISTS /dev/full)
  execute_process(COMMAND ${CLI} simulate --games 3 --jobs 1 --games-out /dev/full OUTPUT_QUIET
                  ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "cannot write /dev/full")
    message(FATAL_ERROR "simulate --games-out to a full disk said nothing: ${rc} ${err}")
  endif()
endif()
file(REMOVE_RECURSE ${TMP}/many_maps)
file(MAKE_DIRECTORY ${TMP}/many_maps)
foreach(i RANGE 1 300)
  configure_file(${SRC}/maps/demo.map ${TMP}/many_maps/m${i}.map COPYONLY)
endforeach()
execute_process(COMMAND ${CLI} maps ${TMP}/many_maps OUTPUT_VARIABLE out RESULT_VARIABLE rc)
string(REGEX MATCHALL "\nm[0-9]+ " rows "${out}")
list(LENGTH rows nrows)
if(NOT rc EQUAL 0 OR NOT nrows EQUAL 300)
  message(FATAL_ERROR "maps listed ${nrows} of a folder's 300 maps (status ${rc})")
endif()

execute_process(COMMAND ${CLI} simulate --rules "" OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--rules needs a ruleset file")
  message(FATAL_ERROR "simulate --rules '' was not refused: ${rc} ${err}")
endif()
foreach(players " 3" "+3")
  execute_process(COMMAND ${CLI} play --players "${players}" OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "takes 2 to 5")
    message(FATAL_ERROR "play --players '${players}' was not refused: ${rc} ${err}")
  endif()
endforeach()

# The docs' examples run as shown: the README's scenario, and the Lua API's
# ruleset (section 6) and scenario (section 7).
function(doc_block file after out)
  file(READ ${file} text)
  string(FIND "${text}" "${after}" at)
  if(at LESS 0)
    message(FATAL_ERROR "${file}: '${after}' not found")
  endif()
  string(SUBSTRING "${text}" ${at} -1 text)
  string(FIND "${text}" "```lua\n" start)
  math(EXPR start "${start} + 7")
  string(SUBSTRING "${text}" ${start} -1 text)
  string(FIND "${text}" "```" stop)
  string(SUBSTRING "${text}" 0 ${stop} block)
  file(WRITE ${out} "${block}")
endfunction()
# The README's breakdown is the one `play --seed 3` prints, line for line.
file(READ ${SRC}/README.md readme)
string(REGEX MATCH "play --seed 3`, turn 38\\):\n\n```\n([^`]*)```" found "${readme}")
execute_process(COMMAND ${CLI} play --seed 3 OUTPUT_VARIABLE out RESULT_VARIABLE rc)
string(FIND "${out}" "${CMAKE_MATCH_1}" at)
if(NOT found OR NOT rc EQUAL 0 OR at LESS 0)
  message(FATAL_ERROR "the README's breakdown is not what play --seed 3 prints:\n${CMAKE_MATCH_1}")
endif()
doc_block(${SRC}/README.md "A scenario test builds a board by hand" ${TMP}/doc_readme_case.lua)
doc_block(${SRC}/docs/lua-api.md "## 7. Scenarios" ${TMP}/doc_lua_api_case.lua)
foreach(example doc_readme_case doc_lua_api_case)
  execute_process(COMMAND ${CLI} test ${TMP}/${example}.lua OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "1 passed, 0 failed")
    message(FATAL_ERROR "the docs' scenario example (${example}) does not pass:\n${out}${err}")
  endif()
endforeach()
doc_block(${SRC}/docs/lua-api.md "## 6. Rulesets" ${TMP}/doc_ruleset.lua)
execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/doc_ruleset.lua OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "415 +[a-z_]+ +land_surveyors.wealth" OR NOT out MATCHES "mage_witch.witch[^\n]*[(]off[)]")
  message(FATAL_ERROR "the Lua API's ruleset example does not load as it says:\n${out}${err}")
endif()

# ---- explain: the default ruleset's table follows the rules' final-scoring
# table row by row (road, city, monastery, farm blocks, after the game) ----
function(expect_in_order text what)
  set(pos 0)
  foreach(label ${ARGN})
    string(SUBSTRING "${text}" ${pos} -1 rest)
    string(FIND "${rest}" "${label}" at)
    if(at LESS 0)
      message(FATAL_ERROR "explain, ${what}: '${label}' missing or out of order in:\n${text}")
    endif()
    math(EXPR pos "${pos} + ${at} + 1")
  endforeach()
endfunction()
function(after_the_game text title out)
  string(FIND "${text}" "\n${title}\n  after the game\n" a)
  if(a LESS 0)
    message(FATAL_ERROR "explain: no block '${title}'")
  endif()
  string(SUBSTRING "${text}" ${a} -1 rest)
  string(FIND "${rest}" "\n\n" b)
  string(SUBSTRING "${rest}" 0 ${b} rest)
  string(FIND "${rest}" "  when completed" c)
  if(c GREATER -1)
    string(SUBSTRING "${rest}" 0 ${c} rest)
  endif()
  set(${out} "${rest}" PARENT_SCOPE)
endfunction()
execute_process(COMMAND ${CLI} explain --rules ${SRC}/expansions/default.lua RESULT_VARIABLE rc OUTPUT_VARIABLE table)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "explain --rules expansions/default.lua failed")
endif()
expect_in_order("${table}" "block order" "\nRoad\n" "\nCity\n" "\nMonastery\n" "\nFarm (field)\n")
after_the_game("${table}" "Road" road)
expect_in_order("${road}" "road" "base.rates                         1 point / tile" "Road with inn(s)"
                "Road with Mage" "Road with Witch" "Little building(s) on road tiles" "Road with signpost(s)")
after_the_game("${table}" "City" city)
expect_in_order("${city}" "city" "1 point / tile, 1 point / coat of arms" "City with cathedral(s)"
                "City with Mage" "City with Witch" "Little building(s) on city tiles")
after_the_game("${table}" "Monastery" monastery)
expect_in_order("${monastery}" "monastery" "1 point for its tile + 1 point / tile around it"
                "Neighboring little building(s)")
after_the_game("${table}" "Farm (field)" farm)
expect_in_order("${farm}" "farm" "3 points / completed city" "Little building(s) on farm tiles")
execute_process(COMMAND ${CLI} explain --expansions little_buildings --markdown OUTPUT_VARIABLE md)
if(NOT md MATCHES "## Road\n\n\\| when \\| priority \\| handler \\| row \\|" OR
   NOT md MATCHES "\\| after the game \\| 510 \\| `little_buildings.buildings` \\| Little building")
  message(FATAL_ERROR "explain --markdown does not print Markdown tables:\n${md}")
endif()

# A failing case is reported with the file and line of the failing assertion.
file(WRITE ${TMP}/failing/fails.lua "-- fails on purpose\ncase(\"wrong scores\", function()\n  local s = scenario{ players = 2 }\n  s:expect_scores{ 1, 0 }\nend)\n")
execute_process(COMMAND ${CLI} test ${TMP}/failing RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "FAIL [^\n]*/failing/fails.lua:4: wrong scores\n")
  message(FATAL_ERROR "a failing case does not name its file and line:\n${out}")
endif()

# A case declared inside a case would never run, and a case's name is a
# string: both fail, at their lines.
file(WRITE ${TMP}/misdeclared/nested.lua "case(\"outer\", function()\n  case(\"inner\", function() end)\nend)\n")
file(WRITE ${TMP}/misdeclared/number.lua "case(42, function() end)\n")
execute_process(COMMAND ${CLI} test ${TMP}/misdeclared RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "nested.lua:2: case\\(\\) inside a case" OR
   NOT out MATCHES "number.lua:1: bad argument #1 to 'case' \\(string expected, got number\\)")
  message(FATAL_ERROR "a misdeclared case passed:\n${out}")
endif()

# A loop in a case ends that case at its time limit, at the loop's line,
# even one that swallows errors with pcall, and the next case still runs;
# so does a loop in the file's top level; time_limit() takes seconds only.
file(WRITE ${TMP}/looping/loops.lua "time_limit(0.5)\ncase(\"loops\", function()\n  while true do end\nend)\n"
     "case(\"swallows\", function()\n  while true do pcall(function() while true do end end) end\nend)\n"
     "case(\"runs after\", function() assert(true) end)\n")
file(WRITE ${TMP}/looping/top.lua "time_limit(0.5)\nlocal n = 0\nwhile true do n = n + 1 end\n")
file(WRITE ${TMP}/looping/zero.lua "time_limit(0)\ncase(\"never\", function() end)\n")
file(WRITE ${TMP}/looping/text.lua "time_limit(\"5\")\ncase(\"never\", function() end)\n")
# time_limit() holds for the cases declared after it (the last call had set
# every case's limit), and one called inside a case for that case only
file(WRITE ${TMP}/looping/order.lua
     "case(\"declared before\", function() local n = 0 while n < 5e7 do n = n + 1 end end)\n"
     "case(\"lowers its own\", function() time_limit(0.05) while true do end end)\n"
     "case(\"keeps the file's\", function() local n = 0 while n < 5e7 do n = n + 1 end end)\n"
     "time_limit(0.5)\ncase(\"declared after\", function() while true do end end)\n")
# A message handler or a finalizer that loops, and a pattern that would
# backtrack for hours, end too (Lua runs both handlers with hooks off).
file(WRITE ${TMP}/looping/handlers.lua "time_limit(0.5)\n"
     "case(\"xpcall\", function() xpcall(error, function() while true do end end) end)\n"
     "case(\"finalizer\", function() setmetatable({}, {__gc = function() while true do end end}) end)\n"
     "case(\"pattern\", function() local _ = ('a'):rep(40):find(('a?'):rep(40) .. ('a'):rep(40) .. 'b') end)\n"
     "case(\"xpcall answers\", function() local ok, v = xpcall(error, function(e) return 'h' .. e end, 'x', 0)\n"
     "  assert(not ok and v == 'hx', v) end)\n")
execute_process(COMMAND ${CLI} test ${TMP}/looping RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "FAIL [^\n]*loops.lua:3: loops\n[^\n]*loops.lua:3: the case ran over its time limit \\(0.5 s of CPU time" OR
   NOT out MATCHES "FAIL [^\n]*loops.lua:6: swallows" OR NOT out MATCHES "ok   [^\n]*loops.lua: runs after" OR
   NOT out MATCHES "FAIL [^\n]*top.lua:3: the file does not load" OR
   NOT out MATCHES "ok   [^\n]*order.lua: declared before\n[^\n]*order.lua:2: lowers its own" OR
   NOT out MATCHES "ok   [^\n]*order.lua: keeps the file's\n[^\n]*order.lua:5: declared after\n[^\n]*time limit \\(0.5 s" OR
   NOT out MATCHES "zero.lua:1: bad argument #1 to 'time_limit' \\(seconds above 0, at most 3600\\)" OR
   NOT out MATCHES "text.lua:1: bad argument #1 to 'time_limit' \\(number expected, got string\\)" OR
   NOT out MATCHES "handlers.lua:2: the case ran over its time limit" OR NOT out MATCHES "ok   [^\n]*handlers.lua: finalizer" OR
   NOT out MATCHES "handlers.lua:4: pattern too costly" OR NOT out MATCHES "ok   [^\n]*handlers.lua: xpcall answers")
  message(FATAL_ERROR "a looping case did not end at its time limit:\n${out}")
endif()

# One instruction can be slow (comparing or joining strings of 16 MiB), so
# the instruction budget alone would let a handler run for an hour: its
# wall-clock limit (5 s) ends it, also through pcall (and loops of pattern
# searches under the cost estimate, or of string.packsize on a long format),
# and a case's CPU time
# limit ends a case the same way. Each run must end well within 10 s.
foreach(slow slow_eq:11 slow_join:10 slow_finds:10 slow_pack:11)
  string(REPLACE ":" ";" slow ${slow})
  list(GET slow 0 name)
  list(GET slow 1 line)
  file(WRITE ${TMP}/slow_${name}/t.lua "case(\"slow\", function()\n"
       "  local s = scenario{ rules = \"${SRC}/tests/scenarios/faults/rules/r_${name}.lua\", players = 2 }\n"
       "  s:follower(1, 0, 0, \"road\")\n  s:place(\"A\", 1, 0, 1)\n  s:place(\"A\", -1, 0, 3)\n"
       "  s:expect_error(function() s:end_turn() end, \"handler '${name}.stall'\", \"${name}.lua:${line}:\",\n"
       "    \"instruction budget exhausted: time limit of 5 s (wall clock) exceeded\")\n"
       "  s:expect_scores{ 0, 0 }\nend)\n")
  execute_process(COMMAND ${CLI} test ${TMP}/slow_${name} TIMEOUT 10 RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "1 passed, 0 failed")
    message(FATAL_ERROR "a handler of slow instructions (${name}) did not end at its time limit: ${rc}\n${out}")
  endif()
endforeach()
file(WRITE ${TMP}/slow_case/t.lua "time_limit(0.5)\ncase(\"compares\", function()\n"
     "  local a, b, n = ('x'):rep(1 << 24), ('x'):rep(1 << 24), 0\n  while a == b do n = n + 1 end\nend)\n")
execute_process(COMMAND ${CLI} test ${TMP}/slow_case TIMEOUT 10 RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 1 OR NOT out MATCHES "t.lua:4: the case ran over its time limit \\(0.5 s of CPU time")
  message(FATAL_ERROR "a case of slow instructions did not end at its time limit: ${rc}\n${out}")
endif()

# A tile set can mark individual copies: 2 of the 8 U and 3 of the 9 V.
execute_process(COMMAND ${CLI} tiles --rules ${SRC}/tests/scenarios/land_surveyors/rules/farmhouse_copies.lua
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
# (names padded to the longest, U_FARMHOUSE's 11 characters: U then 10 spaces and one)
if(NOT rc EQUAL 0 OR NOT out MATCHES "  U           x6 " OR NOT out MATCHES "U_FARMHOUSE x2 " OR
   NOT out MATCHES "V_FARMHOUSE x3 " OR NOT out MATCHES "26 tile types, 72 tiles")
  message(FATAL_ERROR "farmhouse copies are not set apart:\n${out}")
endif()

# explain lists hooks that score after the game in the table's order (trade
# goods, King / Robber Baron, gold), whatever the load order.
execute_process(COMMAND ${CLI} explain --expansions gold_mines,king_robber,trade_goods,fairy OUTPUT_VARIABLE other)
expect_in_order("${other}" "other scoring" "Other scoring" "Fairy: +1 point at the start" "Trade goods: 10 points"
                "King tile: 1 point / completed city" "Gold pieces: 1-3 pieces")
execute_process(COMMAND ${CLI} explain --expansions ghosts,fairy,pigs,cathars,vineyards OUTPUT_VARIABLE plugins)
after_the_game("${plugins}" "Farm (field)" pfarm)
# (the pig changes only its owner's points, so it sits in the player stage,
# reading the count after the siege doubled it: the table's pig-then-x2 order
# in value)
expect_in_order("${pfarm}" "plugin farm" "3 points / completed city" "Farm with pig-herd"
                "City with Cathars / Siege: x2" "Farm with pig:" "Ghosts: -1 point" "Fairy: +3 points")

# docs/scoring-table.md is the default ruleset's table as explain prints it.
execute_process(COMMAND ${CLI} explain --rules expansions/default.lua --markdown
                WORKING_DIRECTORY ${SRC} OUTPUT_VARIABLE md)
file(READ ${SRC}/docs/scoring-table.md page)
if(NOT md STREQUAL page)
  message(FATAL_ERROR "docs/scoring-table.md is out of date; regenerate it from the repository root with\n"
          "  ./build/carcassonne explain --rules expansions/default.lua --markdown > docs/scoring-table.md")
endif()

# Maps: the list, a game on a map with its SVG and save, the save drawn again.
execute_process(COMMAND ${CLI} maps RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "veldmark +Veldmark +12x12 +100 2 of 3 +90-100"
   OR NOT out MATCHES "ostwald +Ostwald \\(west\\) \\+ Ostwald \\(east\\) +19x9 +127 4 of 4")
  message(FATAL_ERROR "maps does not list the maps: ${rc} ${out}")
endif()
get_filename_component(tmp ${CLI} DIRECTORY)
set(svg ${tmp}/cli_check_map.svg)
set(save ${tmp}/cli_check_map.json)
execute_process(COMMAND ${CLI} play --map demo --seed 4 --svg ${svg} --save ${save}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "map Lindenmark \\(demo\\)" OR NOT out MATCHES "final scores")
  message(FATAL_ERROR "play --map demo failed: ${rc}")
endif()
file(READ ${svg} picture)
if(NOT picture MATCHES "^<\\?xml" OR NOT picture MATCHES "</svg>" OR NOT picture MATCHES "class=\"ferry\"")
  message(FATAL_ERROR "play --svg wrote no map picture")
endif()
execute_process(COMMAND ${CLI} render ${save} --map demo --svg ${svg}.again RESULT_VARIABLE rc OUTPUT_VARIABLE again)
if(NOT rc EQUAL 0 OR NOT again MATCHES "map Lindenmark")
  message(FATAL_ERROR "render of a saved map game failed: ${rc}")
endif()
file(READ ${svg}.again picture_again)
if(NOT picture STREQUAL picture_again)
  message(FATAL_ERROR "render drew the saved game differently from play")
endif()
string(REGEX MATCH "final scores:[^\n]*" play_scores "${out}")
string(REGEX MATCH "final scores:[^\n]*" render_scores "${again}")
if(NOT play_scores OR NOT render_scores STREQUAL play_scores)
  message(FATAL_ERROR "render's scores '${render_scores}' are not play's '${play_scores}'")
endif()
execute_process(COMMAND ${CLI} play --map atlantis RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "map 'atlantis' not found")
  message(FATAL_ERROR "an unknown map was not rejected: ${err}")
endif()

# --rules takes a file, or a ruleset's name in the folders searched for
# expansions; a folder or a name found nowhere is said as such.
execute_process(COMMAND ${CLI} play --rules house_rules/wealth_before_witch.lua --seed 2
                WORKING_DIRECTORY ${TMP} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "final scores")
  message(FATAL_ERROR "a ruleset by name from the search path: ${rc} ${err}")
endif()
execute_process(COMMAND ${CLI} play --rules no_such_ruleset.lua WORKING_DIRECTORY ${TMP}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "ruleset 'no_such_ruleset.lua' not found: no such file, and not in .*expansions")
  message(FATAL_ERROR "a missing ruleset: ${err}")
endif()
execute_process(COMMAND ${CLI} play --rules ${SRC}/expansions RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "is a folder, not a ruleset file")
  message(FATAL_ERROR "a folder as a ruleset: ${err}")
endif()
# A map named with its file's extension is found by name; the maps' plurals read right.
execute_process(COMMAND ${CLI} play --map demo.map --seed 2 WORKING_DIRECTORY ${TMP}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "map Lindenmark")
  message(FATAL_ERROR "play --map demo.map: ${rc}")
endif()
execute_process(COMMAND ${CLI} maps OUTPUT_VARIABLE out)
if(NOT out MATCHES "1 large city, 3 abroad, 1 ferry, 1 island square, 3 towns")
  message(FATAL_ERROR "maps: plurals: ${out}")
endif()

# Every shipped expansion at once: each feature's rows run in the order of
# the final-scoring table's blocks (road: inn, Mage, Witch, buildings,
# signposts, ghosts; city: siege, cathedral, Mage, Witch, buildings, ghosts;
# monastery: vineyards, buildings, ghosts; field: herd, Cathars, buildings,
# pig, ghosts; the fairy after every block), and features go by kind in the
# table's order unless final_order says otherwise.
execute_process(COMMAND ${CLI} pipeline --rules ${SRC}/expansions/everything.lua OUTPUT_VARIABLE out RESULT_VARIABLE rc)
set(table_rows cathars.siege pigs.herd inns_cathedrals.inn inns_cathedrals.cathedral cathars.farm
    vineyards.vineyards mage_witch.mage mage_witch.witch little_buildings.buildings signposts.bonus
    pigs.pig ghosts.penalty fairy.bonus)
set(at -1)
foreach(row ${table_rows})
  string(FIND "${out}" " ${row} " pos)
  if(rc OR pos LESS_EQUAL at)
    message(FATAL_ERROR "everything.lua: '${row}' is missing or out of the table's order: ${rc}\n${out}")
  endif()
  set(at ${pos})
endforeach()
if(NOT out MATCHES "by kind: road, city, monastery, field, water\n")
  message(FATAL_ERROR "pipeline does not show the default final order: ${out}")
endif()
file(WRITE ${TMP}/final_order.lua "ruleset { final_order = { \"field\", \"city\" } }\n")
execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/final_order.lua OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(rc OR NOT out MATCHES "by kind: field, city, road, water, monastery\n")
  message(FATAL_ERROR "final_order = { field, city }: ${rc} ${out}")
endif()
expect_ruleset_refused(${TMP}/final_order_bad.lua "ruleset {\n  final_order = {\n    \"road\", \"rode\" },\n}\n"
  "final_order_bad.lua:3: final_order: 'rode' is not a feature kind" "an unknown kind in final_order")
expect_ruleset_refused(${TMP}/final_order_twice.lua "ruleset { final_order = { \"road\", \"road\" } }\n"
  "final_order_twice.lua:1: final order: kind 'road' is listed twice" "a repeated kind in final_order")
expect_ruleset_refused(${TMP}/final_order_shape.lua "ruleset { final_order = \"road\" }\n"
  "final_order is a list of names" "final_order of the wrong shape")
expect_ruleset_refused(${TMP}/ruleset_pcall.lua "pcall(ruleset, {})\nruleset {}\n"
  "ruleset_pcall.lua:2: a second ruleset{} \\(the first at line 1\\)" "a ruleset{} through pcall, once at line -1")
expect_ruleset_refused(${TMP}/ruleset_nil.lua "local t\nruleset(t)\n"
  "ruleset_nil.lua:2: ruleset{ ... } takes a table, not nil" "ruleset(nil), once read as no call at all")
# the suggestion for a misspelt expansion reads only the head of each .lua
# file beside the ruleset: a 40 MiB file or a FIFO there changes nothing
# (the first read whole files under the Lua memory cap, and failed with it)
if(EXISTS /usr/bin/truncate AND EXISTS /usr/bin/mkfifo)
  file(REMOVE_RECURSE ${TMP}/suggest)
  file(MAKE_DIRECTORY ${TMP}/suggest)
  file(WRITE ${TMP}/suggest/r.lua "ruleset { expansions = { 'fary' } }\n")
  execute_process(COMMAND /usr/bin/truncate -s 40M ${TMP}/suggest/huge.lua)
  execute_process(COMMAND /usr/bin/mkfifo ${TMP}/suggest/pipe.lua)
  execute_process(COMMAND ${CLI} play --rules ${TMP}/suggest/r.lua ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 60)
  if(NOT rc EQUAL 1 OR NOT err MATCHES "r.lua:1: unknown expansion 'fary'; did you mean 'fairy'\\? \\(no fary.lua in ")
    message(FATAL_ERROR "a misspelt expansion beside a huge file and a FIFO: ${rc} ${err}")
  endif()
  file(REMOVE_RECURSE ${TMP}/suggest)
endif()
# a picture small enough to wait in the stream's buffer is lost at its close: said too
if(EXISTS /dev/full)
  execute_process(COMMAND ${CLI} play --seed 1 --svg /dev/full OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 1 OR NOT err MATCHES "cannot write /dev/full: No space left on device")
    message(FATAL_ERROR "an SVG to a full disk: ${rc} ${err}")
  endif()
endif()
# a file that cannot be written says why; 'maps' of a map file says it wants a folder
file(MAKE_DIRECTORY ${TMP}/out_folder.json)
foreach(case "play;--seed;1;--save;${TMP}/out_folder.json;cannot write [^\n]*out_folder.json: it is a folder"
             "play;--seed;1;--svg;${TMP}/no_such_dir/x.svg;cannot write [^\n]*x.svg: No such file or directory"
             "simulate;--games;4;--json;${TMP}/out_folder.json;cannot write [^\n]*out_folder.json: it is a folder"
             "maps;${CMAKE_CURRENT_LIST_DIR}/../maps/demo.map;demo.map is a file, not a folder")
  list(POP_BACK case want)
  execute_process(COMMAND ${CLI} ${case} OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 1 OR NOT err MATCHES "${want}")
    message(FATAL_ERROR "'${case}': expected '${want}': ${rc} ${err}")
  endif()
endforeach()

# render and merge say why a file cannot be read, refuse a folder or a FIFO
# without waiting for a writer, and take one saved game; simulate's --json
# takes no option for its file, and --bot names at most one bot a seat.
file(MAKE_DIRECTORY ${TMP}/a_folder)
foreach(case "render;${TMP}/a_folder;it is a folder, not a file"
             "merge;${TMP}/a_folder;it is a folder, not a file"
             "render;${TMP}/no_such_save.json;No such file or directory"
             "render;${TMP}/one.json;${TMP}/two.json;one saved game at a time"
             "simulate;--games;10;--json;-x;unknown option '-x'"
             "simulate;--players;2;--bot;random,random,random,random,random,random;at most 5")
  list(POP_BACK case want)
  execute_process(COMMAND ${CLI} ${case} OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 60)
  if(rc EQUAL 0 OR NOT err MATCHES "${want}")
    message(FATAL_ERROR "'${case}': expected '${want}': ${rc} ${err}")
  endif()
endforeach()
if(NOT EXISTS ${TMP}/-x AND EXISTS /usr/bin/mkfifo)
  execute_process(COMMAND /usr/bin/mkfifo ${TMP}/a_fifo.json)
  foreach(cmd render merge)
    execute_process(COMMAND ${CLI} ${cmd} ${TMP}/a_fifo.json ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 20)
    if(rc EQUAL 0 OR NOT err MATCHES "a_fifo.json: it is not a regular file")
      message(FATAL_ERROR "${cmd} of a FIFO: ${rc} ${err}")
    endif()
  endforeach()
  file(REMOVE ${TMP}/a_fifo.json)
elseif(EXISTS ${TMP}/-x)
  message(FATAL_ERROR "simulate --json -x wrote a file named -x")
endif()
# A scenario file's loadfile and dofile read text only, as its load does.
file(REMOVE_RECURSE ${TMP}/binary)
file(MAKE_DIRECTORY ${TMP}/binary/rules)
string(ASCII 27 esc)
file(WRITE ${TMP}/binary/rules/chunk.luac "${esc}Lua damaged chunk")
file(WRITE ${TMP}/binary/t.lua "case('binary files are refused', function()\n"
     "  local f, err = loadfile('${TMP}/binary/rules/chunk.luac', 'b')\n"
     "  assert(f == nil and err:find('attempt to load a binary chunk', 1, true), err)\n"
     "  local ok, e = pcall(dofile, '${TMP}/binary/rules/chunk.luac')\n"
     "  assert(not ok and e:find('attempt to load a binary chunk', 1, true), e)\n"
     "end)\n")
execute_process(COMMAND ${CLI} test ${TMP}/binary/t.lua OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "1 passed, 0 failed")
  message(FATAL_ERROR "a scenario's loadfile or dofile took a binary chunk: ${rc} ${out} ${err}")
endif()
# A link to nothing among scenarios is a failure, not a silence: it may have
# been a scenario or a folder of them.
file(REMOVE_RECURSE ${TMP}/dangling)
file(MAKE_DIRECTORY ${TMP}/dangling)
file(WRITE ${TMP}/dangling/ok.lua "case('one', function() assert(1 + 1 == 2) end)\n")
file(CREATE_LINK ${TMP}/dangling/nothing_there ${TMP}/dangling/gone.lua SYMBOLIC)
file(CREATE_LINK ${TMP}/dangling/nothing_there ${TMP}/dangling/gone_folder SYMBOLIC)
execute_process(COMMAND ${CLI} test ${TMP}/dangling OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT out MATCHES "FAIL [^\n]*gone.lua: cannot read it: a link to nothing"
   OR NOT out MATCHES "FAIL [^\n]*gone_folder: cannot read it: a link to nothing" OR NOT out MATCHES "1 passed, 2 failed")
  message(FATAL_ERROR "links to nothing among scenarios passed unseen: ${rc} ${out} ${err}")
endif()
# A follower that scores in the turn it is placed is back in the supply when
# the turn's line is printed: the line still says where it went.
execute_process(COMMAND ${CLI} play --seed 2 OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES
   "turn  4 blue draws H places at \\(0,-1\\) rotation 3, follower on city \\[S\\] \\(scored at once, back in the supply\\)\n  city at \\(0,-1\\) \\[S\\], completed: value 4; blue \\+4")
  message(FATAL_ERROR "play --seed 2 hid the follower placed and scored in turn 4: ${rc}")
endif()
# The turn line reads a figure's name back from the event log whole: a
# quote or a backslash in it is shown as it is, not cut at the quote.
file(REMOVE_RECURSE ${TMP}/quoted)
file(MAKE_DIRECTORY ${TMP}/quoted)
file(WRITE ${TMP}/quoted/fig.lua "local x = expansion { name = 'fig' }\n"
     "x:figure { name = 'q\"t\\\\b', per_player = 7, placement = 'follower' }\n")
file(WRITE ${TMP}/quoted/r.lua "ruleset { expansions = { 'fig' } }\n")
execute_process(COMMAND ${CLI} play --rules ${TMP}/quoted/r.lua --seed 2 OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "turn  4 blue draws H places at \\(0,-1\\) rotation 3, q\"t\\\\b on city \\[S\\] \\(scored at once")
  message(FATAL_ERROR "a figure's name with a quote was garbled on the turn line: ${rc}")
endif()

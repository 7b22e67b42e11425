# simulate and merge: one study played with --jobs 1, with --jobs 2 and as
# three shards merged (given out of order) gives byte-identical JSON; a small
# base-game study gives known figures; bad shards are refused.
set(STUDY --rules ${SRC}/expansions/default.lua --against ${SRC}/expansions/house_rules/wealth_before_witch.lua
          --games 300 --players 3 --seed 7)
set(D ${WORK}/sim_checks)
file(REMOVE_RECURSE ${D})
file(MAKE_DIRECTORY ${D})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${err}")
  endif()
  set(OUT "${out}" PARENT_SCOPE)
endfunction()
run(${CLI} simulate ${STUDY} --jobs 1 --json ${D}/jobs1.json)
run(${CLI} simulate ${STUDY} --jobs 2 --json ${D}/jobs2.json)
foreach(i 1 2 3)
  run(${CLI} simulate ${STUDY} --jobs 2 --shard ${i}/3 --json ${D}/shard${i}.json)
endforeach()
run(${CLI} merge --json ${D}/shard3.json ${D}/shard1.json ${D}/shard2.json)
file(WRITE ${D}/merged.json "${OUT}")
file(READ ${D}/jobs1.json j1)
file(READ ${D}/jobs2.json j2)
if(NOT j1 STREQUAL j2)
  message(FATAL_ERROR "--jobs 1 and --jobs 2 gave different summaries")
endif()
if(NOT j1 STREQUAL OUT)
  message(FATAL_ERROR "three merged shards differ from the single run")
endif()
if(NOT j1 MATCHES "\"games\": 300, \"first\": 0, \"count\": 300")
  message(FATAL_ERROR "the summary does not cover games 0..299")
endif()

# a slice with no game (more slices than games) says so, without a table of
# zeros; "base" names the base game for --against as for bench --compare
run(${CLI} simulate --games 10 --shard 1/1000 --against base)
if(NOT OUT MATCHES "^study: base game against base game, 2 players, seed 1, none of the 10 games [^\n]*\n\nA base game: 0 games\n  no game to summarise\n\nB base game: 0 games\n  no game to summarise\n$")
  message(FATAL_ERROR "an empty slice, against base:\n${OUT}")
endif()

# an empty slice still merges: three slices of two games, the first empty,
# add up to the single run
foreach(i 1 2 3)
  run(${CLI} simulate --games 2 --shard ${i}/3 --json ${D}/tiny${i}.json)
endforeach()
file(READ ${D}/tiny1.json tiny1)
if(NOT tiny1 MATCHES "\"count\": 0")
  message(FATAL_ERROR "the first of three slices of two games is not empty:\n${tiny1}")
endif()
run(${CLI} merge --json ${D}/tiny2.json ${D}/tiny1.json ${D}/tiny3.json)
set(tiny_merged "${OUT}")
run(${CLI} simulate --games 2 --json)
if(NOT tiny_merged STREQUAL OUT)
  message(FATAL_ERROR "slices with an empty one merge to another summary than the single run")
endif()

# Known figures of a small base-game study (2 players, random bots, seed 3).
run(${CLI} simulate --games 200 --seed 3 --json)
foreach(want "\"score\": {\"sum\": 3708," "\"score\": {\"sum\": 3921," "\"wins\": 98,"
             "\"turns\": {\"sum\": 14195," "\"set_aside\": {\"sum\": 5," "\"draws\": 8,")
  string(FIND "${OUT}" "${want}" at)
  if(at LESS 0)
    message(FATAL_ERROR "base-game study: expected ${want} in\n${OUT}")
  endif()
endforeach()

# One JSON line per game, in game order.
run(${CLI} simulate --games 100 --jobs 2 --games-out ${D}/games.jsonl)
file(STRINGS ${D}/games.jsonl lines)
list(LENGTH lines n)
list(GET lines 99 last)
if(NOT n EQUAL 100 OR NOT last MATCHES "^{\"game\": 99, ")
  message(FATAL_ERROR "--games-out: ${n} lines, last: ${last}")
endif()

# Shards that do not touch, or belong to other studies, are refused.
execute_process(COMMAND ${CLI} merge ${D}/shard1.json ${D}/shard3.json RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "do not touch")
  message(FATAL_ERROR "merge accepted a gap: ${rc} ${err}")
endif()
run(${CLI} simulate --games 300 --shard 2/3 --json ${D}/other.json)
execute_process(COMMAND ${CLI} merge ${D}/shard1.json ${D}/other.json RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "different rulesets")
  message(FATAL_ERROR "merge accepted another study: ${rc} ${err}")
endif()

# Counts no study writes (more wins than games, a sum of squares below what
# the sum needs) are refused, not merged into rates above 1 and -nan spreads:
# shard 2 with `pattern` made `replacement`, merged with shard 1, must fail
# with `expected` in the error.
file(READ ${D}/shard2.json shard)
function(merge_refuses name pattern replacement expected)
  string(REGEX REPLACE "${pattern}" "${replacement}" bad "${shard}")
  file(WRITE ${D}/${name}.json "${bad}")
  execute_process(COMMAND ${CLI} merge --json ${D}/shard1.json ${D}/${name}.json RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "${name}.json: .*${expected}")
    message(FATAL_ERROR "merge accepted ${name}: ${rc} ${err}")
  endif()
endfunction()
merge_refuses(bad_wins "\"wins\": [0-9]+" "\"wins\": 1000000"
              "rulesets\\[0\\]\\.seats\\[0\\]\\.wins: not within 0\\.\\.games")
merge_refuses(bad_sq "\"sum_sq\": [0-9]+" "\"sum_sq\": 1" "rulesets\\[0\\]\\.turns: sum, sum_sq, min and max disagree")
# A field of the wrong type or missing is named by its JSON path.
merge_refuses(bad_draws "\"draws\": [0-9]+" "\"draws\": \"few\"" "summary: rulesets\\[0\\]\\.draws\n")
merge_refuses(no_solo "\"solo_wins\": [0-9]+, " "" "summary: rulesets\\[0\\]\\.seats\\[0\\]\\.solo_wins\n")
merge_refuses(bad_bin "\\[\\[7, 2\\]" "[[\"7\", 2]" "summary: rulesets\\[0\\]\\.seats\\[0\\]\\.score\\.histogram\\[0\\]\\[0\\]\n")
# Numbers JSON does not have, numbers too large to add, a bin given twice, a
# second ruleset of another size, and an `against` block no study writes.
merge_refuses(inf_draws "\"draws\": [0-9]+" "\"draws\": -inf" "not valid JSON at line [0-9]+, column [0-9]+: a number without digits")
# An empty summary, and one cut short, say so, the cut one with its line and column.
merge_refuses(empty "^{.*" "" "not valid JSON: the file is empty")
merge_refuses(cut "\"draws\".*$" "\"dr" "not valid JSON at line 8, column 10: expected a member name \\(the text ends there: a cut file\\?\\)")
merge_refuses(huge_sq "\"sum_sq\": [0-9]+" "\"sum_sq\": 9000000000000000000"
              "summary: rulesets\\[0\\]\\.seats\\[0\\]\\.score\\.sum_sq\n")
merge_refuses(twice_bin "\\[\\[7, 2\\]" "[[7, 2], [7, 1]" "seats\\[0\\]\\.score\\.histogram\\[1\\]\\[0\\]: a bin given twice")
merge_refuses(b_games "(wealth_before_witch.lua\",\n *\"games\": )[0-9]+" "\\1101" "rulesets\\[1\\]\\.games: not the study's count")
# A histogram missing or not a list, or whose counts are not the games, and
# a sum or a minimum no game's scores or turns can give (each was merged
# into quantiles outside the scores' own range).
merge_refuses(no_hist ", *\n *\"histogram\": \\[\\[7, 2\\][^}]*" "" "summary: rulesets\\[0\\]\\.seats\\[0\\]\\.score\\.histogram\n")
merge_refuses(text_hist "\"histogram\": \\[\\[7, 2\\][^}]*" "\"histogram\": \"zz\"" "summary: rulesets\\[0\\]\\.seats\\[0\\]\\.score\\.histogram\n")
merge_refuses(short_hist "\\[\\[7, 2\\]" "[[7, 1]" "rulesets\\[0\\]\\.seats\\[0\\]\\.score\\.histogram: its counts do not add up to the games")
merge_refuses(low_sum "\"score\": {\"sum\": [0-9]+" "\"score\": {\"sum\": 0"
              "rulesets\\[0\\]\\.seats\\[0\\]\\.score: sum, sum_sq, min and max disagree")
merge_refuses(neg_turns "(\"turns\": {[^}]*\"min\": )[0-9]+" "\\1-1" "rulesets\\[0\\]\\.turns: sum, sum_sq, min and max disagree")
merge_refuses(same_winners "\"same_winners\": [0-9]+" "\"same_winners\": 5000" "against\\.same_winners: not within 0\\.\\.games")
# A syntax error's place is counted as an editor counts: a character of two
# UTF-8 bytes is one column, a lone carriage return ends a line.
foreach(case "utf8|{\"x\": \"ééé\", \"y\" 1}|line 1, column 18: expected ':'"
             "cr|{\r\"a\"\r: x}|line 3, column 3: unexpected character")
  string(REPLACE "|" ";" case "${case}")
  list(GET case 0 name)
  list(GET case 1 body)
  list(GET case 2 want)
  file(WRITE ${D}/${name}.json "${body}")
  execute_process(COMMAND ${CLI} merge ${D}/${name}.json ${D}/shard1.json RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "${name}.json: not valid JSON at ${want}")
    message(FATAL_ERROR "merge placed the error in ${name}.json wrongly: ${rc} ${err}")
  endif()
endforeach()

# A summary an editor saved with a byte-order mark reads as without one.
string(ASCII 239 187 191 bom)
file(WRITE ${D}/bom2.json "${bom}${shard}")
execute_process(COMMAND ${CLI} merge --json ${D}/shard1.json ${D}/bom2.json RESULT_VARIABLE rc OUTPUT_VARIABLE with_bom
                ERROR_VARIABLE err)
execute_process(COMMAND ${CLI} merge --json ${D}/shard1.json ${D}/shard2.json OUTPUT_VARIABLE without_bom)
if(NOT rc EQUAL 0 OR NOT with_bom STREQUAL without_bom)
  message(FATAL_ERROR "merge of a summary with a byte-order mark: ${rc} ${err}")
endif()

# Sums that fit alone but not together are refused, not wrapped around.
foreach(i 1 2 3)
  file(READ ${D}/shard${i}.json big)
  string(REGEX REPLACE "\"sum\": ([0-9]+), \"sum_sq\": [0-9]+" "\"sum\": \\1, \"sum_sq\": 4000000000000000000" big "${big}")
  file(WRITE ${D}/big${i}.json "${big}")
endforeach()
execute_process(COMMAND ${CLI} merge --json ${D}/big1.json ${D}/big2.json ${D}/big3.json RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "cannot merge: a sum would reach 2\\^62")
  message(FATAL_ERROR "merge wrapped sums around: ${rc} ${err}")
endif()

# A summary file in a folder that does not exist is refused before the study.
execute_process(COMMAND ${CLI} simulate --games 100000 --json ${D}/no/such/folder/s.json
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "cannot write .*no such folder")
  message(FATAL_ERROR "simulate did not refuse an unwritable --json path up front: ${rc} ${err}")
endif()

# A bot per seat: greedy beats random.
run(${CLI} simulate --games 20 --bot greedy,random --seed 2)
if(NOT OUT MATCHES "red     greedy +[0-9.]+ [^\n]+ (9[0-9]|100)\\.0%")
  message(FATAL_ERROR "greedy red did not win most games:\n${OUT}")
endif()
# scores near their limit (10^9) take the sums of squares past 2^62 within a
# few games: the study stops with a message, rather than wrap or write a
# summary that merge cannot read back
foreach(jobs 1 2)
  execute_process(COMMAND ${CLI} simulate --rules ${SRC}/tests/limits/jackpot_rules.lua --games 20 --jobs ${jobs}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "take the study's sums to 2\\^62")
    message(FATAL_ERROR "a study of 10^9 scores (--jobs ${jobs}) was not stopped: ${rc} ${err}")
  endif()
endforeach()
run(${CLI} simulate --rules ${SRC}/tests/limits/jackpot_rules.lua --games 4 --json ${D}/jackpot4.json)
run(${CLI} merge ${D}/jackpot4.json)
if(NOT OUT MATCHES "games 0..3 of 4")
  message(FATAL_ERROR "merge did not read back a study of 10^9 scores: ${OUT}")
endif()
# The per-kind and per-handler tables name their columns: the seats.
execute_process(COMMAND ${CLI} simulate --games 20 --players 3 OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "points per game by feature kind:\n +red +blue +green\n"
   OR NOT out MATCHES "points per game by handler:\n +red +blue +green\n")
  message(FATAL_ERROR "simulate's tables have no seat names over their columns: ${rc} ${out}")
endif()

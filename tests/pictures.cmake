# The pictures the docs show are the ones the engine draws today, and
# `carcassonne pipeline --svg` draws what the ruleset says.
file(REMOVE_RECURSE ${TMP})
file(MAKE_DIRECTORY ${TMP}/pic)

# 1. The docs' pictures, drawn again (scripts/docs_pictures.sh draws them).
execute_process(COMMAND ${CLI} pipeline --rules ${SRC}/expansions/default.lua --svg ${TMP}/pipeline_default.svg
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pipeline --svg failed: ${rc} ${err}")
endif()
execute_process(COMMAND ${CLI} play --rules ${SRC}/expansions/maps/veldmark.lua --seed 7 --svg ${TMP}/veldmark_seed7.svg
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play --svg failed: ${rc} ${err}")
endif()
foreach(picture pipeline_default veldmark_seed7)
  file(READ ${TMP}/${picture}.svg drawn)
  file(READ ${SRC}/docs/img/${picture}.svg shown)
  if(NOT drawn STREQUAL shown)
    message(FATAL_ERROR "docs/img/${picture}.svg is not what the engine draws now: run scripts/docs_pictures.sh, look at "
               "the picture and commit it")
  endif()
endforeach()

# 2. Every handler of the default ruleset is in its stage's column, in run
# order: citizens_jury (150) and majority (190) in the first, award last.
file(READ ${TMP}/pipeline_default.svg svg)
foreach(name citizens_jury majority highway rates inn cathedral total mage witch buildings bonus wealth poverty award)
  if(NOT svg MATCHES ">${name}</text></g>")
    message(FATAL_ERROR "the default pipeline's picture has no box for ${name}")
  endif()
endforeach()
string(FIND "${svg}" ">citizens_jury</text></g>" jury)
string(FIND "${svg}" ">majority</text></g>" majority)
string(FIND "${svg}" ">award</text></g>" award)
if(NOT jury LESS majority OR NOT majority LESS award)
  message(FATAL_ERROR "the default pipeline's boxes are not in run order: ${jury} ${majority} ${award}")
endif()

# 3. A ruleset's order moves a box; a disabled handler is drawn dashed and
# says so; names are escaped as XML.
file(WRITE ${TMP}/pic/odd.lua "local x = expansion { name = 'odd' }\n"
     "x:handler { name = 'a<b&\"c', priority = 415, fn = function() end }\n"
     "x:handler { name = 'z\\u{FFFF}y', priority = 416, fn = function() end }\n"
     "x:kind('w\\u{FFFE}')\n")
file(WRITE ${TMP}/pic/rules.lua "ruleset { expansions = { 'mage_witch', 'odd' },\n"
     "  order = { ['mage_witch.mage'] = 550 }, disable = { 'mage_witch.witch' } }\n")
execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/pic/rules.lua --svg ${TMP}/pic/p.svg
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pipeline --svg of a house rule failed: ${rc} ${err}")
endif()
file(READ ${TMP}/pic/p.svg svg)
if(NOT svg MATCHES ">550</text><text [^>]*>mage</text>")
  message(FATAL_ERROR "the mage moved to 550 is not drawn at 550")
endif()
if(NOT svg MATCHES "stroke-dasharray=\"4 3\"/>\n<text [^>]*>420</text><text [^>]*>witch \\(off\\)</text>")
  message(FATAL_ERROR "the disabled witch is not drawn as off")
endif()
if(NOT svg MATCHES ">a&lt;b&amp;&quot;c</text>" OR svg MATCHES "a<b")
  message(FATAL_ERROR "a handler's name is not escaped as XML")
endif()
# U+FFFF and U+FFFE are no XML characters: '?'
if(NOT svg MATCHES ">z\\?y</text>" OR NOT svg MATCHES ", w\\?</text>")
  message(FATAL_ERROR "a name's characters that XML refuses were drawn as they are")
endif()

# Every expansion is in the legend, however many: thirty, each with a
# handler, each named (the last colours repeat the palette's).
set(many "")
foreach(i RANGE 1 30)
  file(WRITE ${TMP}/pic/e${i}.lua "local x = expansion { name = 'e${i}' }\n"
       "x:handler { name = 'h', priority = 450, fn = function() end }\n")
  string(APPEND many "'e${i}', ")
endforeach()
file(WRITE ${TMP}/pic/many.lua "ruleset { expansions = { ${many} } }\n")
execute_process(COMMAND ${CLI} pipeline --rules ${TMP}/pic/many.lua --svg ${TMP}/pic/many.svg
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pipeline --svg of thirty expansions failed: ${rc} ${err}")
endif()
file(READ ${TMP}/pic/many.svg svg)
foreach(i 1 24 25 30)
  if(NOT svg MATCHES "<text [^>]*>e${i}</text>\n")
    message(FATAL_ERROR "expansion e${i} of thirty is not named in the pipeline picture's legend")
  endif()
endforeach()

# 4. A picture that cannot be written is an error naming the file.
execute_process(COMMAND ${CLI} pipeline --svg ${TMP}/pic/no/such/folder/p.svg OUTPUT_QUIET ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "carcassonne pipeline: cannot write .*p.svg: No such file or directory")
  message(FATAL_ERROR "an unwritable --svg path was not refused: ${rc} ${err}")
endif()
if(EXISTS /dev/full)
  execute_process(COMMAND ${CLI} pipeline --svg /dev/full OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(rc EQUAL 0 OR NOT err MATCHES "cannot write /dev/full")
    message(FATAL_ERROR "a picture written to a full disk succeeded: ${rc} ${err}")
  endif()
endif()
execute_process(COMMAND ${CLI} pipeline --svg OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc EQUAL 0 OR NOT err MATCHES "--svg")
  message(FATAL_ERROR "--svg without a file was not refused: ${rc} ${err}")
endif()

# A performance regression check that needs no clock: over a fixed series of
# seeded games, the calls from C into Lua and the allocations per game must
# stay within stored bounds. The counts are exact and the same in every
# build, so a bound a little above today's value catches a change that adds
# work per turn (a hook called per candidate square, a turn that allocates).
# Run by ctest with CLI, DIR, ARGS and any of MAX_LUA_CALLS, MAX_LUA_ALLOCS,
# MAX_ENGINE_ALLOCS (per game). ARGS is one string, split at spaces.
separate_arguments(ARGS UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${CLI} bench --json ${ARGS} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc WORKING_DIRECTORY ${DIR})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bench ${ARGS} failed (${rc}): ${err}")
endif()
# A decimal number as a whole number of hundredths (2 places, truncated).
function(hundredths number out)
  string(REGEX MATCH "^[0-9]+" whole "${number}")
  string(REGEX MATCH "\\.[0-9]+" frac "${number}.00")
  string(SUBSTRING "${frac}00" 1 2 frac)
  math(EXPR h "${whole} * 100 + 1${frac} - 100") # "1" keeps "08" decimal
  set(${out} ${h} PARENT_SCOPE)
endfunction()

foreach(pair "lua_calls_per_game;MAX_LUA_CALLS" "lua_allocs_per_game;MAX_LUA_ALLOCS"
             "engine_allocs_per_game;MAX_ENGINE_ALLOCS")
  list(GET pair 0 field)
  list(GET pair 1 bound)
  if(NOT DEFINED ${bound})
    continue()
  endif()
  string(JSON value GET "${out}" runs 0 ${field})
  message(STATUS "${field}: ${value} (bound ${${bound}})")
  # compare in hundredths: cmake's math() has integers only
  hundredths("${value}" have)
  hundredths("${${bound}}" limit)
  if(have GREATER limit)
    message(FATAL_ERROR "${field} is ${value} per game, over the bound ${${bound}} "
                        "(bench ${ARGS}); if the new cost is intended, raise the bound in "
                        "tests/CMakeLists.txt and say why")
  endif()
endforeach()

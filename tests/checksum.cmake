# Runs `carcassonne bench --checksum` and compares the digest with EXPECTED:
# the same seeds must play the same games (see tests/unit/test_checksum.c).
execute_process(COMMAND ${CLI} bench --checksum ${ARGS} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc WORKING_DIRECTORY ${DIR})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bench --checksum failed (${rc}): ${err}")
endif()
if(NOT out MATCHES "checksum: ${EXPECTED} ")
  message(FATAL_ERROR "the games changed: expected checksum ${EXPECTED}, got: ${out}")
endif()

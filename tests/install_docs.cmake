# The docs' steps after `cmake --install build --prefix PREFIX`, followed as
# written against an install into a fresh prefix of the build under test.
# -DBUILD= the build tree, -DSRC= the source tree, -DTMP= a scratch folder,
# -DPYTHON= python3, -DPYDIR= the package's folder under the prefix, -DLUA=
# a stock lua5.4 (empty: no Lua check).

function(doc_says file phrase)
  file(READ ${file} text)
  string(FIND "${text}" "${phrase}" at)
  if(at LESS 0)
    message(FATAL_ERROR "${file} does not say '${phrase}'")
  endif()
endfunction()

# The install is used as a user would use it: nothing points at the build.
foreach(var CARC_LIBRARY CARC_LUA_LIBRARY CARC_CLI PYTHONPATH LUA_CPATH LUA_CPATH_5_4)
  unset(ENV{${var}})
endforeach()

function(run out)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "'${ARGN}' failed (${rc}):\n${stdout}${stderr}")
  endif()
  set(${out} "${stdout}" PARENT_SCOPE)
endfunction()

set(prefix ${TMP}/install_docs_prefix)
file(REMOVE_RECURSE ${prefix})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix}
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD} --prefix ${prefix} failed:\n${err}")
endif()

# python.md: under a prefix of one's own, PYTHONPATH names
# PREFIX/lib/python3.X/dist-packages, and that is where the package went;
# Engine() takes a shipped ruleset's name, found in the installed expansions.
doc_says(${SRC}/docs/python.md "`PREFIX/lib/python3.X/dist-packages` on `PYTHONPATH`")
doc_says(${SRC}/docs/python.md "the name of a shipped ruleset, `Engine(\"default\")` or `Engine(\"everything\")`")
if(NOT PYDIR MATCHES "^lib/python3\\.[0-9]+/dist-packages$" OR NOT EXISTS ${prefix}/${PYDIR}/carcassonne/__init__.py)
  message(FATAL_ERROR "the package is not in ${prefix}/lib/python3.X/dist-packages (${PYDIR})")
endif()
set(ENV{PYTHONPATH} ${prefix}/${PYDIR})
run(out ${PYTHON} -c [[
import carcassonne
from carcassonne import study
by_name = [len(carcassonne.Engine(name).handlers()) for name in ("default", "everything", "default.lua")]
print(carcassonne.__file__, by_name, study.cli_path())
]])
if(NOT out STREQUAL "${prefix}/${PYDIR}/carcassonne/__init__.py [21, 28, 21] ${prefix}/bin/carcassonne\n")
  message(FATAL_ERROR "the installed Python package, found through PYTHONPATH as python.md says:\n${out}")
endif()
run(out ${PYTHON} ${prefix}/bin/carcassonne-dask --help)
if(NOT out MATCHES "^usage: carcassonne-dask")
  message(FATAL_ERROR "carcassonne-dask with PYTHONPATH as python.md says:\n${out}")
endif()
# simulate.md runs the program itself: it names the interpreter the package
# was installed for (Debian's, with python3-distributed), not `env python3`
file(STRINGS ${prefix}/bin/carcassonne-dask shebang LIMIT_COUNT 1)
run(out ${prefix}/bin/carcassonne-dask --help)
if(NOT shebang STREQUAL "#!${PYTHON}" OR NOT out MATCHES "^usage: carcassonne-dask")
  message(FATAL_ERROR "the installed carcassonne-dask starts '${shebang}' (want #!${PYTHON}):\n${out}")
endif()

# embedding.md: LUA_CPATH names the module's folder and keeps Lua's default
# search path (the trailing ;;), and a stock lua5.4 then loads the module.
if(LUA)
  doc_says(${SRC}/docs/embedding.md "export LUA_CPATH=\"$HOME/.local/lib/lua/5.4/?.so;;\"")
  run(default_cpath ${LUA} -e "io.write(package.cpath)")
  set(ENV{LUA_CPATH} "${prefix}/lib/lua/5.4/?.so;;")
  run(out ${LUA} -e "local c = require 'carcassonne' io.write(c.version, ' ', package.cpath)")
  if(NOT out MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+ ")
    message(FATAL_ERROR "lua5.4 with LUA_CPATH as embedding.md says did not load the module:\n${out}")
  endif()
  string(REGEX REPLACE "^[^ ]+ " "" cpath "${out}")
  if(NOT cpath STREQUAL "${prefix}/lib/lua/5.4/?.so;${default_cpath}")
    message(FATAL_ERROR "LUA_CPATH as embedding.md says lost lua5.4's default search path:\n"
            "${cpath}\n(default: ${default_cpath})")
  endif()
endif()

# embedding.md: the installed examples build alone against the package (the
# shared libraries by default) and their tests pass with nothing set.
# The installed README's pictures and the pages it names under docs/ are in
# the install, at the same paths as in the repository.
file(READ ${prefix}/share/doc/carcassonne/README.md readme)
string(REGEX MATCHALL "docs/[A-Za-z0-9_./-]+[.](md|svg|png)" paths "${readme}")
list(LENGTH paths npaths)
if(npaths LESS 10)
  message(FATAL_ERROR "the installed README names docs/ only ${npaths} times: read wrongly?")
endif()
foreach(path ${paths})
  if(NOT EXISTS ${prefix}/share/doc/carcassonne/${path})
    message(FATAL_ERROR "the installed README names ${path}, which the install lacks")
  endif()
endforeach()

set(examples ${TMP}/install_docs_examples)
file(REMOVE_RECURSE ${examples})
file(COPY ${prefix}/share/doc/carcassonne/examples/ DESTINATION ${examples}/src)
run(out ${CMAKE_COMMAND} -S ${examples}/src -B ${examples}/build -DCMAKE_PREFIX_PATH=${prefix})
run(out ${CMAKE_COMMAND} --build ${examples}/build)
get_filename_component(cmake_bin ${CMAKE_COMMAND} DIRECTORY)
run(out ${cmake_bin}/ctest --test-dir ${examples}/build --output-on-failure)
if(NOT out MATCHES "100% tests passed")
  message(FATAL_ERROR "the installed examples, built alone as embedding.md says:\n${out}")
endif()

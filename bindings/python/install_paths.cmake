# Run by `cmake --install` (bindings/python/CMakeLists.txt sets CARC_PY_PKG,
# CARC_LIBDIR and CARC_BINDIR): writes carcassonne/_install.py with the
# installed libraries' and programs' folders relative to the package, so
# that an installed tree may move as a whole.
set(prefix "${CMAKE_INSTALL_PREFIX}")
set(pkg "${prefix}/${CARC_PY_PKG}")
foreach(dir LIBDIR BINDIR)
  set(abs "${CARC_${dir}}")
  if(NOT IS_ABSOLUTE "${abs}")
    set(abs "${prefix}/${abs}")
  endif()
  file(RELATIVE_PATH rel_${dir} "${pkg}" "${abs}")
endforeach()
file(WRITE "$ENV{DESTDIR}${pkg}/_install.py"
"# Written by the CMake install: the folders of the installed libraries and
# programs, relative to this package, so that the installed tree may move.
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
LIBDIR = os.path.normpath(os.path.join(_HERE, \"${rel_LIBDIR}\"))
BINDIR = os.path.normpath(os.path.join(_HERE, \"${rel_BINDIR}\"))
")

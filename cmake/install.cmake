# Install rules, the CMake package (find_package(carcassonne CONFIG), targets
# carcassonne::*) and the pkg-config files. Included by the top-level
# CMakeLists.txt when CARC_INSTALL is on.
include(CMakePackageConfigHelpers)

set(CARC_EXPORTED carcassonne carcassonne_static)
if(CARC_WITH_LUA)
  list(APPEND CARC_EXPORTED carcassonne_lua carcassonne_lua_static)
endif()
install(TARGETS ${CARC_EXPORTED} EXPORT carcassonneTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES engine/include/carcassonne.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

if(CARC_WITH_LUA)
  install(FILES bindings/lua/carc_lua.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  # The CLI finds share/carcassonne relative to itself; it links no shared
  # library of ours.
  install(TARGETS carcassonne_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(TARGETS carc_lua_module LIBRARY DESTINATION ${CARC_INSTALL_LUA_CMODDIR})
  install(DIRECTORY expansions/ DESTINATION ${CARC_INSTALL_DATADIR}/expansions FILES_MATCHING PATTERN "*.lua")
  # The sources of the module, for a rockspec build (luarocks make) against
  # the installed libraries.
  install(FILES bindings/lua/module.c bindings/lua/carcassonne-scm-1.rockspec
          DESTINATION ${CMAKE_INSTALL_DATADIR}/carcassonne/lua)
endif()
if(EXISTS ${PROJECT_SOURCE_DIR}/maps)
  install(DIRECTORY maps/ DESTINATION ${CARC_INSTALL_DATADIR}/maps FILES_MATCHING PATTERN "*.map")
endif()
install(FILES docs/carcassonne.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Under docs/, as in the repository: the README's links ("docs/...") and the
# pages' pictures ("img/...") resolve in the installed copy too.
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.svg" PATTERN "*.png")
install(DIRECTORY examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)

# The CMake package: relocatable (paths relative to the config file).
install(EXPORT carcassonneTargets NAMESPACE carcassonne:: DESTINATION ${CARC_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/carcassonneConfig.cmake.in
  ${PROJECT_BINARY_DIR}/carcassonneConfig.cmake INSTALL_DESTINATION ${CARC_INSTALL_CMAKEDIR}
  PATH_VARS CARC_INSTALL_DATADIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/carcassonneConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/carcassonneConfig.cmake ${PROJECT_BINARY_DIR}/carcassonneConfigVersion.cmake
        DESTINATION ${CARC_INSTALL_CMAKEDIR})

# pkg-config: prefix found from the .pc file's own folder, so the prefix can move.
set(CARC_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH CARC_PC_UP /${CARC_PC_DIR} /)
string(REGEX REPLACE "/$" "" CARC_PC_UP "${CARC_PC_UP}")
set(CARC_PC_PREFIX "\${pcfiledir}/${CARC_PC_UP}")
set(CARC_PC_DL "")
foreach(lib ${CMAKE_DL_LIBS})
  string(APPEND CARC_PC_DL " -l${lib}")
endforeach()
# carcassonne / carcassonne-lua link the shared libraries; the -static
# variants name the archives.
set(CARC_PC_FILES carcassonne carcassonne-static)
if(CARC_WITH_LUA)
  list(APPEND CARC_PC_FILES carcassonne-lua carcassonne-lua-static)
endif()
foreach(pc ${CARC_PC_FILES})
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CARC_PC_DIR})
endforeach()

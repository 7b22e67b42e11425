#!/usr/bin/env bash
# CI: install into a temporary prefix, then build and run the examples
# against the installed package (CMake and pkg-config, gcc and clang, static
# and shared), load the Lua module from a stock lua5.4, build it again with a
# rockspec (luarocks make), move the prefix and run everything again.
# Run from the repository root; exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)

need=""
for tool in clang luarocks pkg-config nm; do
  command -v "$tool" >/dev/null 2>&1 && continue
  case $tool in nm) need="$need binutils" ;; *) need="$need $tool" ;; esac
done
if [ -n "$need" ]; then
  echo "== installing:$need"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
fi
scripts/deps.sh

work=$(mktemp -d /tmp/carc-install.XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

echo "== the engine alone (-DCARC_WITH_LUA=OFF) builds and passes its C tests"
cmake -S . -B "$work/nolua" -DCARC_WITH_LUA=OFF -DCARC_WERROR=ON >/dev/null
cmake --build "$work/nolua" -j2 >/dev/null
ctest --test-dir "$work/nolua" --output-on-failure | tail -1

echo "== used from another project with add_subdirectory (no tests, no forced build type)"
mkdir -p "$work/sub"
cat > "$work/sub/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(uses_carcassonne C)
add_subdirectory("$src" carcassonne)
add_executable(embed "$src/examples/embed.c")
target_link_libraries(embed PRIVATE carcassonne::carcassonne_static)
CMAKE
cmake -S "$work/sub" -B "$work/sub/build" -DCARC_WITH_LUA=OFF >/dev/null
grep -q '^CMAKE_BUILD_TYPE:STRING=$' "$work/sub/build/CMakeCache.txt"
cmake --build "$work/sub/build" -j2 --target embed >/dev/null
"$work/sub/build/embed" | tail -1

echo "== build and install into $prefix"
cmake -S . -B "$work/build" -DCMAKE_INSTALL_PREFIX="$prefix" -DCARC_BUILD_TESTS=OFF -DCARC_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$work/build" -j2 >/dev/null
cmake --install "$work/build" >/dev/null

echo "== no path of the build machine in the installed files"
if grep -rlF --binary-files=text "$src" "$prefix" || grep -rlF --binary-files=text "$work/build" "$prefix"; then
  echo "FAIL: the files above hold a build-machine path"; exit 1
fi

# Runs every check against the installation at $1.
check() {
  local p=$1 tag=$2 libdir pcdir
  libdir=$(find "$p" -name 'libcarcassonne.so' -printf '%h\n' | head -1)
  pcdir=$libdir/pkgconfig
  local data=$p/share/carcassonne/expansions

  echo "== [$tag] the CLI finds its expansions relative to itself"
  "$p/bin/carcassonne" paths | tee "$work/paths.txt"
  grep -qF "install      $data" "$work/paths.txt"
  "$p/bin/carcassonne" play --rules "$data/default.lua" --seed 3 | tail -1
  grep -qF "install      $p/share/carcassonne/maps" "$work/paths.txt"
  (cd / && "$p/bin/carcassonne" maps | grep -q '^demo ')          # installed maps, found by name
  (cd / && "$p/bin/carcassonne" play --map demo --seed 2 | tail -1)
  man -l "$p/share/man/man1/carcassonne.1" >/dev/null 2>&1 || test -s "$p/share/man/man1/carcassonne.1"

  for cc in gcc clang; do
    for link in static shared; do
      echo "== [$tag] examples with CMake, $cc, $link"
      local b=$work/ex-cmake-$cc-$link
      rm -rf "$b"
      local st=OFF; [ $link = static ] && st=ON
      CC=$cc cmake -S "$src/examples" -B "$b" -DCMAKE_PREFIX_PATH="$p" -DCARC_EXAMPLES_STATIC=$st >/dev/null
      cmake --build "$b" -j2 >/dev/null
      "$b/example_embed" | tail -1
      "$b/example_mcts" 2 | tail -1
      if [ $link = shared ]; then
        "$b/example_ruleset" | tail -1   # finds default.lua next to the shared library
      else
        CARCASSONNE_EXPANSIONS_PATH=$data "$b/example_ruleset" | tail -1
      fi

      echo "== [$tag] examples with pkg-config, $cc, $link"
      local suffix=""; [ $link = static ] && suffix="-static"
      local o=$work/ex-pc-$cc-$link; mkdir -p "$o"
      # shellcheck disable=SC2046
      $cc -std=c11 -Wall -Wextra -Werror -o "$o/embed" "$src/examples/embed.c" \
        $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs carcassonne$suffix) -Wl,-rpath,"$libdir"
      # shellcheck disable=SC2046
      $cc -std=c11 -Wall -Wextra -Werror -o "$o/ruleset" "$src/examples/ruleset.c" \
        $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs carcassonne-lua$suffix) -Wl,-rpath,"$libdir"
      "$o/embed" | tail -1
      CARCASSONNE_EXPANSIONS_PATH=$data "$o/ruleset" | tail -1
      [ $link = shared ] && "$o/ruleset" | tail -1
    done
  done

  echo "== [$tag] the Lua module from a stock lua5.4"
  LUA_CPATH="$p/lib/lua/5.4/?.so;;" lua5.4 -e '
    local c = require "carcassonne"
    local s = c.scenario{ rules = { expansions = { "inns_cathedrals" } }, players = 2 }
    s:place("A", -1, 0, 3); s:place("A", 1, 0, 1); s:end_turn()
    print("module " .. c.version .. " ok")'
  LUA_CPATH="$p/lib/lua/5.4/?.so;;" lua5.4 "$src/tests/lua/module.lua"

  echo "== [$tag] the Python package finds the installed libraries and program by itself"
  (unset CARC_LIBRARY CARC_LUA_LIBRARY CARC_CLI
   PYTHONPATH=$(echo "$p"/lib/python3*/dist-packages) /usr/bin/python3 -c '
import sys, carcassonne
from carcassonne import study
game = carcassonne.Engine(sys.argv[1]).new_game(players=2, seed=7)
game.play_out()
assert game.over and study.cli_path().startswith(sys.argv[2]), study.cli_path()
print("python", carcassonne.version(), "ok:", game.scores)' "$p/share/carcassonne/expansions/default.lua" "$p")

  echo "== [$tag] the Lua module built by luarocks make against the installed libraries"
  rm -rf "$work/rock" "$work/tree"; cp -r "$p/share/carcassonne/lua" "$work/rock"
  (cd "$work/rock" && luarocks --lua-version 5.4 make --tree "$work/tree" carcassonne-scm-1.rockspec \
     CARCASSONNE_DIR="$p" CARCASSONNE_LIBDIR="$libdir" >/dev/null)
  LD_LIBRARY_PATH=$libdir LUA_CPATH="$work/tree/lib/lua/5.4/?.so;;" lua5.4 -e '
    local c = require "carcassonne"
    local s = c.scenario{ rules = { expansions = { "inns_cathedrals" } }, players = 2 }
    s:end_turn()
    print("rockspec module " .. c.version .. " ok")'
  LD_LIBRARY_PATH=$libdir LUA_CPATH="$work/tree/lib/lua/5.4/?.so;;" lua5.4 "$src/tests/lua/module.lua"
  nm -D --defined-only "$work/tree/lib/lua/5.4/carcassonne.so" | awk '{print $3}' | tee "$work/syms.txt"
  [ "$(cat "$work/syms.txt")" = "luaopen_carcassonne" ]
}

check "$prefix" installed
echo "== move the prefix"
mv "$prefix" "$work/moved"
check "$work/moved" moved
echo "== install checks passed"

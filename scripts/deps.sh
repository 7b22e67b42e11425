#!/usr/bin/env sh
# Installs what the build needs on Debian/Ubuntu, only if something is missing.
set -e
need=""
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
# the C library's headers: gcc only recommends them, and an image that skips
# recommended packages has a compiler that cannot build anything
[ -e /usr/include/stdio.h ] || need="$need libc6-dev"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
pkg-config --exists lua5.4 2>/dev/null || need="$need liblua5.4-dev"
command -v lua5.4 >/dev/null 2>&1 || need="$need lua5.4"
command -v luacheck >/dev/null 2>&1 || need="$need lua-check"
if [ -n "$need" ]; then
  echo "installing:$need"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
fi
# CMakeLists.txt and `ctest --test-dir` need CMake 3.20 (Debian 12 and
# Ubuntu 22.04 ship newer ones); an older one is said here, not at configure
# (a version this cannot read is left to cmake itself).
version=$(cmake --version | sed -n 's/^cmake version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
# shellcheck disable=SC2086 # split into major and minor on purpose
set -- $version
if [ -n "$version" ] && { [ "$1" -lt 3 ] || { [ "$1" -eq 3 ] && [ "$2" -lt 20 ]; }; }; then
  echo "scripts/deps.sh: cmake $1.$2 is older than 3.20, which this project needs;" \
       "install a newer one (Debian 12 or Ubuntu 22.04 have it; or 'pip install cmake')" >&2
  exit 1
fi

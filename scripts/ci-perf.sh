#!/usr/bin/env bash
# CI: the engine's cost per game, counted in instructions (callgrind), stays
# under stored bounds: a regression check without a clock. The count of one
# configuration is (run of N+20 games) - (run of 20 games), divided by N, so
# loading and the benchmark's own measurements cancel out; it does not move
# between runs. The bounds are today's counts with a Release build (gcc 12,
# link-time optimisation, as the README builds it) plus 8%: a change that
# adds work to every turn fails here. Another compiler can differ by a few
# percent; if a new cost is intended, lower or raise a bound below and say
# why in the commit. Usage: scripts/ci-perf.sh [BUILD_DIR] (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

if ! command -v valgrind >/dev/null 2>&1; then
  echo "== installing: valgrind"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq valgrind >/dev/null
fi
if [ ! -x "$build/carcassonne" ]; then
  scripts/deps.sh
  cmake -S . -B "$build" >/dev/null
  cmake --build "$build" -j2 >/dev/null
fi

instructions() { # instructions GAMES ARGS...: instructions of one bench run
  local games=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$build/carcassonne" bench --games "$games" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

failed=0
check() { # check LABEL BOUND GAMES ARGS...: instructions per game <= BOUND
  local label=$1 bound=$2 games=$3
  shift 3
  local small big per
  small=$(instructions 20 "$@")
  big=$(instructions $((games + 20)) "$@")
  per=$(((big - small) / games))
  if [ "$per" -le "$bound" ]; then
    printf '%-40s %9d instructions a game (bound %d)\n' "$label" "$per" "$bound"
  else
    printf '%-40s %9d instructions a game: OVER the bound %d\n' "$label" "$per" "$bound"
    failed=1
  fi
}

echo "== instructions per game (callgrind)"
check "base, 2 players" 117000 500 --players 2
check "base, 5 players" 146000 500 --players 5
check "all five expansions, 2 players" 260500 200 --players 2 --rules expansions/default.lua
check "map Veldmark, base tiles, 2 players" 170000 200 --players 2 --rules expansions/maps/veldmark_base.lua
exit $failed

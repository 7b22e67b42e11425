#!/usr/bin/env bash
# CI: the engine's cost per game, counted without a clock, stays under stored
# bounds. Two counts: instructions (callgrind), and branches mispredicted in
# cachegrind's model of a branch predictor, which on this engine cost about
# as much time as the instructions do (a round that traded 10% more
# instructions for 30% fewer mispredictions ran 9% faster). The count of one
# configuration is (run of N+20 games) - (run of 20 games), divided by N, so
# loading and the benchmark's own measurements cancel out; it does not move
# between runs. The bounds are today's counts with a Release build (gcc 12,
# link-time optimisation, as the README builds it) plus 8%: a change that
# adds work or unpredictable branches to every turn fails here. Another
# compiler can differ by a few percent; if a new cost is intended, lower or
# raise a bound below and say why in the commit.
# Usage: scripts/ci-perf.sh [BUILD_DIR] (default build).
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

mispredicted() { # mispredicted GAMES ARGS...: mispredicted branches of one bench run
  local games=$1
  shift
  valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null \
    "$build/carcassonne" bench --games "$games" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Mispredicts: *\([0-9,]*\).*/\1/p' | tr -d ,
}

icache_missed() { # icache_missed GAMES ARGS...: first-level instruction cache misses of one bench run
  local games=$1
  shift
  valgrind --tool=cachegrind --cache-sim=yes --branch-sim=no --I1=32768,8,64 --D1=49152,12,64 \
    --LL=2097152,16,64 --cachegrind-out-file=/dev/null "$build/carcassonne" bench --games "$games" "$@" 2>&1 >/dev/null |
    sed -n 's/.*I1  misses: *\([0-9,]*\).*/\1/p' | tr -d ,
}

failed=0
check() { # check COUNT WHAT LABEL BOUND GAMES ARGS...: COUNT (a function above) per game <= BOUND
  local count=$1 what=$2 label=$3 bound=$4 games=$5
  shift 5
  local small big per
  small=$($count 20 "$@")
  big=$($count $((games + 20)) "$@")
  per=$(((big - small) / games))
  if [ "$per" -le "$bound" ]; then
    printf '%-40s %9d %s a game (bound %d)\n' "$label" "$per" "$what" "$bound"
  else
    printf '%-40s %9d %s a game: OVER the bound %d\n' "$label" "$per" "$what" "$bound"
    failed=1
  fi
}

echo "== instructions per game (callgrind)"
check instructions instructions "base, 2 players" 119400 500 --players 2
check instructions instructions "base, 5 players" 142800 500 --players 5
check instructions instructions "all five expansions, 2 players" 246000 200 --players 2 --rules expansions/default.lua
check instructions instructions "map Veldmark, base tiles, 2 players" 153300 200 --players 2 --rules expansions/maps/veldmark_base.lua
check instructions instructions "all five on map Veldmark, 2 players" 296000 200 --players 2 --rules tests/perf/all_five_veldmark.lua
# A game of 10,000 tiles (the base mix repeated): the cost a tile must not
# grow with the board. Round 19's count of the frontier after 32 missed
# draws made this game 43.1 million instructions (2.7 times the 72-tile
# game's a tile) and no bound here saw it; round 21 put it back (16.6).
check instructions instructions "base mix to 10,000 tiles, 2 players" 17940000 10 --players 2 --tiles 10000
echo "== mispredicted branches per game (cachegrind's model)"
# The model's table is indexed by branch address mixed with the last
# branches taken, so moving code moves its count with no change to the
# work: round 21 saw 453 to 482 across commits that added no unpredictable
# branch; round 25 saw the base game go from 444 to 522 (and 5 players from
# 654 to 732) when the CLI's main grew by 448 bytes, which shifted every
# function after it, with the same instructions to the one and the same time
# by the clock (0.140 to 0.148 us a tile, against 0.142 to 0.152, alternating
# runs). The bounds are the highest count seen across such layouts plus 8%:
# they catch an unpredictable branch added to the turn (a coin per frontier
# square or per segment costs thousands a game), not a change of a few
# percent, which the model cannot tell from layout. Round 29 saw 566 (from
# 441 at round 28's end) with the CLI's play and pipeline code grown: the
# same instructions, function by function, and end_turn 10 -> 76 and
# place_tile 0.3 -> 53 mispredicted branches in code that did not change
# (108,000 games a second by the clock either way); the bound is 566 + 8%.
check mispredicted "mispredicted branches" "base, 2 players" 612 500 --players 2
check mispredicted "mispredicted branches" "all five expansions, 2 players" 1421 200 --players 2 --rules expansions/default.lua
# 5 players: the goal is 1.3 times the 2-player cost a tile, and they differ
# most in branches (round 22: 715 to 667, the final scoring's sort and the
# supply's next figure). The bound was 667 + 5.5%, under the 715 before;
# round 25's layout shift above moved the count to 732 with nothing else
# changed, so it is now 732 + 8%; round 29's shift gave 772, so 772 + 8%.
check mispredicted "mispredicted branches" "base, 5 players" 834 500 --players 5
# A game whose hot code outgrows the 32 KiB first-level instruction cache
# (a large function inlined at many sites, a call into Lua each turn) runs
# slower than its instructions say: all five on a map missed it 1,965 times
# a game before round 11, and ran 3% to 4% slower for it. The bound is
# today's count (a fixed cache model, the size of this machine's) plus 25%:
# the count moves more with code layout than the others do.
echo "== first-level instruction cache misses per game (cachegrind's model, 32 KiB)"
check icache_missed "instruction cache misses" "all five on map Veldmark, 2 players" 1250 200 --players 2 --rules tests/perf/all_five_veldmark.lua
exit $failed

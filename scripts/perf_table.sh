#!/usr/bin/env sh
# Prints the scaling table of docs/performance.md as Markdown rows.
#
#   scripts/perf_table.sh [BUILD_DIR]        (default: build, a Release build)
#
# For each configuration: `carcassonne bench --json` three times, pinned to
# one core (taskset -c 1 when present), and the fastest of the three CPU
# times per game (other work on the machine only ever adds time); and,
# when valgrind is installed, the exact instructions per game and per tile
# (callgrind, the difference between a run of G+20 games and one of 20, so
# start-up and loading cancel out). Run it on a quiet machine; timings on a
# shared machine move by 10% or more, instruction counts do not move at all.
# CARC_NO_VALGRIND=1 skips the instruction counts (a minute instead of several).
set -e
build=${1:-build}
cli="$build/carcassonne"
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 1; }
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c 1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

field() { # field NAME < json: the first number after "NAME":
  sed -n "s/.*\"$1\":\([-0-9.e]*\).*/\1/p" | head -n 1
}

instructions() { # instructions ARGS...: total instructions of one bench run
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$cli" bench "$@" >/dev/null 2>"$tmp/vg"
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/vg"
}

row() { # row LABEL GAMES ARGS...
  label=$1 games=$2
  shift 2
  for i in 1 2 3; do
    $pin "$cli" bench --json --games "$games" "$@" >"$tmp/run$i"
  done
  us=$(for i in 1 2 3; do field us_per_game <"$tmp/run$i"; done | sort -n | head -n 1)
  tiles=$(field tiles_per_game <"$tmp/run1")
  calls=$(field lua_calls_per_game <"$tmp/run1")
  lallocs=$(field lua_allocs_per_game <"$tmp/run1")
  eallocs=$(field engine_allocs_per_game <"$tmp/run1")
  ipg="" ipt=""
  if [ -z "$CARC_NO_VALGRIND" ] && command -v valgrind >/dev/null 2>&1; then
    g=$((games / 20))
    [ "$g" -lt 20 ] && g=20
    a=$(instructions --games 20 "$@")
    b=$(instructions --games $((g + 20)) "$@")
    ipg=$(((b - a) / g))
    ipt=$(awk -v i="$ipg" -v t="$tiles" 'BEGIN { printf "%.0f", i / t }')
  fi
  awk -v l="$label" -v t="$tiles" -v us="$us" -v c="$calls" -v la="$lallocs" -v ea="$eallocs" \
      -v ipg="$ipg" -v ipt="$ipt" 'BEGIN {
    printf "| %s | %.1f | %.1f | %.0f | %.3f | %s | %s | %.1f | %.1f | %.1f |\n",
           l, t, us, 1e6 / us, us / t, ipg, ipt, c, la, ea }'
}

echo "| configuration | tiles/game | µs/game | games/s | µs/tile | instructions/game | instructions/tile | Lua calls/game | Lua allocations/game | engine allocations/game |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
row "base, 2 players" 20000 --players 2
row "base, 3 players" 20000 --players 3
row "base, 4 players" 20000 --players 4
row "base, 5 players" 20000 --players 5
row "base mix x5.6 (400 tiles), 2 players" 4000 --players 2 --tiles 400
row "base mix x5.6 (400 tiles), 5 players" 4000 --players 5 --tiles 400
row "base mix to 2,000 tiles, 2 players" 400 --players 2 --tiles 2000
row "base mix to 10,000 tiles, 2 players" 40 --players 2 --tiles 10000
for x in inns_cathedrals mage_witch land_surveyors little_buildings signposts; do
  row "$x alone, 2 players" 4000 --players 2 --rules "tests/perf/only_$x.lua"
done
row "all five, 2 players" 4000 --players 2 --rules expansions/default.lua
row "all five, 3 players" 4000 --players 3 --rules expansions/default.lua
row "all five, 4 players" 4000 --players 4 --rules expansions/default.lua
row "all five, 5 players" 4000 --players 5 --rules expansions/default.lua
row "all five + base mix repeated to 290, 2 players" 1000 --players 2 --tiles 290 --rules expansions/default.lua
row "map Veldmark, base tiles, 2 players" 4000 --players 2 --rules expansions/maps/veldmark_base.lua
row "map Veldmark, its 110 tiles of four sets, 2 players" 4000 --players 2 --rules expansions/maps/veldmark.lua
row "all five on map Veldmark, 2 players" 3000 --players 2 --rules tests/perf/all_five_veldmark.lua

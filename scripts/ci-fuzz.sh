#!/usr/bin/env bash
# CI: builds the libFuzzer targets (clang, ASan, UBSan) and runs each over its
# checked-in seed corpus for a fixed number of inputs with a fixed seed, so the
# run is the same every time. docs/fuzzing.md says how to run them for hours.
set -euo pipefail
cd "$(dirname "$0")/.."

need=""
command -v clang >/dev/null 2>&1 || need="$need clang"
# libFuzzer's runtime comes with clang's runtime libraries on Debian.
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need="$need libclang-rt-14-dev"
if [ -n "$need" ]; then
  echo "== installing:$need"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null
fi
scripts/deps.sh

build=build-fuzz
CC=clang cmake -S . -B $build -DCARC_FUZZ=ON -DCARC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
  -DCARC_BUILD_TESTS=OFF -DCARC_BUILD_EXAMPLES=OFF -DCARC_INSTALL=OFF >/dev/null
cmake --build $build -j2 --target fuzz_save fuzz_tiles fuzz_map fuzz_ruleset fuzz_scenario >/dev/null

export CARCASSONNE_EXPANSIONS_PATH=$PWD/expansions CARCASSONNE_MAPS_PATH=$PWD/maps
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
work=$(mktemp -d /tmp/carc-fuzz.XXXXXX)
trap 'rm -rf "$work"' EXIT
failed=0
for spec in save:20000 tiles:20000 map:20000 ruleset:4000 scenario:2000; do
  target=${spec%%:*} runs=${spec##*:}
  mkdir -p "$work/$target"
  if ./$build/tests/fuzz/fuzz_$target -seed=1 -runs="$runs" -max_len=8192 -timeout=30 \
       -artifact_prefix="$work/$target-" "$work/$target" tests/fuzz/corpus/$target >"$work/$target.log" 2>&1; then
    echo "fuzz_$target: $(grep -E '^Done' "$work/$target.log")"
  else
    echo "fuzz_$target: FAILED"; tail -n 30 "$work/$target.log"; failed=$((failed + 1))
  fi
done
passed=$((5 - failed))
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# CI for balance studies: installs what the Python binding, the Dask runner
# and the report test need (Debian packages: python3, python3-distributed,
# chromium), builds, and runs those tests with the simulate/merge checks.
# Run from the repository root; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
# Debian's python3 (the one python3-distributed installs into)
PY=/usr/bin/python3
need=()
[ -x "$PY" ] || need+=(python3)
{ [ -x "$PY" ] && "$PY" -c "import distributed" 2>/dev/null; } || need+=(python3-distributed)
command -v chromium >/dev/null || need+=(chromium)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${need[@]}"
fi

echo "== build"
scripts/deps.sh
cmake -S . -B build -DCARC_WERROR=ON
cmake --build build -j2

echo "== studies: simulate, merge, Python binding, Dask, report in Chromium"
ctest --test-dir build --output-on-failure -R '^(cli\.simulate|python\.binding|python\.dask|report\.chromium)$'
# all four must have been registered (the tools were found)
count=$(ctest --test-dir build -N -R '^(cli\.simulate|python\.binding|python\.dask|report\.chromium)$' | grep -c 'Test *#')
if [ "$count" -ne 4 ]; then
  echo "expected 4 study tests, found $count" >&2
  exit 1
fi

echo "== the Dask command line, local cluster"
CARC_CLI=build/carcassonne PYTHONPATH=bindings/python "$PY" -m carcassonne.dask --shards 3 --games 300 \
  --json build/dask-study.json >/dev/null
build/carcassonne simulate --games 300 --json build/single-study.json >/dev/null
cmp build/dask-study.json build/single-study.json
echo "ci-study: all passed"

#!/usr/bin/env sh
# Draws the pictures the docs show, with the CLI of a build:
#
#   scripts/docs_pictures.sh [BUILD_DIR]        (default: build)
#
# The test `docs.pictures` draws them again and fails when the engine would
# draw them otherwise (a change to the rules, the seeded games or the
# drawing): run this then, look at the pictures, and commit them.
set -e
cli=${1:-build}/carcassonne
[ -x "$cli" ] || { echo "no $cli: build first" >&2; exit 1; }
cd "$(dirname "$0")/.."
"$cli" pipeline --rules expansions/default.lua --svg docs/img/pipeline_default.svg >/dev/null
"$cli" play --rules expansions/maps/veldmark.lua --seed 7 --svg docs/img/veldmark_seed7.svg >/dev/null
echo "docs/img/pipeline_default.svg and docs/img/veldmark_seed7.svg drawn"

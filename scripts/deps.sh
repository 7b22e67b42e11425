#!/usr/bin/env sh
# Installs what the build needs on Debian/Ubuntu, only if something is missing.
set -e
need=""
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
pkg-config --exists lua5.4 2>/dev/null || need="$need liblua5.4-dev"
command -v lua5.4 >/dev/null 2>&1 || need="$need lua5.4"
command -v luacheck >/dev/null 2>&1 || need="$need lua-check"
[ -z "$need" ] && exit 0
echo "installing:$need"
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need >/dev/null

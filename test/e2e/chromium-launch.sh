#!/usr/bin/env bash
# Starts the Chromium named by RED7_CHROMIUM with every --disable-features list merged into one.
# Chromium keeps only the last --disable-features it is given, and Playwright passes its own list before
# the harness's (CHROMIUM_ARGS in harness.ts): given as they come, the harness's would silently undo
# Playwright's.
set -euo pipefail
features=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if ((${#features[@]})); then
  args+=("--disable-features=$(IFS=,; echo "${features[*]}")")
fi
exec "${RED7_CHROMIUM:?the Chromium to start}" "${args[@]}"

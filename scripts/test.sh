#!/usr/bin/env bash
# The whole gate (`npm test`, run by CI through .ci/run), failing fast, in this order:
# system packages, typecheck (app + service worker), lint, format, unit tests, API tests on PGlite and on
# a throwaway PostgreSQL server, production build, browser tests against the built app.
# For local work only: TEST_STAGES=unit,api runs a subset (ids: deps typecheck lint format unit api
# api-pg build e2e); the gate itself (npm test, CI) always runs every stage.
#
# The summary says PASS only when every selected stage ran to its end with status 0. A run stopped from
# outside (INT, TERM, HUP) or a stage whose command was killed by a signal ends as FAIL naming the stage,
# so a cut-off run can never be read as a green one. Each stage runs as its own process group, so a
# stop reaches the whole tree under it (npx, node, browsers) and none is left running.
set -uo pipefail
cd "$(dirname "$0")/.."

STAGES=(deps typecheck lint format unit api api-pg build e2e)
declare -A TITLE=(
  [deps]="system packages"
  [typecheck]="typecheck"
  [lint]="lint"
  [format]="format"
  [unit]="unit tests"
  [api]="API tests (PGlite)"
  [api-pg]="API tests (PostgreSQL)"
  [build]="build"
  [e2e]="browser tests"
)

stage_deps() { bash scripts/ensure-system-deps.sh; }
stage_typecheck() {
  npx tsc -p tsconfig.json --noEmit
  if compgen -G 'sw/*.ts' >/dev/null || compgen -G 'sw/**/*.ts' >/dev/null; then
    npx tsc -p tsconfig.sw.json --noEmit
  fi
}
stage_lint() { npx eslint . --max-warnings 0 --concurrency 2; }
stage_format() { npx prettier --check . --log-level warn; }
stage_unit() { npx vitest run --project unit --project unit-mocks --passWithNoTests; }
stage_api() { npx vitest run --project api; }
stage_api-pg() { bash scripts/with-postgres.sh npx vitest run --project api; }
stage_build() { npx vite build --logLevel warn; }
stage_e2e() { npx playwright test; }

ONLY=",${TEST_STAGES:-},"
if [ -n "${CI:-}" ]; then ONLY=",,"; fi

SELECTED=()
for id in "${STAGES[@]}"; do
  if [ "$ONLY" = ",," ] || [[ "$ONLY" == *",$id,"* ]]; then SELECTED+=("$id"); fi
done

STARTED=$(date +%s)
DONE=()
CHILD=""
SIGNAL=""

# The first selected stage that did not finish: the one the run stopped in.
unfinished_stage() {
  local id
  for id in "${SELECTED[@]}"; do
    if [[ " ${DONE[*]:-} " != *" $id "* ]]; then
      echo "$id"
      return
    fi
  done
}

done_titles() {
  local id titles=()
  for id in "${DONE[@]:-}"; do
    if [ -n "$id" ]; then titles+=("${TITLE[$id]}"); fi
  done
  (IFS=,; echo "${titles[*]:-none}")
}

on_exit() {
  local code=$?
  local elapsed=$(($(date +%s) - STARTED))
  local stopped
  stopped=$(unfinished_stage)
  if [ "$code" -eq 0 ] && [ -z "$SIGNAL" ] && [ -z "$stopped" ] && [ "${#DONE[@]}" -eq "${#SELECTED[@]}" ]; then
    local scope="all stages"
    if [ "$ONLY" != ",," ]; then scope="subset TEST_STAGES=${TEST_STAGES}"; fi
    printf '\nTEST SUMMARY: PASS (%s) - %d of %d stages (%s) in %ds\n' \
      "$scope" "${#DONE[@]}" "${#SELECTED[@]}" "$(done_titles)" "$elapsed"
    return
  fi
  local why="exit $code" where="unknown"
  if [ -n "$SIGNAL" ]; then why="stopped by SIG$SIGNAL"; fi
  if [ -n "$stopped" ]; then where="${TITLE[$stopped]}"; fi
  printf '\nTEST SUMMARY: FAIL at stage "%s" (%s) after %ds; %d of %d stages passed: %s\n' \
    "$where" "$why" "$elapsed" "${#DONE[@]}" "${#SELECTED[@]}" "$(done_titles)"
  if [ "$code" -eq 0 ]; then exit 1; fi
}
trap on_exit EXIT

# A stop from outside: end the running stage's whole process group, then fail with the signal's status.
on_signal() {
  SIGNAL=$1
  trap '' INT TERM HUP
  if [ -n "$CHILD" ]; then
    kill -TERM -- "-$CHILD" 2>/dev/null
    wait "$CHILD" 2>/dev/null
  fi
  exit "$2"
}
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM
trap 'on_signal HUP 129' HUP

for id in "${SELECTED[@]}"; do
  printf '\n==== [%s] %s ====\n' "$(($(date +%s) - STARTED))s" "${TITLE[$id]}"
  # Job control only for this spawn: it puts the stage in a process group of its own that a stop can end
  # as a whole. Its status is the stage's: non-zero, or 128+N when killed by signal N, fails the stage.
  set -m
  (
    set -euo pipefail
    "stage_$id"
  ) </dev/null &
  CHILD=$!
  set +m
  wait "$CHILD"
  status=$?
  CHILD=""
  if [ "$status" -ne 0 ]; then exit "$status"; fi
  DONE+=("$id")
done

#!/usr/bin/env bash
# The whole gate (`npm test`, run by CI through .ci/run), failing fast, in this order:
# system packages, typecheck (app + service worker), lint, format, unit tests, API tests on PGlite and on
# a throwaway PostgreSQL server, production build, browser tests against the built app.
# For local work only: TEST_STAGES=unit,api runs a subset (ids: deps typecheck lint format unit api
# api-pg build e2e); the gate itself (npm test, CI) always runs every stage.
set -euo pipefail
cd "$(dirname "$0")/.."

STARTED=$(date +%s)
CURRENT=""
DONE=()

ONLY=",${TEST_STAGES:-},"
if [ -n "${CI:-}" ]; then ONLY=",,"; fi

# stage ID TITLE: prints the header; returns 1 (skip) when TEST_STAGES is set and does not name ID.
stage() {
  if [ "$ONLY" != ",," ] && [[ "$ONLY" != *",$1,"* ]]; then
    return 1
  fi
  CURRENT="$2"
  printf '\n==== [%s] %s ====\n' "$(($(date +%s) - STARTED))s" "$2"
}

passed() {
  DONE+=("$CURRENT")
}

on_exit() {
  local code=$?
  local elapsed=$(($(date +%s) - STARTED))
  if [ "$code" -eq 0 ]; then
    local scope="all stages"
    if [ "$ONLY" != ",," ]; then scope="subset TEST_STAGES=${TEST_STAGES}"; fi
    printf '\nTEST SUMMARY: PASS (%s) - %d stages (%s) in %ds\n' "$scope" "${#DONE[@]}" "$(IFS=,; echo "${DONE[*]}")" "$elapsed"
  else
    printf '\nTEST SUMMARY: FAIL at stage "%s" (exit %d) after %ds; passed before it: %s\n' \
      "$CURRENT" "$code" "$elapsed" "$(IFS=,; echo "${DONE[*]:-none}")"
  fi
}
trap on_exit EXIT

if stage deps "system packages"; then
  bash scripts/ensure-system-deps.sh
  passed
fi

if stage typecheck "typecheck"; then
  npx tsc -p tsconfig.json --noEmit
  if compgen -G 'sw/*.ts' >/dev/null || compgen -G 'sw/**/*.ts' >/dev/null; then
    npx tsc -p tsconfig.sw.json --noEmit
  fi
  passed
fi

if stage lint "lint"; then
  npx eslint . --max-warnings 0
  passed
fi

if stage format "format"; then
  npx prettier --check . --log-level warn
  passed
fi

if stage unit "unit tests"; then
  npx vitest run --project unit --passWithNoTests
  passed
fi

if stage api "API tests (PGlite)"; then
  npx vitest run --project api
  passed
fi

if stage api-pg "API tests (PostgreSQL)"; then
  bash scripts/with-postgres.sh npx vitest run --project api
  passed
fi

if stage build "build"; then
  npx vite build --logLevel warn
  passed
fi

if stage e2e "browser tests"; then
  npx playwright test
  passed
fi

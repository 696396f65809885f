#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on a free port (TEST_DATABASE_URL), then
# removes the cluster. Installs Debian's PostgreSQL when it is missing (as root).
set -euo pipefail
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  else
    echo "PostgreSQL is not installed and this user cannot install it" >&2
    exit 1
  fi
fi
DIR=$(mktemp -d /tmp/skills-pg.XXXXXX)
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$DIR"
  RUN_AS=(su postgres -s /bin/bash -c)
else
  RUN_AS=(bash -c)
fi
"${RUN_AS[@]}" "$PG_BIN/initdb -D $DIR/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
"${RUN_AS[@]}" "$PG_BIN/pg_ctl -D $DIR/data -o '-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -l $DIR/log -w start >/dev/null"
cleanup() { "${RUN_AS[@]}" "$PG_BIN/pg_ctl -D $DIR/data -m immediate stop >/dev/null" || true; rm -rf "$DIR"; }
trap cleanup EXIT
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
export TEST_RUN_ID=$$
echo "PostgreSQL on port $PORT"
"$@"

#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL server on 127.0.0.1 for the test suite's PostgreSQL pass.
# Usage: scripts/test-postgres.sh start|stop   — prints the TEST_DATABASE_URL on start.
set -euo pipefail
PGPORT="${KANTORA_TEST_PGPORT:-54329}"
PGDIR="${KANTORA_TEST_PGDIR:-/tmp/kantora-test-pg}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$BIN" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
case "${1:-start}" in
  start)
    if [ ! -f "$PGDIR/PG_VERSION" ]; then
      rm -rf "$PGDIR"; mkdir -p "$PGDIR"
      [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDIR"
      as_pg "$BIN/initdb -D '$PGDIR' -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null"
    fi
    as_pg "$BIN/pg_ctl -D '$PGDIR' -l '$PGDIR/server.log' -w -o \"-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start >/dev/null"
    echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    as_pg "$BIN/pg_ctl -D '$PGDIR' -m fast stop >/dev/null" || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac

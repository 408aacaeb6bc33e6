#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL beside it: initdb in a folder under /tmp, postgres on a
# free loopback port with fsync off, RECEIPTS_TEST_POSTGRES_URL naming it; stopped and removed when
# the command ends, whatever its status. A URL already in RECEIPTS_TEST_POSTGRES_URL (a developer's
# own server) is used as it is. Where the kernel schedules each session as a group of its own, the
# cluster and the command run in one CPU cgroup (scripts/cpu-group.sh).
#   scripts/with-postgres.sh swift test --skip-build
set -euo pipefail

if [[ -n "${RECEIPTS_TEST_POSTGRES_URL:-}" ]]; then exec "$@"; fi
# PostgreSQL, and the command beside it, scheduled as one group (see cpu-group.sh).
[[ -z "${RECEIPTS_CPU_GROUP:-}" ]] && exec "$(dirname "$0")/cpu-group.sh" "$0" "$@"

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[[ -x "$bin/postgres" ]] || { echo "with-postgres: no PostgreSQL under /usr/lib/postgresql: run make setup" >&2; exit 1; }

folder=$(mktemp -d /tmp/receipts-pg-XXXXXX)
mkdir -p "$folder/socket"
as_postgres=()
if [[ $(id -u) == 0 ]]; then
  chown -R postgres:postgres "$folder"
  as_postgres=(setpriv --reuid=postgres --regid=postgres --init-groups)
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

"${as_postgres[@]}" "$bin/initdb" -D "$folder/data" --no-sync -A trust -U postgres -E UTF8 --locale=C >"$folder/initdb.log" 2>&1 \
  || { cat "$folder/initdb.log" >&2; rm -rf "$folder"; exit 1; }
"${as_postgres[@]}" "$bin/postgres" -D "$folder/data" -p "$port" -k "$folder/socket" \
  -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
  -c max_connections=400 >"$folder/postgres.log" 2>&1 &
server=$!
stop() {
  kill -INT "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$folder"
}
trap stop EXIT

for _ in $(seq 300); do
  "$bin/pg_isready" -h 127.0.0.1 -p "$port" -q && break
  kill -0 "$server" 2>/dev/null || { cat "$folder/postgres.log" >&2; exit 1; }
  sleep 0.1
done
"$bin/pg_isready" -h 127.0.0.1 -p "$port" -q || { echo "with-postgres: postgres did not start" >&2; exit 1; }

export RECEIPTS_TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$port/postgres"
# The clusters tests make of their own (PostgresCluster(own: true)) go in this folder too, so that
# they go with it, even when a test process ends before it could remove them.
mkdir -p "$folder/own"
export RECEIPTS_TEST_CLUSTERS="$folder/own"
"$@"

#!/usr/bin/env bash
# The two-instance tail, looked at closely (issue 34): two release servers on one PostgreSQL database
# (a throwaway cluster from scripts/with-postgres.sh, in one CPU cgroup where the kernel would give
# each session its own scheduling group: see scripts/cpu-group.sh; RECEIPTS_CPU_GROUP=none runs
# without it), wrk at CONNS connections (8) for SECONDS_RUN seconds (15) after a 3-second warm-up on
# pages of LIMIT (50) receipts, spread over both (ONE=1: all on the first). Keeps in OUT
# (/tmp/load-tail) each server's log (LOGTO=null: none), both /metrics after the runs (every storage
# call's time and its wait for the pool), wrk's output, the kernel's TCP counters (nstat) and CPU
# times (steal among them) over each run, and PostgreSQL's log with every statement over 200 ms and
# its plan (auto_explain: the plan's own time against the statement's), lock waits, checkpoints and
# autovacuum. On request, over each run:
#   WAITS=1  pg_stat_activity every 10 ms (waits-N.txt) and every busy thread of the servers and of
#            PostgreSQL (threads-N.txt, scripts/thread-states.py);
#   PCAP=1   a loopback capture (tcpdump) read by scripts/pcap-waits.py into pcap-N.txt: requests as
#            the wire saw them, and PostgreSQL's answers that came late;
#   PERF=1   perf record of the whole machine (perf-N.data).
#   RECEIPTS=.build/release/receipts CONNS="8 64" PCAP=1 scripts/load-tail.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# Its own cluster always: the logging settings below are written into the cluster's configuration.
if [[ -z "${LOAD_TAIL_CLUSTER:-}" ]]; then
  unset RECEIPTS_TEST_POSTGRES_URL
  LOAD_TAIL_CLUSTER=1 exec scripts/with-postgres.sh "$0" "$@"
fi
receipts=$(realpath "${RECEIPTS:-.build/release/receipts}")
seconds=${SECONDS_RUN:-15}
out=${OUT:-/tmp/load-tail}
rm -rf "$out"; mkdir -p "$out"
export RECEIPTS_METRICS_TOKEN=tok
psql_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql
pids=()
trap 'for p in "${pids[@]}"; do kill $p 2>/dev/null || true; done; wait' EXIT
start() {
  local name=$1 db=$2; shift 2
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  local log="$out/$name.log"; [ "${LOGTO:-}" = null ] && log=/dev/null
  "$receipts" serve "$@" --db "$db" --port $port >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && return; sleep 0.1
  done; echo "no start"; exit 1
}
database="${RECEIPTS_TEST_POSTGRES_URL%/*}/receipts_load"
"$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS receipts_load" -c "CREATE DATABASE receipts_load"
"$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qc "ALTER SYSTEM SET log_min_duration_statement = 200" -c "ALTER SYSTEM SET log_lock_waits = on" -c "ALTER SYSTEM SET log_checkpoints = on" -c "ALTER SYSTEM SET log_autovacuum_min_duration = 0" -c "LOAD 'auto_explain'" -c "ALTER SYSTEM SET session_preload_libraries = 'auto_explain'" -c "ALTER SYSTEM SET auto_explain.log_min_duration = 200" -c "ALTER SYSTEM SET auto_explain.log_analyze = on" -c "ALTER SYSTEM SET auto_explain.log_buffers = on" -c "SELECT pg_reload_conf()" >/dev/null
datadir=$("$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qAtc "SHOW data_directory")
echo "$datadir" > "$out/datadir"
start a "$database" --demo --demo-receipts 10000 ${SERVE_ARGS:-}
pa=$port
start b "$database" ${SERVE_ARGS:-}
pb=$port
curl -sS -c "$out/cookies.txt" -H 'Content-Type: application/json' -d '{"login": "demo", "password": "demo"}' "http://127.0.0.1:$pa/api/v1/sessions" >/dev/null
cookie=$(awk '$6 == "receipts_session" { print $7 }' "$out/cookies.txt")
ports="$pa $pb"; [ "${ONE:-}" = 1 ] && ports="$pa"
pgport=$(echo "$RECEIPTS_TEST_POSTGRES_URL" | sed 's/.*:\([0-9]*\)\/.*/\1/')
PORTS="$ports" wrk -t2 -c64 -d3s -s scripts/load-spread.lua -H "Cookie: receipts_session=$cookie" "http://127.0.0.1:$pa/api/v1/receipts?limit=${LIMIT:-50}" >/dev/null
for c in ${CONNS:-8}; do
  date +%s.%N > "$out/start-$c"
  cat /proc/net/softnet_stat > "$out/softnet-before-$c.txt"; nstat -n; grep '^cpu' /proc/stat > "$out/stat-before-$c.txt"
  if [ "${WAITS:-}" = 1 ]; then
    "$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qAt -F' ' >"$out/waits-$c.txt" 2>&1 <<SQL &
SELECT extract(epoch from clock_timestamp())::numeric(16,3), pid, coalesce(wait_event_type,'-'), coalesce(wait_event,'-'), state, (extract(epoch from clock_timestamp() - query_start)*1000)::int, left(regexp_replace(query, '\s+', ' ', 'g'), 50) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle' \watch 0.01
SQL
    watcher=$!
    scripts/thread-states.py "$(IFS=,; echo "${pids[*]}")" "$out/threads-$c.txt" "$seconds" &
  fi
  if [ "${PCAP:-}" = 1 ]; then
    tcpdump -i lo -s 120 -B 65536 -w "$out/lo-$c.pcap" "tcp port $pa or tcp port $pb or tcp port $pgport" >/dev/null 2>&1 &
    dumper=$!; sleep 1
  fi
  if [ "${PERF:-}" = 1 ]; then
    perf record -a -g -F 999 -o "$out/perf-$c.data" -- sleep $((seconds - 2)) >/dev/null 2>&1 &
  fi
  PORTS="$ports" wrk -t2 -c$c -d"${seconds}s" --latency -s scripts/load-spread.lua -H "Cookie: receipts_session=$cookie" "http://127.0.0.1:$pa/api/v1/receipts?limit=${LIMIT:-50}" > "$out/wrk-$c.txt"
  [ "${WAITS:-}" = 1 ] && kill $watcher
  if [ "${PCAP:-}" = 1 ]; then
    kill $dumper; wait $dumper 2>/dev/null || true
    scripts/pcap-waits.py "$out/lo-$c.pcap" "$pa,$pb" "$pgport" > "$out/pcap-$c.txt"
  fi
  nstat > "$out/nstat-$c.txt"; cat /proc/net/softnet_stat > "$out/softnet-after-$c.txt"
  grep '^cpu' /proc/stat > "$out/stat-after-$c.txt"
done
curl -s -H "Authorization: Bearer tok" "http://127.0.0.1:$pa/metrics" > "$out/metrics-a.txt"
curl -s -H "Authorization: Bearer tok" "http://127.0.0.1:$pb/metrics" > "$out/metrics-b.txt"
"$psql_bin" "${RECEIPTS_TEST_POSTGRES_URL}" -qAtc "select count(*) from pg_stat_activity" > "$out/pg-conns.txt"
cp "$(dirname "$datadir")/postgres.log" "$out/postgres.log" 2>/dev/null || true
cat "$out"/wrk-*.txt
[ "${PCAP:-}" = 1 ] && cat "$out"/pcap-*.txt || true

#!/usr/bin/env bash
# make bench: the receipts server under load. The release server with the demo account (10,000
# receipts) on loopback, three ways: on SQLite; on PostgreSQL (a throwaway cluster from
# scripts/with-postgres.sh); and two instances on one PostgreSQL database, wrk's two threads each on
# one. wrk keeps 8, then 64 connections busy on the receipt feed for LOAD_SECONDS (30) each, LOAD_RUNS
# times (5) for the two instances; prints throughput, latency percentiles (the median run's, and the
# worst run's p99 against its p50) and every error side by side, as a Markdown table, after a
# 3-second warm-up of each setup that is not counted. Where the kernel gives each session its own
# scheduling group (autogroup), everything runs in one CPU cgroup (scripts/cpu-group.sh), as under a
# service manager; RECEIPTS_CPU_GROUP=none measures without it. Each run also counts the CPU time
# the servers spent (utime + stime of their processes, /proc/PID/stat) per page served. LOAD_PIN=1
# measures the PostgreSQL setups again with PostgreSQL's processes on the last core and the servers
# and wrk on the others (taskset), so that the servers' own CPU per page is compared with SQLite's
# without PostgreSQL's backends taking turns on the same cores. The servers keep pages and sessions
# in memory as they do by default; LOAD_ANSWER_CACHE=0 starts them with --answer-cache 0, so that
# every page is read from the database (the storage's own path, what the pinned comparison is for).
#   RECEIPTS=path/to/receipts LOAD_SECONDS=10 scripts/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/serve-lib.sh
if [[ -z "${RECEIPTS_TEST_POSTGRES_URL:-}" ]]; then exec scripts/with-postgres.sh "$0" "$@"; fi
receipts=$(realpath "${RECEIPTS:-.build/release/receipts}")
seconds=${LOAD_SECONDS:-30}
runs=${LOAD_RUNS:-5}
folder=$(mktemp -d)
servers=()
stop_servers() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  servers=()
}
trap 'stop_servers; rm -rf "$folder"' EXIT
psql_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql

# The cores the servers and wrk run on (all, or all but the last when PostgreSQL has that one).
pin=""
# cpu_ticks: the CPU time the servers have spent so far, in clock ticks (utime + stime).
cpu_ticks() {
  local total=0 pid fields
  for pid in "${servers[@]}"; do
    read -r -a fields < <(sed 's/^.*) //' "/proc/$pid/stat")
    total=$((total + fields[11] + fields[12]))
  done
  echo "$total"
}

# start NAME DB [ARGUMENTS…]: a server on a free port; sets `port`.
start() {
  local name=$1 db=$2
  shift 2
  ${pin:+taskset -c "$pin"} "$receipts" serve "$@" ${LOAD_ANSWER_CACHE:+--answer-cache "$LOAD_ANSWER_CACHE"} \
    --db "$db" --port 0 >"$folder/$name.log" 2>&1 &
  servers+=($!)
  served_port "$folder/$name.log" "$name"
}

# load NAME RUNS PORT…: logs in on the first, then wrk at 8 and 64 connections RUNS times each, its
# threads spread over the ports.
load() {
  local name=$1 runs=$2
  shift 2
  local first=$1
  cookie=$(demo_cookie "$first" "$folder/cookies.txt")
  page=$(curl -sS -H "Cookie: receipts_session=$cookie" -o /dev/null -w '%{size_download}' \
    "http://127.0.0.1:$first/api/v1/receipts?limit=50")
  # A warm-up, not counted: every instance opens its pool's connections and prepares its statements.
  PORTS="$*" wrk -t2 -c64 -d3s -s scripts/load-spread.lua -H "Cookie: receipts_session=$cookie" \
    "http://127.0.0.1:$first/api/v1/receipts?limit=50" >/dev/null
  for connections in 8 64; do
    for run in $(seq 1 "$runs"); do
      local before
      before=$(cpu_ticks)
      PORTS="$*" ${pin:+taskset -c "$pin"} wrk -t2 -c$connections -d"${seconds}s" --latency \
        -s scripts/load-spread.lua -H "Cookie: receipts_session=$cookie" \
        "http://127.0.0.1:$first/api/v1/receipts?limit=50" >"$folder/wrk-$name-$connections-$run.txt"
      echo "$(( $(cpu_ticks) - before )) $(getconf CLK_TCK)" >"$folder/cpu-$name-$connections-$run.txt"
    done
  done
}

start sqlite "$folder/server.sqlite" --demo --demo-receipts 10000
load sqlite 1 "$port"
stop_servers

database="${RECEIPTS_TEST_POSTGRES_URL%/*}/receipts_load"
"$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS receipts_load" -c "CREATE DATABASE receipts_load"
start postgres-a "$database" --demo --demo-receipts 10000
first=$port
load postgres 1 "$first"
start postgres-b "$database"
load postgres-2 "$runs" "$first" "$port"
stop_servers
"$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS receipts_load WITH (FORCE)"

if [[ "${LOAD_PIN:-0}" == 1 && $(nproc) -ge 2 ]]; then
  # PostgreSQL's postmaster and every process it has (its backends are forked from it and keep its
  # cores) on the last core; the servers and wrk on the others; the SQLite server measured again
  # on the same cores for the comparison.
  last=$(($(nproc) - 1))
  pin="0-$((last - 1))"
  for pid in $(pgrep -x postgres); do taskset -a -p -c "$last" "$pid" >/dev/null; done
  start sqlite-pinned "$folder/pinned.sqlite" --demo --demo-receipts 10000
  load sqlite-pinned 1 "$port"
  stop_servers
  "$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qc "CREATE DATABASE receipts_load"
  start postgres-pinned "$database" --demo --demo-receipts 10000
  load postgres-pinned 1 "$port"
  stop_servers
  "$psql_bin" "$RECEIPTS_TEST_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS receipts_load WITH (FORCE)"
  pin=""
fi

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "receipts server under load — ${cpu:-unknown CPU}, $(nproc) cores; servers, PostgreSQL and wrk on one machine, loopback"
case "${RECEIPTS_CPU_GROUP:-}" in
  none | "") scheduling="kernel.sched_autogroup_enabled=$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo -), no CPU cgroup of its own" ;;
  *) scheduling="in one CPU cgroup ($RECEIPTS_CPU_GROUP), not in autogroups" ;;
esac
echo "scheduling: $scheduling"
echo "pages kept in memory: ${LOAD_ANSWER_CACHE:-64} MB (serve --answer-cache)$([ "${LOAD_ANSWER_CACHE:-}" = 0 ] && echo ': none, every page read from the database')"
echo "wrk -t2 -d${seconds}s on GET /api/v1/receipts?limit=50 (50 receipts, $page bytes a page), demo account of 10,000 receipts"
echo
python3 - "$folder" "$seconds" <<'PY'
import glob, os, re, sys
folder = sys.argv[1]
seconds = float(sys.argv[2])
setups = [("sqlite", "SQLite"), ("postgres", "PostgreSQL"), ("postgres-2", "PostgreSQL, 2 instances")]
pinned = [("sqlite-pinned", "SQLite, pinned"), ("postgres-pinned", "PostgreSQL on a core of its own")]
if glob.glob(f"{folder}/wrk-postgres-pinned-*.txt"):
    setups += pinned
def milliseconds(text):
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text or "")
    if not match:
        return None
    return float(match.group(1)) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[match.group(2)]
def read(path):
    text = open(path).read()
    def find(pattern, default="0"):
        match = re.search(pattern, text)
        return match.group(1) if match else default
    latency = {p: re.search(r"^\s+%s%%\s+(\S+)" % p, text, re.M) for p in ("50", "90", "99")}
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    errors = int(find(r"Non-2xx or 3xx responses: (\d+)")) + (sum(int(x) for x in socket.groups()) if socket else 0)
    rate = float(find(r"Requests/sec:\s+([\d.]+)"))
    # The servers' CPU time per page served: the run's ticks over the pages wrk counted.
    cpu_path = path.replace("/wrk-", "/cpu-")
    cpu = None
    if os.path.exists(cpu_path):
        ticks, per_second = (int(x) for x in open(cpu_path).read().split())
        pages = int(find(r"(\d+) requests in"))
        cpu = ticks / per_second / pages * 1e6 if pages else None
    return {
        "rate": rate,
        "latency": {p: (m.group(1) if m else "—") for p, m in latency.items()},
        "errors": errors,
        "cpu": cpu,
    }
def combine(name, c):
    """The runs of one setup: the median run by throughput, the worst p99 ÷ p50, every error."""
    found = sorted(glob.glob(f"{folder}/wrk-{name}-{c}-*.txt"))
    each = [read(path) for path in found]
    median = sorted(each, key=lambda r: r["rate"])[len(each) // 2]
    ratios = []
    for r in each:
        p50, p99 = milliseconds(r["latency"]["50"]), milliseconds(r["latency"]["99"])
        ratios.append(p99 / p50 if p50 and p99 else float("inf"))
    cpus = sorted(r["cpu"] for r in each if r["cpu"] is not None)
    return dict(median, runs=len(each), worst=max(ratios), errors=sum(r["errors"] for r in each),
                cpu=cpus[len(cpus) // 2] if cpus else None)
runs = {(name, c): combine(name, c) for name, _ in setups for c in (8, 64)}
columns = [(name, label, c) for name, label in setups for c in (8, 64)]
print("| what | " + " | ".join(f"{label}, {c} conn." for _, label, c in columns) + " |")
print("|---|" + "---:|" * len(columns))
print("| runs | " + " | ".join(str(runs[(n, c)]["runs"]) for n, _, c in columns) + " |")
print("| throughput (pages/s) | " + " | ".join(f"{runs[(n, c)]['rate']:,.0f}" for n, _, c in columns) + " |")
for p in ("50", "90", "99"):
    print(f"| latency p{p} | " + " | ".join(runs[(n, c)]["latency"][p] for n, _, c in columns) + " |")
print("| p99 ÷ p50, worst run | " + " | ".join(f"{runs[(n, c)]['worst']:.1f}" for n, _, c in columns) + " |")
print("| errors (non-2xx, socket) | " + " | ".join(str(runs[(n, c)]["errors"]) for n, _, c in columns) + " |")
print("| servers' CPU per page | " + " | ".join(
    f"{runs[(n, c)]['cpu']:.0f} µs" if runs[(n, c)]["cpu"] is not None else "—" for n, _, c in columns) + " |")
sqlite64 = runs[("sqlite", 64)]["rate"]
for name, label in setups[1:3]:
    share = runs[(name, 64)]["rate"] / sqlite64 * 100 if sqlite64 else 0
    print(f"\n{label} at 64 connections: {share:.0f} % of SQLite's throughput.", end="")
print()
if ("postgres-pinned", 64) in runs and runs[("sqlite-pinned", 64)]["cpu"]:
    for c in (8, 64):
        ratio = runs[("postgres-pinned", c)]["cpu"] / runs[("sqlite-pinned", c)]["cpu"]
        print(f"\nPostgreSQL on a core of its own, {c} connections: the servers spend {ratio:.2f} × the CPU a page "
              f"they spend on SQLite on the same cores.", end="")
    print()
for name, label, c in columns:
    r = runs[(name, c)]
    print(f"<!-- summary | server: receipt feed under wrk, {label}, {c} connections | 10000 receipts, 50 a page | "
          f"{r['rate']:,.0f} requests/s | p50 {r['latency']['50']}, p99 {r['latency']['99']}, worst p99 ÷ p50 {r['worst']:.1f} over {r['runs']} runs, {r['errors']} errors | "
          f"no errors -->")
PY

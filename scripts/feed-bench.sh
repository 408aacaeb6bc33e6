#!/usr/bin/env bash
# make bench: the feed page against nginx serving the same bytes. The release server with the demo
# account (10,000 receipts) on SQLite, on loopback; its first feed page (50 receipts) saved to a
# file that Debian's nginx (unpacked under .build by make, a worker a core, sendfile) serves. Both
# log every request to a file, as each does by default. wrk (2 threads; 1 for 1 connection) at
# FEED_CONNECTIONS (8 and 64) connections for FEED_SECONDS (10) each, FEED_RUNS (3) times, the
# setups taking turns within each run so that a noisy moment falls on all of them:
#   nginx            the file
#   kept             receipts serve, pages and sessions kept in memory (the default)
#   read             receipts serve --answer-cache 0: every page read from SQLite and written anew
#   before           FEED_BASE=path/to/an/older/receipts, when given: the same, as it was
# Prints each setup's median pages/s and latency (p50, p99 of the median run), each against nginx's,
# and the CPU wrk itself took (cores, median run: when wrk is starved of the CPU its latencies are
# the scheduler's), as a Markdown table.
#   RECEIPTS=path/to/receipts FEED_SECONDS=10 FEED_RUNS=3 FEED_CONNECTIONS="8 64" scripts/feed-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/serve-lib.sh
receipts=$(realpath "${RECEIPTS:-.build/release/receipts}")
nginx=$(realpath "${NGINX:-.build/nginx/usr/sbin/nginx}")
seconds=${FEED_SECONDS:-10}
runs=${FEED_RUNS:-3}
connection_counts=${FEED_CONNECTIONS:-8 64}
folder=$(mktemp -d)
pids=()
stop_all() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap 'stop_all; rm -rf "$folder"' EXIT

# serve NAME BINARY DB [ARGUMENTS…]: a server on a free port; sets `port`.
serve() {
  local name=$1 binary=$2 db=$3
  shift 3
  "$binary" serve "$@" --db "$db" --port 0 >"$folder/$name.log" 2>&1 &
  pids+=($!)
  served_port "$folder/$name.log" "$name"
}

# The demo seeded once; each server gets a copy of the file, so none writes beside another.
serve seeding "$receipts" "$folder/seeded.sqlite" --demo --demo-receipts 10000
stop_all
pids=()
declare -A ports cookies
setups=(kept read)
[ -n "${FEED_BASE:-}" ] && setups+=(before)
for setup in "${setups[@]}"; do
  cp "$folder/seeded.sqlite" "$folder/$setup.sqlite"
  case $setup in
    kept) serve kept "$receipts" "$folder/kept.sqlite" ;;
    read) serve read "$receipts" "$folder/read.sqlite" --answer-cache 0 ;;
    before) serve before "$(realpath "$FEED_BASE")" "$folder/before.sqlite" ;;
  esac
  ports[$setup]=$port
  cookies[$setup]=$(demo_cookie "$port" "$folder/cookies-$setup.txt")
done
curl -sS -H "Cookie: receipts_session=${cookies[kept]}" -o "$folder/page.json" \
  "http://127.0.0.1:${ports[kept]}/api/v1/receipts?limit=50"
page=$(stat -c %s "$folder/page.json")

# nginx: the page as a file, on a free port.
nginx_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# nginx's workers run as nobody when it starts as root: the page's folders readable by all.
chmod 755 "$folder"
mkdir -p "$folder/www/api/v1"
cp "$folder/page.json" "$folder/www/api/v1/receipts"
cat >"$folder/nginx.conf" <<EOF
worker_processes $(nproc);
daemon off;
pid $folder/nginx.pid;
error_log $folder/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log $folder/nginx-access.log;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $folder/body;
    proxy_temp_path $folder/proxy;
    fastcgi_temp_path $folder/fastcgi;
    uwsgi_temp_path $folder/uwsgi;
    scgi_temp_path $folder/scgi;
    types { }
    default_type "application/json; charset=utf-8";
    server {
        listen 127.0.0.1:$nginx_port;
        root $folder/www;
    }
}
EOF
"$nginx" -c "$folder/nginx.conf" -e "$folder/nginx-error.log" &
pids+=($!)
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$nginx_port/api/v1/receipts" && break; sleep 0.1; done
served=$(curl -sS "http://127.0.0.1:$nginx_port/api/v1/receipts?limit=50" | cmp -s - "$folder/page.json" && echo same || true)
[ "$served" = same ] || { echo "nginx does not serve the page"; exit 1; }

# bench NAME PORT CONNECTIONS RUN [COOKIE]
bench() {
  local TIMEFORMAT='%U %S'
  { time wrk -t"$(( $3 < 2 ? 1 : 2 ))" -c"$3" -d"${seconds}s" --latency ${5:+-H "Cookie: receipts_session=$5"} \
    "http://127.0.0.1:$2/api/v1/receipts?limit=50" >"$folder/wrk-$1-$3-$4.txt"; } 2>"$folder/cpu-$1-$3-$4.txt"
}
# A warm-up of each, not counted.
for setup in "${setups[@]}"; do
  wrk -t2 -c8 -d2s -H "Cookie: receipts_session=${cookies[$setup]}" \
    "http://127.0.0.1:${ports[$setup]}/api/v1/receipts?limit=50" >/dev/null
done
wrk -t2 -c8 -d2s "http://127.0.0.1:$nginx_port/api/v1/receipts?limit=50" >/dev/null
for connections in $connection_counts; do
  for run in $(seq 1 "$runs"); do
    bench nginx "$nginx_port" "$connections" "$run"
    for setup in "${setups[@]}"; do bench "$setup" "${ports[$setup]}" "$connections" "$run" "${cookies[$setup]}"; done
  done
done

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "The feed page against nginx — ${cpu:-unknown CPU}, $(nproc) cores; wrk, nginx and the servers on one machine, loopback"
echo "GET /api/v1/receipts?limit=50: $page bytes (50 receipts of the demo account's 10,000, SQLite); wrk -t2, ${seconds}-s runs, $runs of each, setups taking turns"
echo
python3 - "$folder" "$runs" "${setups[*]}" "$page" "$seconds" $connection_counts <<'PY'
import re, statistics, sys
folder, runs, setups, page = sys.argv[1], int(sys.argv[2]), ["nginx"] + sys.argv[3].split(), int(sys.argv[4])
seconds, connection_counts = float(sys.argv[5]), [int(c) for c in sys.argv[6:]]
summary = []
names = {"nginx": "nginx, the page as a file", "kept": "receipts serve: kept in memory",
         "read": "receipts serve --answer-cache 0: read each time", "before": "receipts serve before (FEED_BASE)"}
def ms(text):
    m = re.fullmatch(r"([\d.]+)(us|ms|s)", text)
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
def read(path):
    text = open(path).read()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p50 = ms(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1))
    p99 = ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", text))
    errors += int((re.search(r"Non-2xx or 3xx responses: (\d+)", text) or [0, 0])[1])
    cpu = sum(float(t) for t in open(path.replace("/wrk-", "/cpu-")).read().split()[-2:]) / seconds
    return rate, p50, p99, errors, cpu
print("| setup | connections | pages/s (median of runs) | of nginx | p50 / p99 ms (median run) | p99 ÷ p50 (worst run) | wrk's CPU | errors |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for connections in connection_counts:
    nginx_rate = None
    for setup in setups:
        results = sorted((read(f"{folder}/wrk-{setup}-{connections}-{run}.txt") for run in range(1, runs + 1)),
                         key=lambda r: r[0])
        median = results[len(results) // 2]
        rate = statistics.median(r[0] for r in results)
        if setup == "nginx":
            nginx_rate = rate
        worst = max(r[2] / r[1] for r in results if r[1] > 0)
        errors = sum(r[3] for r in results)
        share = f"{100 * rate / nginx_rate:.0f} %" if nginx_rate else "–"
        print(f"| {names[setup]} | {connections} | {rate:,.0f} | {share} | {median[1]:.2f} / {median[2]:.2f} | {worst:.1f} | {median[4]:.2f} | {errors} |")
        if setup == "kept" and connections in (8, 64):
            summary.append(f"<!-- summary | feed page kept in memory, {connections} connections | one {page:,}-byte page, 10,000 receipts | "
                           f"{rate:,.0f} pages/s, p99 {median[2] / median[1]:.1f} × p50 | nginx {nginx_rate:,.0f} ({share}) | ≥ 25 % of nginx, p99 ≤ 2 × p50 -->")
print()
print("\n".join(summary))
PY

#!/usr/bin/env bash
# make bench: the receipts server under load. The release server with the demo account (10,000
# receipts) on loopback; wrk keeps 8, then 64 connections busy on the receipt feed for LOAD_SECONDS (30)
# each;
# prints throughput, latency percentiles and every error, as a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
receipts=${RECEIPTS:-.build/release/receipts}
seconds=${LOAD_SECONDS:-30}
folder=$(mktemp -d)
on_exit="rm -rf $folder"
source scripts/demo-server.sh
start_demo_server "$receipts" "$folder" --demo-receipts 10000
curl -sS -c "$folder/cookies.txt" -H 'Content-Type: application/json' \
  -d '{"login": "demo", "password": "demo"}' "$base/api/v1/sessions" >/dev/null
cookie=$(awk '$6 == "receipts_session" { print $7 }' "$folder/cookies.txt")
[ -n "$cookie" ] || { echo "could not log in to the demo account"; exit 1; }
page=$(curl -sS -H "Cookie: receipts_session=$cookie" -o /dev/null -w '%{size_download}' "$base/api/v1/receipts?limit=50")

for connections in 8 64; do
  wrk -t2 -c$connections -d"${seconds}s" --latency -H "Cookie: receipts_session=$cookie" \
    "$base/api/v1/receipts?limit=50" >"$folder/wrk-$connections.txt"
done

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "receipts server under load — ${cpu:-unknown CPU}, $(nproc) cores; server and wrk on one machine, loopback"
echo "wrk -t2 -d${seconds}s on GET /api/v1/receipts?limit=50 (50 receipts, $page bytes a page), demo account of 10,000 receipts"
python3 - "$folder/wrk-8.txt" "$folder/wrk-64.txt" <<'PY'
import re, sys
def read(path):
    text = open(path).read()
    def find(pattern, default="0"):
        match = re.search(pattern, text)
        return match.group(1) if match else default
    latency = {p: re.search(r"^\s+%s%%\s+(\S+)" % p, text, re.M) for p in ("50", "90", "99")}
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    return {
        "requests": find(r"(\d+) requests in"),
        "rate": float(find(r"Requests/sec:\s+([\d.]+)")),
        "latency": {p: (m.group(1) if m else "—") for p, m in latency.items()},
        "non2xx": find(r"Non-2xx or 3xx responses: (\d+)"),
        "socket": sum(int(x) for x in socket.groups()) if socket else 0,
    }
runs = {"8": read(sys.argv[1]), "64": read(sys.argv[2])}
print("| what | 8 connections | 64 connections |")
print("|---|---:|---:|")
print(f"| requests | {runs['8']['requests']} | {runs['64']['requests']} |")
print(f"| throughput | {runs['8']['rate']:,.0f} requests/s | {runs['64']['rate']:,.0f} requests/s |")
for p in ("50", "90", "99"):
    print(f"| latency p{p} | {runs['8']['latency'][p]} | {runs['64']['latency'][p]} |")
print(f"| non-2xx answers | {runs['8']['non2xx']} | {runs['64']['non2xx']} |")
print(f"| socket errors (connect, read, write, timeout) | {runs['8']['socket']} | {runs['64']['socket']} |")
PY
for connections in 8 64; do
python3 - "$folder/wrk-$connections.txt" "$connections" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rate = re.search(r"Requests/sec:\s+([\d.]+)", text)
p50 = re.search(r"^\s+50%\s+(\S+)", text, re.M)
p99 = re.search(r"^\s+99%\s+(\S+)", text, re.M)
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
failed = (int(errors.group(1)) if errors else 0) + (sum(int(x) for x in socket.groups()) if socket else 0)
print(f"<!-- summary | server: receipt feed under wrk, {sys.argv[2]} connections | 10000 receipts, 50 a page | "
      f"{float(rate.group(1)) if rate else 0:,.0f} requests/s | p50 {p50.group(1) if p50 else '—'}, "
      f"p99 {p99.group(1) if p99 else '—'}, {failed} errors | no errors -->")
PY
done

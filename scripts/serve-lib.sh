# Shared by the benchmarks that start `receipts serve` (scripts/load.sh, scripts/feed-bench.sh):
# source it. Each server's output goes to a log file whose first lines say where it listens.

# served_port LOG NAME: the port the server writing LOG (started with --port 0) says it listens on,
# in `port`; exits with its log when it has said nothing in a minute.
served_port() {
  local log=$1 name=$2
  port=""
  for _ in $(seq 1 600); do
    port=$(sed -n 's|^receipts server on http://127.0.0.1:\([0-9]*\) .*|\1|p' "$log" | head -n 1)
    [ -n "$port" ] && return
    sleep 0.1
  done
  echo "the server $name did not start:"; cat "$log"; exit 1
}

# demo_cookie PORT JAR: logs in as the demo account (demo / demo) and prints its session cookie;
# exits when the login gives none.
demo_cookie() {
  local cookie
  curl -sS -c "$2" -H 'Content-Type: application/json' -d '{"login": "demo", "password": "demo"}' \
    "http://127.0.0.1:$1/api/v1/sessions" >/dev/null
  cookie=$(awk '$6 == "receipts_session" { print $7 }' "$2")
  [ -n "$cookie" ] || { echo "could not log in to the demo account on port $1" >&2; exit 1; }
  echo "$cookie"
}

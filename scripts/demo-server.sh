# Sourced by the scripts that need a demo server: `start_demo_server RECEIPTS FOLDER [ARGUMENTS…]`
# starts `RECEIPTS serve --demo` on a free loopback port with its database and log in FOLDER, stops
# it when the script exits, and sets `base` to its address (http://127.0.0.1:PORT).
start_demo_server() {
  local receipts=$1 folder=$2
  shift 2
  "$receipts" serve --demo "$@" --db "$folder/server.sqlite" --port 0 >"$folder/server.log" 2>&1 &
  demo_server=$!
  trap 'kill $demo_server 2>/dev/null; wait $demo_server 2>/dev/null || true; ${on_exit:-true}' EXIT
  local port="" attempt
  for attempt in $(seq 1 300); do
    port=$(sed -n 's|^receipts server on http://127.0.0.1:\([0-9]*\) .*|\1|p' "$folder/server.log" | head -n 1)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "the demo server did not start:"; cat "$folder/server.log"; exit 1; }
  base="http://127.0.0.1:$port"
}

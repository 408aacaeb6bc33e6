#!/usr/bin/env bash
# make demo: the embedded demo server, walked through with curl as any client would, then the sample
# QR payloads read by the command line. Everything stays on loopback and under Reports/demo/.
set -euo pipefail
cd "$(dirname "$0")/.."
receipts=.build/debug/receipts
folder=Reports/demo
mkdir -p "$folder"
rm -f "$folder"/server.sqlite* "$folder"/cookies.txt

source scripts/demo-server.sh
start_demo_server "$receipts" "$folder"
sample=$(sed -n 's/^try adding: //p' "$folder/server.log")
grep -v 'info receipts.server' "$folder/server.log" || true
echo

# Shows a request and a short summary of its JSON answer.
show() {
  local title=$1; shift
  local shown="" argument
  for argument in "$@"; do
    case $argument in
      *\"*) shown+=" '$argument'" ;;
      *[\ \{\&\?]*) shown+=" \"${argument//$base/\$SERVER}\"" ;;
      *) shown+=" ${argument//$base/\$SERVER}" ;;
    esac
  done
  echo "\$ curl$shown"
  curl -sS -b "$folder/cookies.txt" -c "$folder/cookies.txt" -w '\n%{http_code}\n' "$@" >"$folder/answer.txt"
  python3 - "$title" "$folder/answer.txt" <<'PY'
import json, sys
title, path = sys.argv[1], sys.argv[2]
body, status = open(path, encoding="utf-8").read().rsplit("\n", 2)[0:2]
data = json.loads(body) if body.strip() else None
def rub(k): return f"{k // 100}.{k % 100:02d} ₽"
def receipt(r):
    d = r["document"]
    where = r["place"]["name"] if r.get("place") else d.get("retailPlace") or "?"
    return f'#{r["id"]} {d["dateTime"]} {r["status"]:8} {rub(d["totalSum"]):>12} {where} ({len(d["items"])} items)'
print(f"  → {status}", end=" ")
if isinstance(data, dict) and "error" in data:
    print(json.dumps(data, ensure_ascii=False))
elif title == "feed":
    print(f'{len(data["receipts"])} receipts, hasMore={data["hasMore"]}')
    for r in data["receipts"][:3]: print("    " + receipt(r))
    print("    …")
elif title == "receipt":
    print(receipt(data))
    for item in data["document"]["items"][:4]:
        print(f'      {item["name"]:32} {item["quantity"]:>7} × {rub(item["price"]):>10} = {rub(item["sum"]):>10}')
elif title == "places":
    print(f'{len(data["places"])} places, next page: {"yes" if data.get("nextCursor") else "no"}')
    for p in data["places"][:4]: print(f'    {p["distance_m"]:>8.1f} m  {p["name"]} — {p["address"]}')
else:
    print(json.dumps(data, ensure_ascii=False))
PY
  echo
}

show health "$base/health"
show session -X POST "$base/api/v1/sessions/anonymous"
show session -X POST "$base/api/v1/sessions" -H 'content-type: application/json' -d '{"login":"demo","password":"demo"}'
show session "$base/api/v1/sessions/current"
show feed "$base/api/v1/receipts"
cursor=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).read().rsplit("\n",2)[0])["nextCursor"])' "$folder/answer.txt")
show feed "$base/api/v1/receipts?cursor=$cursor"
show receipt -X POST "$base/api/v1/receipts" -H 'content-type: application/json' -d "{\"qr\":\"$sample\"}"
show places -G "$base/api/v1/places" -d lat=55.7539 -d lon=37.6208 --data-urlencode 'q=пятёрочка' -d limit=4
show session -X DELETE "$base/api/v1/sessions/current"
show feed "$base/api/v1/receipts" || true

echo "\$ receipts qr parse …   (every payload in Data/samples/payloads.txt)"
grep -v '^#' Data/samples/payloads.txt | grep -v '^$' | while IFS= read -r payload; do
  "$receipts" qr parse --json "$payload"
done

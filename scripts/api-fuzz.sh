#!/usr/bin/env bash
# make test, after the Swift tests: the API fuzzer. schemathesis (pinned in the Makefile, in the
# virtual environment it makes under .build/venv) generates requests from openapi.yaml, valid and
# invalid, and sends them to `receipts serve --demo` on a free loopback port: once signed in (a
# session of the demo account, which owns a household) and once anonymous, API_FUZZ_SECONDS (default 30) each. Any finding
# (a 5xx, a status code, content type, header or body the contract does not declare, an undeclared
# method not answered 405 with Allow) fails the run. API_FUZZ_SEED repeats a run (schemathesis
# prints its seed); JUnit reports go to Reports/api-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
receipts=${RECEIPTS:-.build/debug/receipts}
venv=${API_FUZZ_VENV:-.build/venv}
case $venv in /*) ;; *) venv=$PWD/$venv ;; esac
python=$venv/bin/python
root=$PWD
# schemathesis and hypothesis keep their caches in the working folder: theirs is under .build.
work=$root/.build/api-fuzz
mkdir -p "$work"
seconds=${API_FUZZ_SECONDS:-30}
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance
checks=$checks,response_schema_conformance,negative_data_rejection,unsupported_method,allow_header_conformance
[ -x "$python" ] || { echo "api-fuzz: no $python; \`make test\` makes the virtual environment"; exit 1; }
[ -x "$receipts" ] || { echo "api-fuzz: no $receipts; build it first (swift build)"; exit 1; }

folder=$(mktemp -d)
on_exit="rm -rf $folder"
# The operator's token for /metrics: the signed-in run sends it, the anonymous one does not.
RECEIPTS_METRICS_TOKEN=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
export RECEIPTS_METRICS_TOKEN
source scripts/demo-server.sh
start_demo_server "$receipts" "$folder"
curl -sS -c "$folder/cookies.txt" -H 'Content-Type: application/json' \
  -d '{"login": "demo", "password": "demo"}' "$base/api/v1/sessions" >/dev/null
cookie=$(awk '$6 == "receipts_session" { print $7 }' "$folder/cookies.txt")
[ -n "$cookie" ] || { echo "api-fuzz: could not log in to the demo account"; exit 1; }
# The demo account owns a household, so that its routes answer with one (its members' shares,
# invitations) as well as without (the anonymous run).
curl -sS -b "$folder/cookies.txt" -X POST "$base/api/v1/household" >/dev/null

# One run: the served contract (what the server says it does), every check above, bounded in time.
fuzz() {
  local who=$1 config=$2
  shift 2
  echo "== api-fuzz: $who, ${seconds} s against $base"
  (cd "$work" && "$python" -m schemathesis.cli ${config:+--config-file "$root/$config"} \
    run "$base/openapi.yaml" --url "$base" --checks "$checks" --phases examples,coverage,fuzzing \
    --max-time "$seconds" --workers 1 --no-color \
    --suppress-health-check too_slow,filter_too_much --generation-database none \
    ${API_FUZZ_SEED:+--seed "$API_FUZZ_SEED"} --report junit --report-dir "$root/Reports/api-fuzz/$who" "$@")
}

status=0
# Signed in (the cookie given as the contract's security scheme; the session is not logged out
# halfway), then anonymous.
RECEIPTS_SESSION=$cookie fuzz signed-in scripts/api-fuzz.toml --exclude-method DELETE || status=1
fuzz anonymous "" || status=1
exit $status

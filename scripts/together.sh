#!/usr/bin/env bash
# Runs steps of `make test` at the same time, each as `bash -c COMMAND` with its output in a log of
# its own (.build/together/NAME.log), and prints each log whole once its step ends, under a line
# that says how it ended and how long it took. Fails when any step fails, after all have ended.
#
# usage: scripts/together.sh NAME COMMAND [NAME COMMAND]...
#
# For steps that leave a core idle: the API fuzzer runs for a fixed time on one core, the browser
# test waits on Chromium, the ledger check is short. Each picks its own free loopback ports.
set -uo pipefail
# Each step in a process group of its own, so that stopping one stops what it started.
set -m
cd "$(dirname "$0")/.."
[ $(($# % 2)) -eq 0 ] && [ $# -gt 0 ] || { echo "usage: scripts/together.sh NAME COMMAND [NAME COMMAND]..."; exit 2; }
logs=.build/together
mkdir -p "$logs"
names=()
declare -A pids started
while [ $# -gt 0 ]; do
  name=$1 command=$2
  shift 2
  names+=("$name")
  echo "== $name: started"
  bash -c "$command" > "$logs/$name.log" 2>&1 &
  pids[$name]=$!
  started[$name]=$SECONDS
done
# Stopped (Ctrl-C, CI's limit): the steps stop too.
trap 'for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null; done; exit 130' INT TERM
failed=()
remaining=("${names[@]}")
while [ ${#remaining[@]} -gt 0 ]; do
  waiting=()
  for name in "${remaining[@]}"; do waiting+=("${pids[$name]}"); done
  ended=""
  wait -n -p ended "${waiting[@]}"
  status=$?
  next=()
  for name in "${remaining[@]}"; do
    if [ "${pids[$name]}" != "$ended" ]; then
      next+=("$name")
      continue
    fi
    seconds=$((SECONDS - started[$name]))
    if [ "$status" -eq 0 ]; then
      echo "== $name: passed in $seconds s"
    else
      echo "== $name: FAILED (exit status $status) in $seconds s"
      failed+=("$name")
    fi
    cat "$logs/$name.log"
  done
  remaining=("${next[@]}")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "== failed: ${failed[*]}"
  exit 1
fi

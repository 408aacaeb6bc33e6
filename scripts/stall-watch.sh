#!/usr/bin/env bash
# Runs a test pass and watches its output: a pass that prints nothing for STALL_SECONDS (600) has
# stopped moving (every test of the main pass prints as it starts and ends, eight at a time). Its
# test processes' threads are then printed with their stacks (gdb, when installed), the pass is
# stopped, and run once more: a rare stall costs one more pass instead of CI's whole limit, and the
# stacks say where it waited. A pass that fails is not run again; a second stall fails.
#
# usage: scripts/stall-watch.sh COMMAND [ARGUMENT]...
set -uo pipefail
limit=${STALL_SECONDS:-600}
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT

# The processes under `pid` (children first found through /proc), one a line.
descendants() {
  local parent=$1 child
  for child in $(ps -o pid= --ppid "$parent"); do
    echo "$child"
    descendants "$child"
  done
}

# Swift's symbols in the text made readable, when the toolchain is at hand.
demangled() {
  if command -v "${SWIFT:-swift}" >/dev/null; then "${SWIFT:-swift}" demangle --simplified; else cat; fi
}

# Prints the stacks of every thread of the test processes under `pid`.
dump() {
  local pid=$1 child
  echo "== stall-watch: nothing printed for ${limit} s; the processes under the pass:"
  ps -o pid,ppid,stat,pcpu,etime,args --pid "$( (echo "$pid"; descendants "$pid") | paste -sd,)" | cut -c1-200
  command -v gdb >/dev/null || { echo "== stall-watch: gdb is not installed: no stacks"; return; }
  for child in $pid $(descendants "$pid"); do
    case $(readlink "/proc/$child/exe" 2>/dev/null) in
      *.xctest)
        echo "== stall-watch: the threads of process $child ($(tr '\0' ' ' < "/proc/$child/cmdline" | cut -c1-120))"
        timeout 120 gdb -p "$child" -batch -ex "thread apply all bt" 2>&1 | grep -E '^(Thread|#)' | demangled | cut -c1-220
        ;;
    esac
  done
}

for attempt in 1 2; do
  # In a session (and process group) of its own, so that stopping it stops what it started: a
  # background job of a shell without job control leads no group, so setsid makes it one without
  # forking, and its pid stays the one awaited. Nothing of a pass reads a terminal.
  setsid "$@" < /dev/null > >(while IFS= read -r line; do
    printf '%s\n' "$line"
    touch "$folder/moved"
  done) 2>&1 &
  pid=$!
  touch "$folder/moved"
  stalled=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 5
    if (($(date +%s) - $(stat -c %Y "$folder/moved") > limit)); then
      stalled=1
      dump "$pid"
      # Everything under the pass, found before any of it ends: some of it is in no group of the
      # pass's (PostgreSQL's children each make a session of their own), and orphans leave the tree.
      under=$(descendants "$pid")
      kill -- "-$pid" 2>/dev/null
      sleep 5
      kill -KILL -- "-$pid" 2>/dev/null
      for child in $under; do kill -KILL "$child" 2>/dev/null; done
      break
    fi
  done
  wait "$pid"
  status=$?
  ((stalled)) || exit "$status"
  echo "== stall-watch: the pass stalled (attempt $attempt of 2)"
done
exit 124

#!/usr/bin/env bash
# Runs a command with everything it starts in one CPU cgroup of its own, when this machine would
# otherwise schedule each session as a group of its own (kernel.sched_autogroup_enabled = 1, in the
# root cgroup). PostgreSQL puts every backend in a session of its own, so under autogroup each
# backend weighs as much as the receipts servers and wrk together; at full load on two cores whole
# batches of backends then wait 0.3–3 s for the CPU while the servers hold their requests (issue 34:
# PostgreSQL answered the Bind our server had sent 1.2 s late, and answered a psql query sent
# meanwhile at the same millisecond). In a cgroup other than the root, autogroup does not apply and
# every process is weighed as one.
#
# Needs root and a cpu controller (cgroup v1 or v2). Without them, or when the command already runs
# in a cgroup of its own (a service, a container), it runs the command as it is and says why.
#   scripts/cpu-group.sh scripts/with-postgres.sh swift test --skip-build
set -euo pipefail

# Once per run: what it starts (with-postgres.sh calling it again) is in the group already.
if [[ -n "${RECEIPTS_CPU_GROUP:-}" ]]; then exec "$@"; fi
export RECEIPTS_CPU_GROUP=none
autogroup=$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo 0)
# The cgroup of the cpu controller: cgroup v1's own line, else the unified hierarchy's (v2), where a
# group counts only if the cpu controller is on in it; "/" is the root, where autogroup applies.
current=$(awk -F: '$2 ~ /(^|,)cpu(,|$)/ { print $3; found = 1 } END { if (!found) print "" }' /proc/self/cgroup)
if [[ -z "$current" ]]; then
  current=$(awk -F: '$1 == "0" { print $3 }' /proc/self/cgroup)
  grep -qw cpu "/sys/fs/cgroup${current%/}/cgroup.controllers" 2>/dev/null || current=/
fi
if [[ "$autogroup" != 1 || "$current" != "/" ]]; then exec "$@"; fi

name="receipts-$$"
if [[ -d /sys/fs/cgroup/cpu && -w /sys/fs/cgroup/cpu ]]; then
  group=/sys/fs/cgroup/cpu/$name; join=tasks
elif grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null && [[ -w /sys/fs/cgroup ]]; then
  grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control || echo +cpu >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
  group=/sys/fs/cgroup/$name; join=cgroup.procs
else
  echo "cpu-group: kernel.sched_autogroup_enabled is 1 and no CPU cgroup can be made here (not root?):" \
    "PostgreSQL's backends are each scheduled as a group of their own, and timings under load may stall" >&2
  exec "$@"
fi
if ! mkdir "$group" 2>/dev/null; then
  echo "cpu-group: could not make $group; running without it" >&2
  exec "$@"
fi
# A group is removed once empty: its last processes may still be leaving when the command returns.
trap 'for _ in 1 2 3 4 5 6 7 8 9 10; do rmdir "$group" 2>/dev/null && break; sleep 0.2; done' EXIT
status=0
RECEIPTS_CPU_GROUP=$group bash -c '
  echo $$ 2>/dev/null >"$RECEIPTS_CPU_GROUP/'"$join"'" \
    || { echo "cpu-group: could not join $RECEIPTS_CPU_GROUP; running without it" >&2; RECEIPTS_CPU_GROUP=none; }
  exec "$@"' cpu-group "$@" || status=$?
exit $status

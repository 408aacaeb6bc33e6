#!/usr/bin/env python3
"""Samples, every 10 ms for SECONDS, the state of every thread of the given processes and of every
PostgreSQL process: one line per thread that is not idle (time, pid, tid, name, state, kernel wait
channel). Used by load-tail.sh (WAITS=1) to see who runs, who waits for the CPU (R) and who sleeps
in the kernel while a request stalls.
    scripts/thread-states.py PID,PID OUT SECONDS"""
import os
import sys
import time

IDLE = {"do_epoll_wait", "futex_do_wait", "sigsuspend.isra.0"}


def postgres_processes():
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm") as comm:
                if comm.read().strip() == "postgres":
                    found.append(int(entry))
        except OSError:
            pass
    return found


def main():
    given = [int(p) for p in sys.argv[1].split(",") if p]
    end = time.time() + float(sys.argv[3])
    extra, scanned = postgres_processes(), time.time()
    with open(sys.argv[2], "w") as out:
        while time.time() < end:
            now = time.time()
            if now - scanned > 0.5:
                extra, scanned = postgres_processes(), now
            for pid in given + extra:
                try:
                    threads = os.listdir(f"/proc/{pid}/task")
                except OSError:
                    continue
                for tid in threads:
                    try:
                        with open(f"/proc/{pid}/task/{tid}/stat") as f:
                            stat = f.read()
                        with open(f"/proc/{pid}/task/{tid}/wchan") as f:
                            wchan = f.read()
                    except OSError:
                        continue
                    name = stat[stat.index("(") + 1 : stat.rindex(")")]
                    state = stat[stat.rindex(")") + 2]
                    if state == "S" and wchan in IDLE:
                        continue
                    out.write(f"{now:.3f} {pid} {tid} {name} {state} {wchan or '-'}\n")
            time.sleep(0.01)


main()

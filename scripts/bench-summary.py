#!/usr/bin/env python3
"""make bench: one report. Reads every benchmark's output on standard input and prints it whole,
after one summary table of the rows the benchmarks marked with `<!-- summary | … -->`."""
import re
import sys

text = sys.stdin.read()
machine = ""
cpuinfo = open("/proc/cpuinfo").read() if sys.platform.startswith("linux") else ""
match = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
cores = len(re.findall(r"^processor\s*:", cpuinfo, re.M))
if match:
    machine = f"{match.group(1).strip()}, {cores} cores"
rows = re.findall(r"^<!-- summary \| (.*) -->$", text, re.M)
print(f"# receipts benchmarks — {machine or 'unknown machine'}")
print()
print("Release builds; medians of repeated runs, each comparison measured side by side in the same run.")
print()
print("| benchmark | data | median | compared | target |")
print("|---|---|---:|---|---|")
for row in rows:
    print("| " + row + " |")
print()
print(text, end="")
